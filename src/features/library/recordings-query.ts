import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deleteRecording, listRecordings, sweepStorage, heldRecordingIds, unlessRowlessWritesRun, announceRecordingsChanged, listenForRecordingsChanges } from '../../media';
import { locksAvailable } from '../../shared/web-locks';
import { interruptedRecordings } from './interrupted';
import { reportingAs } from '../../shared/report-error';

export const RECORDINGS_KEY = ['recordings'] as const;

/** Storage is swept once per page load (unless an export or trim is running), before the first look for interrupted recordings. */
let sweptOnce: Promise<unknown> | null = null;

/** Every stored recording, newest first. */
export const recordingsQuery = queryOptions({
  queryKey: RECORDINGS_KEY,
  queryFn: listRecordings,
});

export const interruptedQuery = queryOptions({
  queryKey: [...RECORDINGS_KEY, 'interrupted'],
  queryFn: async () => {
    sweptOnce ??= unlessRowlessWritesRun(sweepStorage).catch(reportingAs('library: sweep storage'));
    await sweptOnce;
    const liveness = locksAvailable() ? { locks: await heldRecordingIds() } : { heartbeatsAt: Date.now() };
    const { offer, empty } = interruptedRecordings(await listRecordings(), liveness);
    // A recording interrupted before its first second was stored has nothing to give back.
    await Promise.all(empty.map((row) => deleteRecording(row.id)));
    return offer;
  },
});

/** Refreshes every recordings query here, and tells the app's other tabs to do the same. */
export function useRefreshRecordings(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: RECORDINGS_KEY });
    announceRecordingsChanged();
  };
}

/** Keeps this tab's recordings queries in step with changes made in other tabs. */
export function useRecordingsSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenForRecordingsChanges(() => {
        void queryClient.invalidateQueries({ queryKey: RECORDINGS_KEY });
      }),
    [queryClient],
  );
}
