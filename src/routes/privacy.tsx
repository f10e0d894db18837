import { PrivacyPage } from '../features/content';

export default function PrivacyRoute() {
  return <PrivacyPage />;
}
