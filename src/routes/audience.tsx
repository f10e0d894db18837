import { useParams } from '@tanstack/react-router';
import { AudiencePage } from '../features/content/pages/AudiencePage';

export default function AudienceRoute() {
  const { slug } = useParams({ from: '/for/$slug' });
  return <AudiencePage slug={slug} />;
}
