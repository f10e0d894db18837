import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { canInstall, promptInstall, subscribeInstallPrompt } from './install-prompt';

interface InstallButtonProps extends Omit<ButtonProps, 'children'> {
  /** Called as the browser's install dialog opens, e.g. to close the menu the button sits in. */
  readonly onPrompt?: () => void;
}

/** Shown only while the browser offers to install the app; hidden once it is installed. */
export function InstallButton({ onPrompt, ...buttonProps }: InstallButtonProps) {
  const installable = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false);
  if (!installable) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      {...buttonProps}
      onClick={() => {
        onPrompt?.();
        void promptInstall();
      }}
    >
      Install app
    </Button>
  );
}
