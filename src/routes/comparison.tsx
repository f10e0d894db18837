import { useParams } from '@tanstack/react-router';
import { ComparisonPage } from '../features/content';

export default function ComparisonRoute() {
  const { slug } = useParams({ from: '/vs/$slug' });
  return <ComparisonPage slug={slug} />;
}
