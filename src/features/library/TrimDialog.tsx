import { Alert, Button, Group, Modal, NumberInput, Progress, RangeSlider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../shared/format';
import { keptSeconds, validTrimRange, getRecording, type RecordingRow, MediaJob } from '../../media';
import { JobOutcome, isOutcome, outcomeOfError, type JobOutcomeState } from './JobOutcome';
import { useRecordingUrl } from './useRecordingUrl';
import { useRefreshRecordings } from './recordings-query';
import { downloadRecording } from './save-recording';
import { useThumbnails } from './useThumbnails';
import classes from './Library.module.css';

type Phase = { kind: 'editing' } | { kind: 'saving'; fraction: number } | JobOutcomeState;

const TITLES = { done: 'Trimmed copy saved', cancelled: 'Trim cancelled', failed: 'Trim failed' };

interface TrimDialogProps {
  recording: RecordingRow;
  opened: boolean;
  onClose: () => void;
}

const THUMBNAILS = 8;

/** Trim recording: choose a start and end over a strip of thumbnails, play the selection, save it as a new item. */
export function TrimDialog({ recording, opened, onClose }: TrimDialogProps) {
  const durationS = recording.durationMs / 1000;
  const [range, setRange] = useState<[number, number]>([0, durationS]);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const { url, error: unreadable } = useRecordingUrl(recording.id, recording.updatedAt, recording.mimeType);
  const thumbnails = useThumbnails(opened ? url : null, durationS, THUMBNAILS);
  const video = useRef<HTMLVideoElement>(null);
  const job = useRef<MediaJob | null>(null);
  const refresh = useRefreshRecordings();
  const valid = validTrimRange(range[0], range[1], durationS);

  useEffect(() => {
    if (!opened) return undefined;
    const current = new MediaJob();
    job.current = current;
    return () => {
      current.dispose();
      job.current = null;
    };
  }, [opened]);

  const seek = (time: number) => {
    if (video.current) video.current.currentTime = time;
  };

  const playSelection = () => {
    const element = video.current;
    if (!element) return;
    element.currentTime = range[0];
    const stopAtEnd = () => {
      if (element.currentTime >= range[1]) {
        element.pause();
        element.removeEventListener('timeupdate', stopAtEnd);
      }
    };
    element.addEventListener('timeupdate', stopAtEnd);
    // A pause or a new selection before playback starts rejects play(); nothing is lost then.
    element.play().catch(() => undefined);
  };

  const save = async () => {
    const current = job.current;
    if (!current || typeof valid === 'string') return;
    setPhase({ kind: 'saving', fraction: 0 });
    try {
      const result = await current.trim(recording.id, valid.start, valid.end, (fraction) => {
        setPhase((p) => (p.kind === 'saving' ? { kind: 'saving', fraction } : p));
      });
      const row = await getRecording(result.id);
      await refresh();
      setPhase(row ? { kind: 'done', row } : { kind: 'failed', message: 'The copy was saved but cannot be found. Reload the page.' });
    } catch (error) {
      setPhase(outcomeOfError(error));
    }
  };

  const close = () => {
    setPhase({ kind: 'editing' });
    onClose();
  };
  const saving = phase.kind === 'saving';

  return (
    <Modal opened={opened} onClose={saving ? () => void job.current?.cancel() : close} title="Trim recording" size="lg" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="sm">
        {url ? <video ref={video} src={url} controls preload="metadata" className={classes.trimVideo} aria-label={`${recording.name} trim preview`} /> : null}
        {unreadable ? (
          <Alert color="red" title="The recording cannot be read">
            {unreadable}
          </Alert>
        ) : null}
        <div className={classes.strip} aria-hidden data-testid="trim-thumbnails">
          {thumbnails.map((src, i) => (
            <img key={i} src={src} alt="" />
          ))}
        </div>
        <RangeSlider
          min={0}
          max={durationS}
          step={0.01}
          minRange={0.1}
          value={range}
          onChange={(value) => {
            setRange(value);
          }}
          onChangeEnd={(value) => {
            seek(value[0]);
          }}
          label={(value) => `${value.toFixed(2)} s`}
          thumbFromLabel="Trim start"
          thumbToLabel="Trim end"
          disabled={saving}
        />
        <Group grow>
          <SecondsField
            label="Trim start (seconds)"
            value={range[0]}
            max={durationS}
            disabled={saving}
            onChange={(value) => {
              setRange([value, range[1]]);
              seek(value);
            }}
          />
          <SecondsField
            label="Trim end (seconds)"
            value={range[1]}
            max={durationS}
            disabled={saving}
            onChange={(value) => {
              setRange([range[0], value]);
            }}
          />
        </Group>
        <Text size="sm" data-testid="trim-selection">
          {typeof valid === 'string' ? valid : `Keeps ${formatDuration(keptSeconds(valid))} of ${formatDuration(durationS)}. The original stays as it is.`}
        </Text>
        {phase.kind === 'saving' && <Progress value={Math.floor(phase.fraction * 100)} aria-label="Trim progress" />}
        {isOutcome(phase) ? <JobOutcome outcome={phase} titles={TITLES} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={playSelection} disabled={!url || saving}>
            Play selection
          </Button>
          {saving ? (
            <Button variant="default" onClick={() => void job.current?.cancel()}>
              Cancel
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                Close
              </Button>
              {phase.kind === 'done' ? (
                <Button onClick={() => { downloadRecording(phase.row); }}>Download trimmed copy</Button>
              ) : (
                <Button onClick={() => void save()} disabled={typeof valid === 'string'}>
                  Save trimmed copy
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

interface SecondsFieldProps {
  label: string;
  value: number;
  max: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

/** A time in the recording, in seconds to the hundredth. */
function SecondsField({ label, value, max, disabled, onChange }: SecondsFieldProps) {
  return (
    <NumberInput
      label={label}
      value={value}
      min={0}
      max={max}
      step={0.1}
      decimalScale={2}
      disabled={disabled}
      onChange={(next) => {
        onChange(Number(next));
      }}
    />
  );
}
