import { LegalPage } from '../components/LegalPage';
import { TERMS_OF_SERVICE } from '../data/terms';

export function TermsPage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
