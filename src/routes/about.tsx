import { AboutPage } from '../features/content/pages/AboutPage';

export default function AboutRoute() {
  return <AboutPage />;
}
