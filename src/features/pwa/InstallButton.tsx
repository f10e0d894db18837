import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { canInstall, promptInstall, subscribeInstallPrompt } from './install-prompt';

/** Shown only while the browser offers to install the app; hidden once it is installed. */
export function InstallButton() {
  const installable = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false);
  if (!installable) return null;
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void promptInstall()} visibleFrom="xs">
      Install app
    </Button>
  );
}
