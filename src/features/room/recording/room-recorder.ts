/**
 * The page's side of the room recorder worker: starts it for one recording, hands it each
 * participant's video as a transferred MediaStreamTrackProcessor readable and each output's audio
 * from the room audio mix, and relays start, pause, resume and stop.
 */
import { transfer, proxy, wrap, type Remote } from 'comlink';
import { supportsWorkerPipeline } from '../../recording';
import type { RecorderEvents, RecordingResult, RoomOutputSpec, RoomRecorderStats, RoomRecorderWorkerApi, RoomStopResult, RoomTile } from './room-recorder-api';
import { RoomAudioMix } from './room-audio-mix';
import { firstAnswer } from '../../../shared/worker-start';

interface TrackProcessor<T> {
  readonly readable: ReadableStream<T>;
}
type TrackProcessorConstructor = new <T>(init: { track: MediaStreamTrack; maxBufferSize?: number }) => TrackProcessor<T>;

function processorFor<T>(track: MediaStreamTrack, maxBufferSize: number): ReadableStream<T> {
  const Processor = (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor }).MediaStreamTrackProcessor;
  if (!Processor) throw new Error('This browser cannot record rooms');
  return new Processor<T>({ track, maxBufferSize }).readable;
}

/** Room recording needs the worker pipeline (track processors and WebCodecs). */
export const canRecordRoom = supportsWorkerPipeline;

export interface ParticipantMedia {
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
}

export class RoomRecorder {
  private readonly worker: Worker;
  private readonly api: Remote<RoomRecorderWorkerApi>;
  private readonly audio = new RoomAudioMix();
  private readonly videoTracks = new Map<string, MediaStreamTrack>();
  private disposed = false;

  private constructor() {
    this.worker = new Worker(new URL('../../../../workers/room-recorder.worker.ts', import.meta.url), { type: 'module', name: 'room-recorder' });
    this.api = wrap<RoomRecorderWorkerApi>(this.worker);
  }

  static async create(events: RecorderEvents): Promise<RoomRecorder> {
    if (!canRecordRoom()) throw new Error('This browser cannot record rooms');
    const recorder = new RoomRecorder();
    try {
      // A worker that cannot load fails the start instead of leaving the host on Processing.
      await firstAnswer(recorder.worker, recorder.api.setEvents(proxy(events)), 'The room recorder could not start');
    } catch (error) {
      recorder.dispose();
      throw error;
    }
    return recorder;
  }

  /** Keeps a participant's picture and sound current (a new link, a screen share, a camera turned on). */
  async setParticipant(participantId: string, media: ParticipantMedia): Promise<void> {
    this.audio.setInput(participantId, media.audio);
    if (media.video && this.videoTracks.get(participantId) === media.video) return;
    if (media.video) {
      this.videoTracks.set(participantId, media.video);
      // Transfer the readable, not the track: transferring tracks to workers fails in Chromium.
      const readable = processorFor<VideoFrame>(media.video, 2);
      await this.api.setVideoSource(participantId, transfer(readable, [readable]));
    } else {
      this.videoTracks.delete(participantId);
      await this.api.setVideoSource(participantId, null);
    }
  }

  async removeParticipant(participantId: string): Promise<void> {
    this.audio.setInput(participantId, null);
    this.videoTracks.delete(participantId);
    await this.api.setVideoSource(participantId, null);
  }

  async start(outputs: RoomOutputSpec[]): Promise<void> {
    for (const output of outputs) await this.connectAudio(output);
    await this.api.start(outputs);
  }

  async addOutput(output: RoomOutputSpec): Promise<void> {
    await this.connectAudio(output);
    await this.api.addOutput(output);
  }

  endOutput(outputId: string): Promise<RecordingResult | null> {
    return this.api.endOutput(outputId);
  }

  setTiles(outputId: string, tiles: RoomTile[]): Promise<void> {
    return this.api.setTiles(outputId, tiles);
  }

  pause(): Promise<void> {
    return this.api.pause();
  }

  resume(): Promise<void> {
    return this.api.resume();
  }

  stop(): Promise<RoomStopResult> {
    return this.api.stop();
  }

  stats(): Promise<RoomRecorderStats> {
    return this.api.stats();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.api.dispose().catch(() => undefined);
    this.worker.terminate();
    void this.audio.close().catch(() => undefined);
  }

  private async connectAudio(output: RoomOutputSpec): Promise<void> {
    const track = output.outputId === 'mixed' ? this.audio.mixedTrack : this.audio.participantTrack(output.outputId);
    const readable = processorFor<AudioData>(track, 50);
    await this.api.setAudioSource(output.outputId, transfer(readable, [readable]));
  }
}
