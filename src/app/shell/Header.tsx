import { Box, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { IconVideo } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { InstallButton } from '../../features/pwa';
import { PRODUCT_NAME } from '../../shared/site';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { HeaderLinks } from './HeaderLinks';
import classes from './Shell.module.css';

const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);

export function Header() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first press on, so it can animate closed and open again.
  const [menuWanted, setMenuWanted] = useState(false);
  const prepareMenu = () => void loadMobileMenu();

  return (
    <Box component="header" className={classes.header}>
      <Group h="100%" justify="space-between" wrap="nowrap" px="md" className={classes.headerInner}>
        <UnstyledButton component={Link} to="/" className={classes.brand} aria-label={`${PRODUCT_NAME} home`}>
          <IconVideo size={26} aria-hidden />
          <Text fw={800} size="lg" component="span">
            {PRODUCT_NAME}
          </Text>
        </UnstyledButton>

        <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm">
          <HeaderLinks />
        </Group>

        <Group gap="xs" wrap="nowrap">
          {/* Phones get it in the menu: the header has no room, and we turned off the browser's own install bar. */}
          <InstallButton visibleFrom="xs" />
          <ColorSchemeToggle />
          <Button component={Link} to="/studio" visibleFrom="sm">
            Start Recording
          </Button>
          <Burger
            opened={drawerOpened}
            onClick={() => {
              setMenuWanted(true);
              drawer.toggle();
            }}
            onPointerEnter={prepareMenu}
            onFocus={prepareMenu}
            hiddenFrom="sm"
            aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </Group>

      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      ) : null}
    </Box>
  );
}
