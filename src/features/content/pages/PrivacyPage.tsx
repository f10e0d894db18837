import { LegalPage } from '../components/LegalPage';
import { PRIVACY_POLICY } from '../data/privacy';

export function PrivacyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
