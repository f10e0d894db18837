import { Switch } from '@mantine/core';

interface SettingSwitchProps {
  readonly label: string;
  readonly description: string;
  readonly checked: boolean;
  /** Called with the new value; the card saves it. */
  readonly onToggle: (checked: boolean) => void;
}

/** One on/off setting: a labelled switch whose description says what it changes. */
export function SettingSwitch({ label, description, checked, onToggle }: SettingSwitchProps) {
  return (
    <Switch
      label={label}
      description={description}
      checked={checked}
      onChange={(event) => {
        onToggle(event.currentTarget.checked);
      }}
    />
  );
}
