import { IconDeviceDesktop } from '@tabler/icons-react';
import type { Settings } from '../settings-schema';
import { updateSettings } from '../settings-store';
import { SettingSwitch } from './SettingSwitch';
import { SettingsCard } from './SettingsCard';

export function ScreenSettingsCard({ screen }: { readonly screen: Settings['screen'] }) {
  return (
    <SettingsCard
      title="Screen Recording"
      description="What the browser is asked for when you select a screen. Applies to the next screen you select."
      icon={<IconDeviceDesktop size={20} aria-hidden />}
    >
      <SettingSwitch
        label="Capture cursor"
        description="Show the mouse pointer in the recording. Turning it off hides the pointer where the browser supports it; where it does not, the studio tells you when you select a screen."
        checked={screen.captureCursor}
        onToggle={(checked) => {
          updateSettings({ screen: { captureCursor: checked } });
        }}
      />
      <SettingSwitch
        label="Capture system audio"
        description="Record the sound your computer plays, mixed with the microphone. Browsers offer it for tabs, and on some systems for the whole screen."
        checked={screen.captureSystemAudio}
        onToggle={(checked) => {
          updateSettings({ screen: { captureSystemAudio: checked } });
        }}
      />
    </SettingsCard>
  );
}
