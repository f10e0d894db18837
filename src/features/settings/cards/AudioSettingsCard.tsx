import { Select } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import type { Settings } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { AUDIO_QUALITY_OPTIONS } from '../setting-labels';
import { SettingSwitch } from './SettingSwitch';
import { SettingsCard, isOneOf } from './SettingsCard';

export function AudioSettingsCard({ audio }: { readonly audio: Settings['audio'] }) {
  return (
    <SettingsCard title="Audio" description="How the microphone is captured and how the sound is encoded." icon={<IconMicrophone size={20} aria-hidden />}>
      <Select
        label="Audio quality"
        description="Opus audio at 48 kHz. Lossless uses Opus at its highest bitrate, in stereo."
        data={AUDIO_QUALITY_OPTIONS}
        value={audio.quality}
        allowDeselect={false}
        onChange={(value) => {
          if (isOneOf(AUDIO_QUALITY_OPTIONS, value)) updateSettings({ audio: { quality: value } });
        }}
      />
      <SettingSwitch
        label="Noise suppression"
        description="Filters steady background noise such as fans from the microphone."
        checked={audio.noiseSuppression}
        onToggle={(checked) => {
          updateSettings({ audio: { noiseSuppression: checked } });
        }}
      />
      <SettingSwitch
        label="Echo cancellation"
        description="Removes your speakers' sound picked up by the microphone. Turn off when wearing headphones for the most natural voice."
        checked={audio.echoCancellation}
        onToggle={(checked) => {
          updateSettings({ audio: { echoCancellation: checked } });
        }}
      />
    </SettingsCard>
  );
}
