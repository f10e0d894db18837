import { FeaturesPage } from '../features/content';

export default function FeaturesRoute() {
  return <FeaturesPage />;
}
