import { Alert, Button, Card, Container, Grid, Group, Stack } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useBlocker, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LiveAnnouncer } from '../../shared/ui/LiveAnnouncer';
import { PageHeader } from '../../shared/ui/PageHeader';
import { LibraryPanel } from '../library';
import { cannotRecordReason, modeNeedsWebcam } from '../../media';
import { AutoStartNotice } from './AutoStartNotice';
import { CameraWaitsNotice } from './CameraWaitsNotice';
import { ControlBar } from './ControlBar';
import { DownloadCard } from './DownloadCard';
import { MicLevel } from './MicLevel';
import { ModeSelector } from './ModeSelector';
import { PreviewPanel } from './PreviewPanel';
import { QuickSetupCard } from './QuickSetupCard';
import { StatsCard } from './StatsCard';
import { KeyboardShortcutsDialog } from './KeyboardShortcutsDialog';
import { isHelpKey, isTyping, matchShortcut } from './studio-shortcuts';
import { useStudioAnnouncements } from './useStudioAnnouncements';
import { useAutoStart } from './useAutoStart';
import { useCameraMayStart } from './useCameraMayStart';
import { useStudioController } from './useStudioController';
import { useWebcamForMode } from './useWebcamForMode';

const noChanges = () => () => undefined;

/** Before Start: a browser that cannot record is told so, with what to use instead. */
function CannotRecordNotice() {
  const reason = useSyncExternalStore(noChanges, cannotRecordReason, () => null);
  if (!reason) return null;
  return (
    <Alert color="red" title="Recording is not available in this browser" data-testid="cannot-record">
      {reason}
    </Alert>
  );
}

export function StudioPage() {
  const hostRef = useRef<HTMLDivElement>(null);
  const { controller, snapshot } = useStudioController(hostRef);
  const cameraMayStart = useCameraMayStart();
  useWebcamForMode(controller, snapshot.mode, cameraMayStart);
  const cameraWaitsForClick = !cameraMayStart && modeNeedsWebcam(snapshot.mode) && !snapshot.hasWebcam;
  const autoStartWaiting = useAutoStart(controller, snapshot);
  const announcement = useStudioAnnouncements(controller);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const { recordingState } = snapshot;
  const requestedMode = useSearch({ from: '/studio', select: (search) => search.mode });
  const capturing = recordingState === 'recording' || recordingState === 'paused' || recordingState === 'processing';
  // Start is acquiring devices or about to record: leaving now would cut it off too.
  const busy = capturing || snapshot.acquiring;

  // Leaving mid-recording would drop the rest of it: ask first, in the app and on tab close.
  useBlocker({
    shouldBlockFn: () => !window.confirm('A recording is in progress. Leave and stop recording?'),
    enableBeforeUnload: () => busy,
    disabled: !busy,
  });

  // A link such as /studio?mode=webcam-only preselects that mode, as if the user had picked it.
  useEffect(() => {
    if (requestedMode) controller.setMode(requestedMode);
  }, [controller, requestedMode]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Keys typed into a field are text, never commands.
      if (isTyping(document.activeElement)) return;
      if (isHelpKey(event)) {
        event.preventDefault();
        setShowShortcuts(true);
        return;
      }
      const shortcut = matchShortcut(event);
      if (!shortcut) return;
      event.preventDefault();
      const { recordingState: state } = controller.getSnapshot();
      if (shortcut === 'startStop') {
        if (state === 'idle') void controller.start();
        else if (state !== 'processing') void controller.stop();
      } else if (state === 'recording') controller.pause();
      else if (state === 'paused') controller.resume();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [controller]);

  return (
    <Container size="xl" py="xl">
      <LiveAnnouncer text={announcement} testId="studio-announcer" />
      <KeyboardShortcutsDialog
        opened={showShortcuts}
        onClose={() => {
          setShowShortcuts(false);
        }}
      />
      <PageHeader title="Recording Studio" intro="Pick what to record, connect your sources, and press Start." />
      <Grid mt="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder>
            <Stack>
              <CannotRecordNotice />
              <ModeSelector
                mode={snapshot.mode}
                overlay={snapshot.overlay}
                locked={recordingState !== 'idle' || snapshot.acquiring}
                onMode={(mode) => {
                  controller.setMode(mode);
                }}
                onOverlay={(overlay) => {
                  controller.setOverlay(overlay);
                }}
              />
              {cameraWaitsForClick ? <CameraWaitsNotice /> : null}
              {autoStartWaiting ? <AutoStartNotice snapshot={snapshot} /> : null}
              <PreviewPanel snapshot={snapshot} hostRef={hostRef} />
              <MicLevel snapshot={snapshot} controller={controller} />
              <ControlBar
                snapshot={snapshot}
                onToggleVideo={() => {
                  controller.toggleVideo();
                }}
                onToggleAudio={() => {
                  controller.toggleAudio();
                }}
                onSelectScreen={() => void controller.selectScreen()}
                onStart={() => void controller.start()}
                onPause={() => {
                  controller.pause();
                }}
                onResume={() => {
                  controller.resume();
                }}
                onStop={() => void controller.stop()}
              />
              <Group justify="center">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconKeyboard size={16} aria-hidden />}
                  onClick={() => {
                    setShowShortcuts(true);
                  }}
                >
                  Keyboard shortcuts
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <StatsCard controller={controller} mode={snapshot.mode} />
            {snapshot.lastRecording ? (
              <DownloadCard
                recording={snapshot.lastRecording}
                onDownload={() => {
                  controller.download();
                }}
              />
            ) : null}
            <QuickSetupCard
              snapshot={snapshot}
              onSelectScreen={() => void controller.selectScreen()}
              onConnectWebcam={() => void controller.connectWebcam()}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack mt="lg">
        <LibraryPanel />
      </Stack>
    </Container>
  );
}
