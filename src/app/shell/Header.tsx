import { Box, Burger, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { IconVideo } from '@tabler/icons-react';
import { InstallButton } from '../../features/pwa';
import { PRODUCT_NAME } from '../../shared/site';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { HEADER_LINKS, isActiveLink } from './nav-links';
import classes from './Shell.module.css';

export function Header() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [drawerOpened, drawer] = useDisclosure(false);

  const links = (onNavigate?: () => void) =>
    HEADER_LINKS.map((link) => {
      const active = isActiveLink(link.to, pathname);
      return (
        <Link
          key={link.to}
          to={link.to}
          className={classes.link}
          data-active={active || undefined}
          aria-current={active ? 'page' : undefined}
          activeOptions={{ exact: true }}
          onClick={onNavigate}
        >
          {link.label}
        </Link>
      );
    });

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
          {links()}
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
            onClick={drawer.toggle}
            hiddenFrom="sm"
            aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </Group>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="80%"
        title={PRODUCT_NAME}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <Stack component="nav" aria-label="Mobile" gap="xs">
          {links(drawer.close)}
          <Button component={Link} to="/studio" onClick={drawer.close} mt="md">
            Start Recording
          </Button>
          <InstallButton onPrompt={drawer.close} />
        </Stack>
      </Drawer>
    </Box>
  );
}
