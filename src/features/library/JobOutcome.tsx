import { Alert } from '@mantine/core';
import type { RecordingRow } from '../../media';

/** How an export or trim ended: the saved item, a cancel the user asked for, or what went wrong. */
export type JobOutcomeState = { kind: 'done'; row: RecordingRow } | { kind: 'cancelled'; message: string } | { kind: 'failed'; message: string };

/** The outcome of a job that threw: a cancel is news, not an error. */
export function outcomeOfError(error: unknown): JobOutcomeState {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: error instanceof Error && error.name === 'JobCancelledError' ? 'cancelled' : 'failed', message };
}

export function isOutcome(phase: { kind: string }): phase is JobOutcomeState {
  return phase.kind === 'done' || phase.kind === 'cancelled' || phase.kind === 'failed';
}

interface JobOutcomeProps {
  outcome: JobOutcomeState;
  /** "MP4 saved", "Export cancelled", "Export failed" and the like. */
  titles: Record<JobOutcomeState['kind'], string>;
}

export function JobOutcome({ outcome, titles }: JobOutcomeProps) {
  if (outcome.kind === 'done') {
    return (
      <Alert color="green" title={titles.done} role="status">
        “{outcome.row.name}” is in your recordings.
      </Alert>
    );
  }
  return (
    <Alert color={outcome.kind === 'cancelled' ? 'gray' : 'red'} title={titles[outcome.kind]} role={outcome.kind === 'cancelled' ? 'status' : 'alert'}>
      {outcome.message}
    </Alert>
  );
}
