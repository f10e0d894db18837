import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../shared/format';
import { mp4AudioNote, timeLeft, type Mp4AudioCodec, getRecording, type RecordingRow, MediaJob } from '../../media';
import { JobOutcome, isOutcome, outcomeOfError, type JobOutcomeState } from './JobOutcome';
import { useRefreshRecordings } from './recordings-query';
import { downloadRecording } from './save-recording';
import { reportingAs } from '../../shared/report-error';

type Phase = { kind: 'ready' } | { kind: 'exporting'; fraction: number; startedAt: number; now: number } | { kind: 'cancelling' } | JobOutcomeState;

const TITLES = { done: 'MP4 saved', cancelled: 'Export cancelled', failed: 'Export failed' };

interface ExportMp4DialogProps {
  recording: Pick<RecordingRow, 'id' | 'name'>;
  opened: boolean;
  onClose: () => void;
}

/** Export as MP4: says what the file will carry, shows progress and time left, can be cancelled. */
export function ExportMp4Dialog({ recording, opened, onClose }: ExportMp4DialogProps) {
  const [codec, setCodec] = useState<Mp4AudioCodec | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const job = useRef<MediaJob | null>(null);
  const refresh = useRefreshRecordings();

  useEffect(() => {
    if (!opened) return undefined;
    const current = new MediaJob();
    job.current = current;
    current.audioCodec().then(setCodec, (error: unknown) => {
      setPhase(outcomeOfError(error));
    });
    return () => {
      // Leaving mid-export stops it: the worker goes, and with it every pending call.
      current.dispose();
      job.current = null;
    };
  }, [opened]);

  const start = async () => {
    const current = job.current;
    if (!current) return;
    const startedAt = Date.now();
    setPhase({ kind: 'exporting', fraction: 0, startedAt, now: startedAt });
    try {
      const result = await current.run(recording.id, (fraction) => {
        setPhase((p) => (p.kind === 'exporting' ? { ...p, fraction, now: Date.now() } : p));
      });
      const row = await getRecording(result.id);
      await refresh();
      setPhase(row ? { kind: 'done', row } : { kind: 'failed', message: 'The MP4 was saved but cannot be found. Reload the page.' });
    } catch (error) {
      setPhase(outcomeOfError(error));
    }
  };

  const cancel = async () => {
    setPhase({ kind: 'cancelling' });
    await job.current?.cancel().catch(reportingAs('export: cancel'));
  };

  const close = () => {
    // The next opening starts afresh.
    setPhase({ kind: 'ready' });
    onClose();
  };

  const busy = phase.kind === 'exporting' || phase.kind === 'cancelling';
  return (
    <Modal opened={opened} onClose={busy ? () => void cancel() : close} title="Export as MP4" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="sm">
        <Text size="sm">
          Makes an MP4 copy of “{recording.name}” on this device and adds it to your recordings. The original stays as it is.
        </Text>
        <Text size="sm" c="dimmed" data-testid="export-codec-note">
          {codec ? mp4AudioNote(codec) : 'Checking what this browser can encode…'}
        </Text>
        {phase.kind === 'exporting' && <ExportProgress fraction={phase.fraction} elapsedMs={phase.now - phase.startedAt} />}
        {phase.kind === 'cancelling' && <Text size="sm">Cancelling…</Text>}
        {isOutcome(phase) ? <JobOutcome outcome={phase} titles={TITLES} /> : null}
        <Group justify="flex-end" gap="xs">
          {busy ? (
            <Button variant="default" onClick={() => void cancel()} disabled={phase.kind === 'cancelling'}>
              Cancel export
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                Close
              </Button>
              {phase.kind === 'done' ? (
                <Button onClick={() => { downloadRecording(phase.row); }}>Download MP4</Button>
              ) : (
                <Button onClick={() => void start()} disabled={!codec}>
                  {phase.kind === 'failed' ? 'Try again' : 'Export'}
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function ExportProgress({ fraction, elapsedMs }: { fraction: number; elapsedMs: number }) {
  const percent = Math.floor(fraction * 100);
  const left = timeLeft(fraction, elapsedMs);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Export progress" />
      <Text size="sm" data-testid="export-progress">
        {percent}% · {left === null ? 'estimating time left' : `about ${formatDuration(left / 1000)} left`}
      </Text>
    </Stack>
  );
}
