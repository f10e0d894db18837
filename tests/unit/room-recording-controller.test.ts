import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomRecordingController, type RecordingContext, type RoomRecorderPort } from '../../src/features/room/recording/room-recording-controller';
import { INITIAL_ROOM_STATE, roomReducer, type RoomAction, type RoomState } from '../../src/features/room/room-state';
import type { RoomNotice } from '../../src/features/room/room-notice';
import type { RoomFile } from '../../src/features/room/room-notice';
import { DEFAULT_SETTINGS } from '../../src/features/settings/settings-schema';
import type { OutgoingEvent } from '../../src/protocol';
import type { RecorderEvents, RoomOutputSpec, RoomRecorderStats, RoomStopResult, RoomTile } from '../../src/media/contract/room-recorder-api';
import { heldRecordingIds } from '../../src/media/storage/recording-locks';
import { isRecordingActive } from '../../src/media/client/recording-activity';
import { getRecording, putRecording, type RecordingRow } from '../../src/media/storage/recordings-db';
import { FakeLockManager } from './support/fake-lock-manager';
import { deferred } from './support/fake-media';

/** The room recorder worker as the controller sees it: every call is noted, stop answers with one file per output. */
class FakeRoomRecorder implements RoomRecorderPort {
  readonly calls: string[] = [];
  readonly participants = new Set<string>();
  outputs: RoomOutputSpec[] = [];
  tiles: RoomTile[] = [];
  disposed = false;
  failPause = false;
  stopResult: Promise<RoomStopResult> | null = null;

  constructor(readonly events: RecorderEvents) {}

  setParticipant(participantId: string): Promise<void> {
    this.calls.push(`set ${participantId}`);
    this.participants.add(participantId);
    return Promise.resolve();
  }

  removeParticipant(participantId: string): Promise<void> {
    this.calls.push(`remove ${participantId}`);
    this.participants.delete(participantId);
    return Promise.resolve();
  }

  start(outputs: RoomOutputSpec[]): Promise<number> {
    this.calls.push('start');
    this.outputs = [...outputs];
    return Promise.resolve(Date.now());
  }

  setTiles(_outputId: string, tiles: RoomTile[]): Promise<void> {
    this.tiles = tiles;
    return Promise.resolve();
  }

  pause(): Promise<void> {
    this.calls.push('pause');
    return this.failPause ? Promise.reject(new Error('the worker is gone')) : Promise.resolve();
  }

  resume(): Promise<void> {
    this.calls.push('resume');
    return Promise.resolve();
  }

  stop(): Promise<RoomStopResult> {
    this.calls.push('stop');
    return (
      this.stopResult ??
      Promise.resolve({
        results: this.outputs.map((o) => ({ recordingId: o.recordingId, durationMs: 4000, size: 1000, mimeType: 'video/webm', videoCodec: 'vp09' })),
        failed: 0,
      })
    );
  }

  stats(): Promise<RoomRecorderStats> {
    return Promise.resolve({ state: 'recording', durationMs: 1000, bytes: 500, fps: 30, targetFps: 30, videoSize: null, chosenSize: null, steppedDown: false, lowestRung: false, videoBacklog: 0, framesDropped: 0 });
  }

  dispose(): void {
    this.calls.push('dispose');
    this.disposed = true;
  }
}

/** A hosted room in memory: the reducer the page uses, a signaling server that answers each emit, notices and files kept. */
class FakeRoom implements RecordingContext {
  room: RoomState;
  readonly notices: RoomNotice[] = [];
  readonly emitted: OutgoingEvent[] = [];
  files: RoomFile[] = [];
  stopAck: Promise<{ success: boolean; error?: string }> = Promise.resolve({ success: true });

  constructor(mode: RoomState['recordingMode'], guests: string[]) {
    let room = roomReducer(INITIAL_ROOM_STATE, { type: 'joining', roomId: 'room-1' });
    room = roomReducer(room, {
      type: 'joined',
      roomId: 'room-1',
      roomName: 'Standup',
      hostId: 'host',
      selfId: 'host',
      participants: [{ id: 'host', name: 'Ada', isHost: true, joinedAt: 1 }, ...guests.map((id, i) => ({ id, name: `Guest ${id}`, isHost: false, joinedAt: 2 + i }))],
      local: { videoEnabled: true, audioEnabled: true },
    });
    this.room = roomReducer(room, { type: 'recording-mode', mode });
  }

  state = (): RoomState => this.room;
  dispatch = (action: RoomAction): void => {
    this.room = roomReducer(this.room, action);
  };
  notify = (notice: RoomNotice): void => {
    this.notices.push(notice);
  };
  media = () => ({ video: null, audio: null });
  emit = ((event: OutgoingEvent) => {
    this.emitted.push(event);
    return event === 'stop-recording' ? this.stopAck : Promise.resolve({ success: true });
  }) as RecordingContext['emit'];
  settings = () => DEFAULT_SETTINGS;
  setFiles = (files: RoomFile[]): void => {
    this.files = files;
  };
  downloadFiles = (): void => undefined;

