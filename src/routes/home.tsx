import { HomePage } from '../features/content/pages/HomePage';

export default function HomeRoute() {
  return <HomePage />;
}
