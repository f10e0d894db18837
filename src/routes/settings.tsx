import { SettingsPage } from '../features/settings/SettingsPage';

export default function SettingsRoute() {
  return <SettingsPage />;
}
