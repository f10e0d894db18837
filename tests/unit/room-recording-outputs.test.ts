import { describe, expect, it } from 'vitest';
import { RoomRecordingOutputs } from '../../src/features/room/recording/room-recording-outputs';
import { finishedFiles, roomRecordingStats } from '../../src/features/room/recording/room-recording-format';

const settings = { videoKbps: 5000, audioKbps: 128, frameRate: 30 };
const host = { id: 'hostid', name: 'Hana', isLocal: true };
const gus = { id: 'gusid', name: 'Gus', isLocal: false };
const ida = { id: 'idaid', name: 'Ida', isLocal: false };

/** Lock bookkeeping as the library sees it: which files are held right now. */
function lockBook() {
  const held = new Set<string>();
  const hold = (id: string) => {
    held.add(id);
    return () => {
      held.delete(id);
    };
  };
  return { held, hold };
}

describe('room recording outputs', () => {
  it('mixed: one file for everyone, and a late joiner counts without a file of their own', () => {
    const outputs = new RoomRecordingOutputs('mixed', settings, lockBook().hold);
    const plan = outputs.plan([host, gus]);
    expect(plan.map((o) => o.outputId)).toEqual(['mixed']);
    expect(outputs.participantCount).toBe(2);
    expect([...outputs.fileNames.values()]).toEqual([expect.stringMatching(/^podcast-mixed-.+\.webm$/)]);
    outputs.joined(ida);
    outputs.joined(ida);
    expect(outputs.participantCount).toBe(3);
  });

  it('separate: the host’s own file only, at the host’s own size; guests record theirs on their computers', () => {
    const locks = lockBook();
    const outputs = new RoomRecordingOutputs('separate', { ...settings, ownSize: { width: 640, height: 480 } }, locks.hold);
    const plan = outputs.plan([host, gus]);
    expect(plan.map((o) => o.outputId)).toEqual(['hostid']);
    expect(plan[0]?.size).toEqual({ width: 640, height: 480 });
    outputs.joined(ida);
    expect(outputs.fileNames.size).toBe(1);
    expect([...outputs.fileNames.values()]).toEqual([expect.stringMatching(/^podcast-hostid-.+\.webm$/)]);
    // Every file is locked while written, and let go once the recording is over.
    expect([...locks.held].sort()).toEqual([...outputs.fileNames.keys()].sort());
    outputs.release();
    expect(locks.held.size).toBe(0);
  });

  it('local-only: the host alone, whoever joins later', () => {
    const outputs = new RoomRecordingOutputs('local-only', settings, lockBook().hold);
    expect(outputs.plan([host, gus]).map((o) => o.outputId)).toEqual(['hostid']);
    outputs.joined(ida);
    expect(outputs.participantCount).toBe(1);
  });
});

describe('finished room files', () => {
  it('names each file as planned and adds up size and the longest duration', () => {
    const names = new Map([['r1', 'podcast-a.webm']]);
    const { files, totalSize, durationMs } = finishedFiles(
      [
        { recordingId: 'r1', size: 1000, durationMs: 4000 },
        { recordingId: 'r2', size: 500, durationMs: 6000 },
      ],
      names,
    );
    expect(files.map((f) => f.fileName)).toEqual(['podcast-a.webm', 'podcast-r2.webm']);
    expect(totalSize).toBe(1500);
    expect(durationMs).toBe(6000);
    expect(finishedFiles([], names)).toEqual({ files: [], totalSize: 0, durationMs: 0 });
  });

  it('gives the stats card its figures, bitrate averaged over the time', () => {
    expect(roomRecordingStats('separate', 2, 8000, 1_000_000)).toEqual({
      durationMs: 8000,
      totalSize: 1_000_000,
      participantCount: 2,
      bitrate: 1_000_000,
      recordingMode: 'separate',
      fps: 0,
      keepUp: null,
    });
    expect(roomRecordingStats('mixed', 2, 8000, 1_000_000, { fps: 15, keepUp: 'Recording at 15 fps to keep up' })).toMatchObject({
      fps: 15,
      keepUp: 'Recording at 15 fps to keep up',
    });
  });
});