  join(id: string): void {
    this.dispatch({ type: 'participant-joined', participant: { id, name: `Guest ${id}`, isHost: false, joinedAt: 10 } });
  }

  leave(id: string): void {
    this.dispatch({ type: 'participant-left', participantId: id });
  }

  titles(): string[] {
    return this.notices.map((notice) => notice.title);
  }
}

let recorders: FakeRoomRecorder[];
const controllers: RoomRecordingController[] = [];

function controllerFor(room: FakeRoom, create?: (events: RecorderEvents) => Promise<RoomRecorderPort>): RoomRecordingController {
  const controller = new RoomRecordingController(
    room,
    create ??
      ((events) => {
        const recorder = new FakeRoomRecorder(events);
        recorders.push(recorder);
        return Promise.resolve(recorder);
      }),
  );
  controllers.push(controller);
  return controller;
}

/** A host alone in a room, recording in mixed mode. */
async function recordingAlone(): Promise<{ room: FakeRoom; controller: RoomRecordingController }> {
  const room = new FakeRoom('mixed', []);
  const controller = controllerFor(room);
  await controller.start();
  return { room, controller };
}

beforeEach(() => {
  vi.stubGlobal('navigator', { locks: new FakeLockManager() });
  recorders = [];
});

afterEach(() => {
  for (const controller of controllers.splice(0)) controller.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RoomRecordingController', () => {
  it('starts a mixed recording of everyone, holds its file, and tells the room', async () => {
    const room = new FakeRoom('mixed', ['g1']);
    const controller = controllerFor(room);
    await controller.start();
    const [recorder] = recorders;
    expect(recorder?.calls).toEqual(['set host', 'set g1', 'start']);
    expect(recorder?.outputs.map((o) => o.outputId)).toEqual(['mixed']);
    expect(room.room.recordingState).toBe('recording');
    expect(room.emitted).toEqual(['start-recording']);
    expect(room.titles()).toEqual(['Recording Started']);
    expect(isRecordingActive()).toBe(true);
    expect([...(await heldRecordingIds())]).toEqual(recorder?.outputs.map((o) => o.recordingId));
  });

  it('a second Start while one is under way joins it instead of starting another recorder', async () => {
    const room = new FakeRoom('mixed', []);
    const controller = controllerFor(room);
    await Promise.all([controller.start(), controller.start()]);
    expect(recorders).toHaveLength(1);
  });

  it('stops, waits for the room’s word, then hands back the files and lets everything go', async () => {
    const room = new FakeRoom('separate', ['g1']);
    const controller = controllerFor(room);
    await controller.start();
    const stopped = controller.stop();
    await vi.waitFor(() => {
      expect(room.emitted).toContain('stop-recording');
    });
    expect(room.room.recordingState).toBe('processing');
    controller.onRecordingStopped();
    await stopped;
    expect(room.room.recordingState).toBe('idle');
    // Separate: the host's own file here; the guests' own tracks arrive over the data channel.
    expect(room.files).toHaveLength(1);
    expect(room.titles()).toContain('Recording Complete');
    expect(recorders[0]?.disposed).toBe(true);
    expect(isRecordingActive()).toBe(false);
    expect((await heldRecordingIds()).size).toBe(0);
  });

  it('when the room never confirms the stop, the host is not left on Processing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { room, controller } = await recordingAlone();
    const stopped = controller.stop();
    await vi.waitFor(() => {
      expect(room.emitted).toContain('stop-recording');
    });
    await vi.advanceTimersByTimeAsync(5000);
    await stopped;
    expect(room.room.recordingState).toBe('idle');
    expect(room.files).toHaveLength(1);
  });

  it('a room that confirms the stop while it is being sent (tabs of one browser) finishes at once, with no wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { room, controller } = await recordingAlone();
    // Local signaling decides in this tab: the room's word comes back inside the emit itself.
    const emit = room.emit;
    room.emit = ((event: OutgoingEvent, payload: never) => {
      const ack = emit(event, payload);
      if (event === 'stop-recording') controller.onRecordingStopped();
      return ack;
    }) as RecordingContext['emit'];
    let done = false;
    const stopped = controller.stop().then(() => {
      done = true;
    });
    // No time passes: the stop finishes on the work already queued, with no timer of its own.
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    await stopped;
    expect(room.room.recordingState).toBe('idle');
    expect(room.titles()).toContain('Recording Complete');
  });

  it('a room that refuses the stop still gets the files finished here', async () => {
    const room = new FakeRoom('mixed', []);
    room.stopAck = Promise.resolve({ success: false, error: 'Only the host can stop recording' });
    const controller = controllerFor(room);
    await controller.start();
    await controller.stop();
    expect(room.room.recordingState).toBe('idle');
    expect(room.titles()).toContain('Recording Complete');
  });

  it('leaving the room while the recorder starts disposes the late recorder and leaves nothing running', async () => {
    const room = new FakeRoom('mixed', ['g1']);
    const created = deferred<RoomRecorderPort>();
    const controller = controllerFor(room, () => created.promise);
    const starting = controller.start();
    controller.dispose();
    const late = new FakeRoomRecorder({ onError: () => undefined });
    created.resolve(late);
    await starting;
    expect(late.disposed).toBe(true);
    expect(late.calls).toEqual(['dispose']);
    expect(room.emitted).toEqual([]);
    expect(isRecordingActive()).toBe(false);
    expect((await heldRecordingIds()).size).toBe(0);
  });

  it('a recorder that cannot start returns the room to idle with the reason', async () => {
    const room = new FakeRoom('mixed', []);
    const controller = controllerFor(room, () => Promise.reject(new Error('The room recorder could not start')));
    await controller.start();
    expect(room.room.recordingState).toBe('idle');
    expect(room.notices.at(-1)).toMatchObject({ title: 'Recording Failed', message: 'The room recorder could not start', tone: 'error' });
  });

  it('an encoder failure mid-recording ends it, says so, and tells the room it stopped', async () => {
    const { room } = await recordingAlone();
    recorders[0]?.events.onError('Recording failed due to an error', 'EncodingError');
    await vi.waitFor(() => {
      expect(room.emitted).toContain('stop-recording');
    });
    expect(room.room.recordingState).toBe('idle');
    expect(room.notices.at(-1)).toMatchObject({ title: 'Recording Failed', message: 'Recording failed due to an error' });
    expect(recorders[0]?.disposed).toBe(true);
    expect(isRecordingActive()).toBe(false);
  });

  it('separate mode: the host records only itself, whoever joins or leaves (guests record their own tracks)', async () => {
    const room = new FakeRoom('separate', ['g1']);
    const controller = controllerFor(room);
    await controller.start();
    const recorder = recorders[0];
    expect(recorder?.calls).toEqual(['set host', 'start']);
    room.join('g2');
    await controller.onParticipantJoined('g2');
    room.leave('g1');
    await controller.onParticipantLeft('g1');
    await controller.onMediaChanged('g2');
    expect(recorder?.calls).toEqual(['set host', 'start']);
    expect((await heldRecordingIds()).size).toBe(1);
  });

  it('separate mode: the room’s word on the start marks the host’s own track with the room recording; a mixed file is left alone', async () => {
    const rowOf = (output: RoomOutputSpec | undefined): RecordingRow => ({ id: output?.recordingId ?? '', name: 'Track', mode: output?.kind ?? 'room-separate', state: 'recording', createdAt: 1, updatedAt: 1, durationMs: 0, size: 0, mimeType: 'video/webm', width: 1280, height: 720 });
    const separate = new FakeRoom('separate', ['g1']);
    await controllerFor(separate).start();
    const track = recorders[0]?.outputs[0];
    await putRecording(rowOf(track));
    await controllers.at(-1)?.roomStarted(1_780_000_000_000);
    expect((await getRecording(track?.recordingId ?? ''))?.roomSession).toEqual({ roomId: 'room-1', startedAt: 1_780_000_000_000 });

    const mixed = new FakeRoom('mixed', ['g1']);
    await controllerFor(mixed).start();
    const file = recorders[1]?.outputs[0];
    await putRecording(rowOf(file));
    await controllers.at(-1)?.roomStarted(1_780_000_000_000);
    expect((await getRecording(file?.recordingId ?? ''))?.roomSession).toBeUndefined();
  });

  it('mixed mode: the picture follows who is in the room', async () => {
    const room = new FakeRoom('mixed', ['g1']);
    const controller = controllerFor(room);
    await controller.start();
    room.join('g2');
    await controller.onParticipantJoined('g2');
    expect(recorders[0]?.tiles.map((tile) => tile.sourceId)).toEqual(['host', 'g1', 'g2']);
    await controller.onParticipantLeft('g1');
    expect(recorders[0]?.tiles.map((tile) => tile.sourceId)).toEqual(['host', 'g2']);
  });

  it('a pause the worker cannot take leaves the recording running', async () => {
    const { room, controller } = await recordingAlone();
    const recorder = recorders[0];
    if (recorder) recorder.failPause = true;
    await controller.pause();
    expect(room.room.recordingState).toBe('recording');
    expect(room.emitted).not.toContain('pause-recording');
    if (recorder) recorder.failPause = false;
    await controller.pause();
    expect(room.room.recordingState).toBe('paused');
    await controller.resume();
    expect(room.room.recordingState).toBe('recording');
    expect(room.emitted).toEqual(['start-recording', 'pause-recording', 'resume-recording']);
  });

  it('leaving mid-recording saves it first: finishForLeave stops and waits for the files', async () => {
    const { room, controller } = await recordingAlone();
    const leaving = controller.finishForLeave();
    await vi.waitFor(() => {
      expect(room.emitted).toContain('stop-recording');
    });
    controller.onRecordingStopped();
    await leaving;
    expect(recorders[0]?.calls).toContain('stop');
    expect(room.files).toHaveLength(1);
  });
});
