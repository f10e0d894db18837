import { useParams } from '@tanstack/react-router';
import { AudiencePage } from '../features/content';

export default function AudienceRoute() {
  const { slug } = useParams({ from: '/for/$slug' });
  return <AudiencePage slug={slug} />;
}
