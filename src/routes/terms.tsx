import { TermsPage } from '../features/content/pages/TermsPage';

export default function TermsRoute() {
  return <TermsPage />;
}
