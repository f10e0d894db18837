/**
 * The page's side of the room recorder worker: starts it for one recording, hands it each
 * participant's video and relays start, pause, resume and stop. On the worker pipeline the video
 * goes as track feeds (track processor readables, or ports the page feeds: track-feed.ts) and each
 * output's audio from the room audio mix; the worker encodes. Without WebCodecs video goes as
 * ImageBitmaps, the worker only draws, and MediaRecorder records here (PageRecordedOutputs).
 */
import { transfer, proxy, wrap, type Remote } from 'comlink';
import { audioFeed, supportsWorkerPipeline } from '../track-feed';
import { VideoFeeds } from '../video-feeds';
import type { RecorderEvents, RecordingResult, RoomOutputSpec, RoomRecorderStats, RoomRecorderWorkerApi, RoomStopResult, RoomTile } from '../../contract/room-recorder-api';
import { RoomAudioMix } from './room-audio-mix';
import { PageRecordedOutputs } from './page-recorded-outputs';
import { firstAnswer, WorkerCalls } from '../worker-start';
import { reportingAs } from '../../../shared/report-error';

export interface ParticipantMedia {
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
}

export class RoomRecorder {
  private readonly worker: Worker;
  private readonly api: Remote<RoomRecorderWorkerApi>;
  private readonly video: VideoFeeds<string>;
  private readonly audio = new RoomAudioMix();
  /** How to stop sending each output's sound to the worker. */
  private readonly audioFeeds = new Map<string, () => void>();
  /** Fallback pipeline: the MediaRecorders; null on the worker pipeline. */
  private page: PageRecordedOutputs | null = null;
  private readonly calls = new WorkerCalls();
  private disposed = false;

  private constructor() {
    this.worker = new Worker(new URL('../../worker/room-recorder.worker.ts', import.meta.url), { type: 'module', name: 'room-recorder' });
    this.api = wrap<RoomRecorderWorkerApi>(this.worker);
    // Without the worker pipeline the page records, and pumps each participant's frames to the worker to draw.
    this.video = new VideoFeeds<string>(
      { setVideoSource: (id, source) => this.api.setVideoSource(id, source), pushVideoFrame: (id, frame) => this.api.pushVideoFrame(id, frame) },
      this.calls,
      !supportsWorkerPipeline(),
    );
  }

  static async create(events: RecorderEvents): Promise<RoomRecorder> {
    const recorder = new RoomRecorder();
    try {
      // A worker that cannot load fails the start instead of leaving the host on Processing.
      await firstAnswer(recorder.worker, recorder.api.setEvents(proxy(events)), 'The room recorder could not start');
      if (!supportsWorkerPipeline()) await recorder.recordOnPage(events);
    } catch (error) {
      recorder.dispose();
      throw error;
    }
    return recorder;
  }

  /** Keeps a participant's picture and sound current (a new link, a screen share, a camera turned on). */
  async setParticipant(participantId: string, media: ParticipantMedia): Promise<void> {
    this.audio.setInput(participantId, media.audio);
    await this.video.set(participantId, media.video);
  }

  async removeParticipant(participantId: string): Promise<void> {
    this.audio.setInput(participantId, null);
    await this.video.set(participantId, null);
  }

  async start(outputs: RoomOutputSpec[]): Promise<void> {
    if (this.page) {
      await this.page.start(outputs);
      return;
    }
    for (const output of outputs) await this.connectAudio(output);
    await this.calls.track(this.api.start(outputs));
  }

  async addOutput(output: RoomOutputSpec): Promise<void> {
    if (this.page) {
      await this.page.add(output);
      return;
    }
    await this.connectAudio(output);
    await this.calls.track(this.api.addOutput(output));
  }

  endOutput(outputId: string): Promise<RecordingResult | null> {
    return this.page ? this.page.end(outputId) : this.calls.track(this.api.endOutput(outputId));
  }

  setTiles(outputId: string, tiles: RoomTile[]): Promise<void> {
    return this.calls.fireAndForget(this.api.setTiles(outputId, tiles));
  }

  async pause(): Promise<void> {
    if (this.page) this.page.pause();
    else await this.calls.fireAndForget(this.api.pause());
  }

  async resume(): Promise<void> {
    if (this.page) this.page.resume();
    else await this.calls.fireAndForget(this.api.resume());
  }

  stop(): Promise<RoomStopResult> {
    return this.page ? this.page.stop() : this.calls.track(this.api.stop());
  }

  async stats(): Promise<RoomRecorderStats> {
    const stats = await this.calls.track(this.api.stats());
    if (!this.page) return stats;
    // The worker only draws here: state, time and bytes are the MediaRecorders'.
    return { ...stats, ...this.page.figures(), state: this.page.state };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.video.stopAll();
    this.audioFeeds.forEach((stop) => {
      stop();
    });
    this.audioFeeds.clear();
    // A recording cut off here (leaving mid-start) keeps what it stored, for recovery.
    void this.page?.abortAll('Recording failed due to an error');
    void this.api.dispose().catch(reportingAs('room recording: dispose of the worker'));
    this.worker.terminate();
    this.calls.end('The room recorder was closed');
    void this.audio.close().catch(reportingAs('room recording: close the audio mix'));
  }

  private async recordOnPage(events: RecorderEvents): Promise<void> {
    const page = new PageRecordedOutputs({
      draw: (spec) => this.calls.track(this.api.draw(spec)),
      undraw: (outputId) => this.calls.fireAndForget(this.api.undraw(outputId)),
      audioFor: (outputId) => this.audioTrack(outputId),
      onError: (message, name) => {
        events.onError(message, name);
      },
    });
    this.page = page;
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

  private async connectAudio(output: RoomOutputSpec): Promise<void> {
    this.audioFeeds.get(output.outputId)?.();
    const feed = audioFeed(this.audioTrack(output.outputId));
    this.audioFeeds.set(output.outputId, feed.stop);
    await this.calls.fireAndForget(this.api.setAudioSource(output.outputId, transfer(feed.source, feed.transferables)));
  }
}
