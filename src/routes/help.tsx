import { HelpPage } from '../features/content/pages/HelpPage';

export default function HelpRoute() {
  return <HelpPage />;
}
