import { Input, SegmentedControl, Select } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import type { Settings } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { RECORDING_MODE_OPTIONS, THEME_OPTIONS } from '../setting-labels';
import { SettingsCard, isOneOf } from './SettingsCard';

export function GeneralSettingsCard({ settings }: { readonly settings: Settings }) {
  return (
    <SettingsCard title="General" description="How the studio opens and how the app looks." icon={<IconAdjustments size={20} aria-hidden />}>
      <Select
        label="Default recording mode"
        description="The mode the studio has selected when you open it."
        data={RECORDING_MODE_OPTIONS}
        value={settings.defaultRecordingMode}
        allowDeselect={false}
        onChange={(value) => {
          if (isOneOf(RECORDING_MODE_OPTIONS, value)) updateSettings({ defaultRecordingMode: value });
        }}
      />
      <Input.Wrapper labelElement="div" label="Theme" description="System follows your device's light or dark setting.">
        <SegmentedControl
          mt={6}
          aria-label="Theme"
          data={THEME_OPTIONS}
          value={settings.theme}
          onChange={(value) => {
            if (isOneOf(THEME_OPTIONS, value)) updateSettings({ theme: value });
          }}
        />
      </Input.Wrapper>
    </SettingsCard>
  );
}
