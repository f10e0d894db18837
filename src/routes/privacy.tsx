import { PrivacyPage } from '../features/content/pages/PrivacyPage';

export default function PrivacyRoute() {
  return <PrivacyPage />;
}
