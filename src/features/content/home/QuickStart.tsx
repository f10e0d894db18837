import { Button, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CONTENT_ICONS } from '../components/content-icons';
import { QUICK_START_OPTIONS, type QuickStartOption } from '../data/home';

// The dialog loads only when asked for.
const PersistentWebcamModal = lazy(() => import('./PersistentWebcamModal'));

/**
 * The control that opens the floating webcam window, supplied by the route (it belongs to the
 * webcam-window feature); it gets the function that closes the dialog once the window is open.
 */
export type WebcamLauncherSlot = (onOpened: () => void) => ReactNode;

function OptionCard({ option, onOpenWebcam }: { readonly option: QuickStartOption; readonly onOpenWebcam: () => void }) {
  const Icon = CONTENT_ICONS[option.icon];
  return (
    <Card withBorder padding="lg" style={{ display: 'flex', flexDirection: 'column' }}>
      <ThemeIcon size={44} radius="md" variant="light" mb="sm">
        <Icon size={24} aria-hidden />
      </ThemeIcon>
      <Title order={3} size="h4" mb={6}>
        {option.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md" style={{ flex: 1 }}>
        {option.description}
      </Text>
      {option.mode ? (
        <ButtonLink to="/studio" search={{ mode: option.mode }} aria-label={`Record ${option.title}`}>
          Record
        </ButtonLink>
      ) : (
        <Button variant="light" onClick={onOpenWebcam} aria-haspopup="dialog" aria-label={`Open ${option.title}`}>
          Open
        </Button>
      )}
    </Card>
  );
}

/** Four ways to start: three open the studio in that mode, the fourth explains the floating webcam. */
export function QuickStart({ webcamLauncher }: { readonly webcamLauncher?: WebcamLauncherSlot }) {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  const open = () => {
    setRequested(true);
    setOpened(true);
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {QUICK_START_OPTIONS.map((option) => (
          <OptionCard key={option.title} option={option} onOpenWebcam={open} />
        ))}
      </SimpleGrid>
      {requested ? (
        <Suspense fallback={null}>
          <PersistentWebcamModal
            opened={opened}
            onClose={() => {
              setOpened(false);
            }}
          >
            {webcamLauncher?.(() => {
              setOpened(false);
            })}
          </PersistentWebcamModal>
        </Suspense>
      ) : null}
    </>
  );
}
