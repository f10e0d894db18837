import { Button, Drawer, Stack } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { InstallButton } from '../../features/pwa';
import { PRODUCT_NAME } from '../../shared/site';
import { HeaderLinks } from './HeaderLinks';

/**
 * The phone's menu: the header's links, Start Recording and Install. Its own chunk, loaded when the
 * menu button is first pressed or pointed at: a drawer needs focus trapping, scroll locking and
 * transitions that no page needs before (docs/decisions/0016-first-load.md).
 */
export default function MobileMenu({ opened, onClose }: { readonly opened: boolean; readonly onClose: () => void }) {
  // It mounts on the first press, already asked to open: opening once mounted lets the drawer animate in
  // and note the menu button, so that closing puts the focus back on it.
  const mounted = useMounted();
  return (
    <Drawer opened={opened && mounted} onClose={onClose} position="right" size="80%" title={PRODUCT_NAME} hiddenFrom="sm" closeButtonProps={{ 'aria-label': 'Close menu' }}>
      <Stack component="nav" aria-label="Mobile" gap="xs">
        <HeaderLinks onNavigate={onClose} />
        <Button component={Link} to="/studio" onClick={onClose} mt="md">
          Start Recording
        </Button>
        <InstallButton onPrompt={onClose} />
      </Stack>
    </Drawer>
  );
}
