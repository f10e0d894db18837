import { ClientOnly } from '@tanstack/react-router';
import { RecordingsQueries } from '../features/library';
import { StudioPage } from '../features/studio';
import { PagePlaceholder } from '../shared/ui/PagePlaceholder';

// The studio reads this browser's settings and devices, so it renders only in the browser.
export default function StudioRoute() {
  return (
    <ClientOnly
      fallback={
        <PagePlaceholder size="xl" title="Recording Studio" intro="Pick what to record, connect your sources, and press Start." what="the studio" />
      }
    >
      <RecordingsQueries>
        <StudioPage />
      </RecordingsQueries>
    </ClientOnly>
  );
}
