import { Button, FileButton, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconRestore, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { downloadBlob } from '../../shared/download';
import { getSettingsSnapshot, resetSettings, saveSettings } from './settings-store';
import {
  SETTINGS_FILE_ACCEPT,
  SETTINGS_NOTICES,
  importSettingsFile,
  serializeSettings,
  settingsExportFileName,
  type SettingsNotice,
} from './settings-transfer';

function show({ title, message, tone }: SettingsNotice): void {
  notifications.show({ title, message, color: tone === 'success' ? 'teal' : 'red', autoClose: tone === 'error' ? 8000 : 4000 });
}

function exportSettings(): void {
  const blob = new Blob([serializeSettings(getSettingsSnapshot())], { type: 'application/json' });
  downloadBlob(blob, settingsExportFileName(new Date()));
  show(SETTINGS_NOTICES.exported);
}

async function importSettings(file: File): Promise<void> {
  const outcome = await importSettingsFile({ size: file.size, read: () => file.text() });
  if (outcome.ok) saveSettings(outcome.settings);
  show(outcome.notice);
}

/** Export Settings, Import Settings and Reset to Defaults. */
export function SettingsTransfer() {
  // Clearing the input lets the same file be picked again after it was fixed.
  const resetInput = useRef<() => void>(null);
  return (
    <Group gap="sm">
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportSettings}>
        Export Settings
      </Button>
      <FileButton
        accept={SETTINGS_FILE_ACCEPT}
        resetRef={resetInput}
        onChange={(file) => {
          if (!file) return;
          void importSettings(file).finally(() => resetInput.current?.());
        }}
        inputProps={{ 'aria-label': 'Settings file to import' }}
      >
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
            Import Settings
          </Button>
        )}
      </FileButton>
      <Button
        variant="light"
        color="red"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={() => {
          resetSettings();
          show(SETTINGS_NOTICES.reset);
        }}
      >
        Reset to Defaults
      </Button>
    </Group>
  );
}
