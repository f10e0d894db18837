import { useParams } from '@tanstack/react-router';
import { GuidePage } from '../features/content';

export default function GuideRoute() {
  const { slug } = useParams({ from: '/how-to/$slug' });
  return <GuidePage slug={slug} />;
}
