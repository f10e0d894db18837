import { HelpPage } from '../features/content';

export default function HelpRoute() {
  return <HelpPage />;
}
