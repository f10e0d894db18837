import { AboutPage } from '../features/content';

export default function AboutRoute() {
  return <AboutPage />;
}
