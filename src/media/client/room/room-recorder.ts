/**
 * The page's side of the room recorder worker: starts it for one recording, hands it each
 * participant's video and relays start, pause, resume and stop to whoever records the files
 * (RoomOutputs): the worker's encoders, fed each output's sound from the room audio mix, or, without
 * WebCodecs, MediaRecorders on the page recording the pictures the worker draws.
 */
import { proxy, type Remote } from 'comlink';
import { supportsWorkerPipeline } from '../track-feed';
import { RecorderWorker } from '../recorder-worker';
import { encoderFellBehindRecently, noteIfEncoderFellBehind } from '../encoder-history';
import type { RecorderEvents, RoomOutputSpec, RoomRecorderStats, RoomRecorderWorkerApi, RoomStopResult, RoomTile } from '../../contract/room-recorder-api';
import { RoomAudioMix } from './room-audio-mix';
import { PageRecordedOutputs } from './page-recorded-outputs';
import { WorkerRecordedOutputs } from './worker-recorded-outputs';
import type { RoomOutputs } from './room-outputs';
import type { WorkerCalls } from '../worker-start';
import { reportingAs } from '../../../shared/report-error';
import { patchRecording } from '../../storage/recordings-db';

export interface ParticipantMedia {
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
}

export class RoomRecorder {
  private readonly api: Remote<RoomRecorderWorkerApi>;
  private readonly calls: WorkerCalls;
  private readonly audio = new RoomAudioMix();
  private outputs: RoomOutputs;
  private disposed = false;

  private constructor(private readonly worker: RecorderWorker<RoomRecorderWorkerApi, string>) {
    this.api = worker.api;
    this.calls = worker.calls;
    this.outputs = new WorkerRecordedOutputs(worker, (outputId) => this.ownOrMixedAudio(outputId));
  }

  static async create(events: RecorderEvents): Promise<RoomRecorder> {
    const onPage = !supportsWorkerPipeline();
    const worker = await RecorderWorker.open<RoomRecorderWorkerApi, string>(new Worker(new URL('../../worker/room-recorder.worker.ts', import.meta.url), { type: 'module', name: 'room-recorder' }), {
      events,
      // Without the worker pipeline the page records, and pumps each participant's frames to the worker to draw.
      pumpFrames: onPage,
      // A worker that cannot load fails the start instead of leaving the host on Processing.
      loadFailed: 'The room recorder could not start',
      name: 'room recording',
    });
    const recorder = new RoomRecorder(worker);
    try {
      if (onPage) await recorder.recordOnPage(events);
    } catch (error) {
      recorder.dispose();
      throw error;
    }
    return recorder;
  }

  /** Keeps a participant's picture and sound current (a new link, a screen share, a camera turned on). */
  async setParticipant(participantId: string, media: ParticipantMedia): Promise<void> {
    if (this.audio.setInput(participantId, media.audio)) await this.outputs.soundChanged(participantId);
    await this.worker.video.set(participantId, media.video);
  }

  async removeParticipant(participantId: string): Promise<void> {
    if (this.audio.setInput(participantId, null)) await this.outputs.soundChanged(participantId);
    await this.worker.video.set(participantId, null);
  }

  /**
   * Starts every file; resolves with their first instant (ms since the epoch, this computer's clock),
   * which each row keeps so a room's tracks can be lined up (docs/decisions/0015-podcast-tracks.md).
   */
  async start(outputs: RoomOutputSpec[]): Promise<number> {
    const fasterCodec = encoderFellBehindRecently();
    const startedAt = await this.outputs.start(outputs.map((output) => ({ ...output, fasterCodec })));
    await Promise.all(outputs.map((output) => patchRecording(output.recordingId, { startedAt }))).catch(reportingAs('room recording: note when the files began'));
    return startedAt;
  }

  setTiles(outputId: string, tiles: RoomTile[]): Promise<void> {
    return this.calls.fireAndForget(this.api.setTiles(outputId, tiles));
  }

  pause(): Promise<void> {
    return this.outputs.pause();
  }

  resume(): Promise<void> {
    return this.outputs.resume();
  }

  stop(): Promise<RoomStopResult> {
    return this.outputs.stop();
  }

  async stats(): Promise<RoomRecorderStats> {
    return noteIfEncoderFellBehind(this.outputs.stats(await this.calls.track(this.api.stats())));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // A recording cut off here (leaving mid-start) keeps what it stored, for recovery.
    void this.outputs.abortAll('Recording failed due to an error').catch(reportingAs('room recording: stop the outputs'));
    this.worker.close('The room recorder was closed');
    void this.audio.close().catch(reportingAs('room recording: close the audio mix'));
  }

  /** Without WebCodecs: the worker draws each output's picture, and MediaRecorders here record it. */
  private async recordOnPage(events: RecorderEvents): Promise<void> {
    const page = new PageRecordedOutputs({
      draw: (spec) => this.calls.track(this.api.draw(spec)),
      undraw: (outputId) => this.calls.fireAndForget(this.api.undraw(outputId)),
      audioFor: (outputId) => this.audioTrack(outputId),
      onError: (message, name) => {
        events.onError(message, name);
      },
    });
    this.outputs = page;
    await this.api.setFrameSink(
      proxy({
        onFrame: (outputId: string, frame: ImageBitmap) => {
          page.show(outputId, frame);
        },
      }),
    );
  }

  private audioTrack(outputId: string): MediaStreamTrack {
    return outputId === 'mixed' ? this.audio.mixedTrack : this.audio.participantTrack(outputId);
  }

  /**
   * What the worker records with an output: one participant's own track, read directly, while they
   * have one. Through the audio context their sound picked up its output buffering (100-150 ms behind
   * the picture) and, each time the busy context fell behind, 20-40 ms more for the rest of the file
   * (docs/decisions/0015-podcast-tracks.md). The mix, and a participant with no sound (silence), still
   * come from the context.
   */
  private ownOrMixedAudio(outputId: string): MediaStreamTrack {
    const own = outputId === 'mixed' ? null : this.audio.inputTrack(outputId);
    return own?.readyState === 'live' ? own : this.audioTrack(outputId);
  }
}
