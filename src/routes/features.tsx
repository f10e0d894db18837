import { FeaturesPage } from '../features/content/pages/FeaturesPage';

export default function FeaturesRoute() {
  return <FeaturesPage />;
}
