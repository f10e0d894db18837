import { Badge, Code, Select, Stack, Switch, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { recordingFileName } from '../../../shared/format';
import type { Settings } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { CLOUD_PROVIDER_OPTIONS, NAMING_OPTIONS } from '../setting-labels';
import { SettingSwitch } from './SettingSwitch';
import { SettingsCard } from './SettingsCard';

// A fixed moment, so the example does not change on every render.
const EXAMPLE_NAME = recordingFileName('screen-webcam', new Date('2025-01-31T14:05:09.000Z'));

export function StorageSettingsCard({ storage }: { readonly storage: Settings['storage'] }) {
  return (
    <SettingsCard
      title="Storage & Export"
      description="Every recording is kept in this browser's storage until you delete it, and saved to your computer as a WebM file."
      icon={<IconDatabase size={20} aria-hidden />}
    >
      <SettingSwitch
        label="Save recordings automatically"
        description="Download the file as soon as a recording is processed. When off, press Download when you are ready."
        checked={storage.autoSave}
        onToggle={(checked) => {
          updateSettings({ storage: { autoSave: checked } });
        }}
      />
      <Stack gap="xs">
        <Switch
          label={
            <>
              Save to cloud{' '}
              <Badge size="sm" variant="light" color="gray" component="span">
                Not available in this version
              </Badge>
            </>
          }
          description="Recordings never leave this device: nothing is uploaded anywhere."
          // Never shown on: nothing is uploaded, whatever an old or imported file says.
          checked={false}
          disabled
        />
        <Select
          label="Cloud provider"
          data={CLOUD_PROVIDER_OPTIONS}
          value={storage.cloudProvider}
          allowDeselect={false}
          disabled
        />
      </Stack>
      <Select
        label="File naming"
        description={
          <Text span size="xs" c="dimmed">
            For example <Code>{EXAMPLE_NAME}</Code>
          </Text>
        }
        data={NAMING_OPTIONS}
        value={storage.namingConvention}
        allowDeselect={false}
        onChange={(value) => {
          if (value === 'datetime') updateSettings({ storage: { namingConvention: value } });
        }}
      />
    </SettingsCard>
  );
}
