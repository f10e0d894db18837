import { TermsPage } from '../features/content';

export default function TermsRoute() {
  return <TermsPage />;
}
