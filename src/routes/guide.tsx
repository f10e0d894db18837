import { useParams } from '@tanstack/react-router';
import { GuidePage } from '../features/content/pages/GuidePage';

export default function GuideRoute() {
  const { slug } = useParams({ from: '/how-to/$slug' });
  return <GuidePage slug={slug} />;
}
