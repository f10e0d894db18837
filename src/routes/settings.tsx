import { ClientOnly } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings';
import { PagePlaceholder } from '../shared/ui/PagePlaceholder';

// Settings live in this browser's storage, so the page renders only in the browser.
export default function SettingsRoute() {
  return (
    <ClientOnly
      fallback={
        <PagePlaceholder
          title="Settings"
          intro="Recording quality, audio, screen capture, storage and webcam defaults. Stored only in this browser."
          what="your settings"
        />
      }
    >
      <SettingsPage />
    </ClientOnly>
  );
}
