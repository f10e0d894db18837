import { Box, Burger, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { IconVideo } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { InstallButton } from '../../features/pwa';
import { reportError } from '../../shared/report-error';
import { PRODUCT_NAME } from '../../shared/site';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { HeaderLinks } from './HeaderLinks';
import classes from './Shell.module.css';

const loadMobileMenu = () => import('./MobileMenu');
// Should its chunk not load (offline on a first visit, before the service worker holds it), the same
// links open as a plain list under the header instead.
const MobileMenu = lazy(() =>
  loadMobileMenu().catch((error: unknown) => {
    reportError('header: load the menu', error);
    return { default: PlainMobileMenu };
  }),
);

function PlainMobileMenu({ opened, onClose }: { readonly opened: boolean; readonly onClose: () => void }) {
  if (!opened) return null;
  return (
    <Stack component="nav" aria-label="Mobile" gap="xs" p="md" hiddenFrom="sm" className={classes.plainMenu}>
      <HeaderLinks onNavigate={onClose} />
    </Stack>
  );
}

export function Header() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first press on, so it can animate closed and open again.
  const [menuWanted, setMenuWanted] = useState(false);
  const prepareMenu = () => {
    // Only fetched ahead here; a failure shows when the menu is pressed.
    loadMobileMenu().catch(() => undefined);
  };

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
