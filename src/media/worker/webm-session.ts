import {
  AudioSample,
  AudioSampleSource,
  EncodedVideoPacketSource,
  Output,
  Quality,
  StreamTarget,
  WebMOutputFormat,
  type StreamTargetChunk,
} from 'mediabunny';
import { AudioTimeline } from '../contract/audio-timeline';
import { RECORDED_SOUND } from '../contract/pcm-shape';
import { StoredRecording } from '../storage/stored-recording';
import type { RecordingResult, StartOptions } from '../contract/recorder-api';
import type { VpxCodec } from '../contract/vpx-codec-string';
import { chooseVideoCodec } from './codec-choice';
import { contiguousRun, joinSamples } from './sound-batch';
import { VideoEncoderPipe, type EncodeOutcome } from './video-encoder-pipe';
import { toError } from '../../shared/error-identity';
import { reportError, reportingAs } from '../../shared/report-error';

const MIME_TYPE = 'video/webm';
/** Sound missing for this long is filled with silence (see fillSilence)... */
const SILENCE_AFTER_S = 0.75;
/** ...in blocks of this length, up to this far behind the picture, so late real sound still fits after it. */
const SILENCE_BLOCK_S = 0.02;
const SILENCE_MARGIN_S = 0.25;

/**
 * One recording: encoders, the WebM muxer and its durable byte store. Timestamps are given by the
 * caller from one clock with paused time removed, so audio and video stay in sync across pauses.
 */
export class WebmSession {
  private readonly output: Output;
  private readonly video: EncodedVideoPacketSource;
  private readonly encoder: VideoEncoderPipe;
  private readonly audio: AudioSampleSource;
  /**
   * Sound reaches the encoder one block at a time, so its own queue stays short (see audioBacklog);
   * blocks that wait meanwhile go together, as one (sound-batch.ts).
   */
  private audioChain: Promise<void> = Promise.resolve();
  private audioQueued = 0;
  /** Blocks released to be encoded, waiting for the encoder's turn; whether a turn is on the chain. */
  private toEncode: AudioSample[] = [];
  private audioTurnQueued = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly audioTimeline = new AudioTimeline();
  private heldAudio: AudioSample[] = [];
  private lastVideoEnd = 0;
  private failure: unknown = null;
  /** False once the file is recorded without sound (withoutSound). */
  private sound = true;

  private constructor(
    private readonly options: StartOptions,
    readonly videoCodec: VpxCodec,
    private readonly stored: StoredRecording,
    private readonly onFailure: (error: unknown) => void,
  ) {
    const writable = new WritableStream<StreamTargetChunk>({
      write: (chunk) => {
        // mediabunny may reuse its buffers, and patches must not alias them.
        stored.writer.write(chunk.position, chunk.data.slice());
      },
    });
    this.output = new Output({
      format: new WebMOutputFormat({ minimumClusterDuration: 1 }),
      target: new StreamTarget(writable),
    });
    this.video = new EncodedVideoPacketSource(videoCodec);
    this.encoder = new VideoEncoderPipe(
      this.video,
      { codec: videoCodec, size: options.size, bitrate: options.videoBitrate, frameRate: options.frameRate },
      (error) => {
        this.fail(error);
      },
    );
    this.audio = new AudioSampleSource({ codec: 'opus', quality: new Quality({ bitrate: options.audioBitrate }) });
    // No declared frame rate: mediabunny would round every timestamp to its grid, and a recording
    // whose rate steps down and back up (EncodingLadder) then gets two frames on one grid point.
    this.output.addVideoTrack(this.video);
    this.output.addAudioTrack(this.audio);
  }

  static async start(options: StartOptions, onFailure: (error: unknown) => void): Promise<WebmSession> {
    const { width, height } = options.size;
    const codec = await chooseVideoCodec({ width, height }, options.frameRate, options.videoBitrate, options.fasterCodec);
    if (!codec) throw new Error('This browser cannot encode VP9 or VP8 video');
    const stored = await StoredRecording.open({ id: options.recordingId, name: options.name, mode: options.mode, createdAt: options.createdAt, mimeType: MIME_TYPE, width, height });
    const session = new WebmSession(options, codec, stored, onFailure);
    try {
      await session.output.start();
      // Only the EBML header is written yet (39 bytes): stored at once, so the row's file is a WebM from
      // its first moment. The Segment's own header, which Stop patches, comes with the first second of media.
      await stored.writer.flush();
    } catch (error) {
      await stored.discard();
      throw error;
    }
    return session;
  }

  get bytes(): number {
    return this.stored.size;
  }

  /** Media time, in seconds, at which the last encoded frame ends (0 before the first). */
  get videoEnd(): number {
    return this.lastVideoEnd;
  }

  get framesEncoded(): number {
    return this.encoder.encodedFrames;
  }

  /** Frames the encoder could not take because it was behind. */
  get framesDropped(): number {
    return this.encoder.refused;
  }

  /** Frames waiting in the video encoder. */
  get videoBacklog(): number {
    return this.encoder.backlog;
  }

  /** Whether the file has a sound track: until a recording without a sound source says otherwise. */
  get hasSound(): boolean {
    return this.sound;
  }

  /**
   * Takes the sound track out of a file recorded with no sound source. The muxer writes nothing until
   * every open track has had its first block, so a sound track that never gets one would keep the whole
   * picture in memory until Stop, store none of it, and leave a crash nothing to recover. Sound given
   * afterwards is left out.
   */
  withoutSound(): void {
    if (!this.sound) return;
    this.sound = false;
    this.audio.close();
  }

  /** Audio blocks waiting for the audio encoder. */
  get audioBacklog(): number {
    return this.audioQueued;
  }

  /**
   * Encodes the canvas as a frame at `seconds` of media time, unless the encoder is behind: then the
   * frame is dropped instead of queued (see EncodeOutcome).
   */
  addVideoFrame(canvas: OffscreenCanvas, seconds: number, frameDuration: number): EncodeOutcome {
    if (this.failure) return 'dropped';
    const outcome = this.encoder.encode(canvas, Math.round(seconds * 1e6), Math.round(frameDuration * 1e6));
    if (outcome === 'encoded') this.lastVideoEnd = seconds + frameDuration;
    return outcome;
  }

  /**
   * Appends microphone/system audio at media time `mediaSeconds` (now), whose end was captured at
   * media time `capturedEnd` (src/media/contract/capture-clock.ts; its arrival when unknown). Blocks
   * are placed by the audio timeline and held until the media clock reaches them, so a pause or a stop
   * can cut the audio exactly where the video ends.
   */
  addAudio(data: AudioData, mediaSeconds: number, capturedEnd = mediaSeconds): void {
    const start = this.failure || !this.sound ? null : this.audioTimeline.place(capturedEnd, data.numberOfFrames / data.sampleRate);
    if (start === null) {
      data.close();
      return;
    }
    const sample = new AudioSample(data); // wraps the AudioData; closing the sample releases it
    sample.setTimestamp(start);
    this.heldAudio.push(sample);
    this.releaseAudio(mediaSeconds);
  }

  /**
   * Fills the sound with silence up to shortly before `mediaSeconds` when none has come for a
   * while. The muxer interleaves by time, so a file whose audio track gets no blocks (an audio
   * context that cannot start: no output device, a blocked autoplay) would hold every video frame
   * back and persist nothing; with the silence, its picture is stored as it is recorded. Real sound
   * arriving later continues right after the silence.
   */
  fillSilence(mediaSeconds: number): void {
    if (this.failure || !this.sound || mediaSeconds - this.audioTimeline.placedEnd < SILENCE_AFTER_S) return;
    const frames = Math.round(RECORDED_SOUND.sampleRate * SILENCE_BLOCK_S);
    for (let at = this.audioTimeline.placedEnd + SILENCE_BLOCK_S; at <= mediaSeconds - SILENCE_MARGIN_S; at += SILENCE_BLOCK_S) this.addSilence(at, frames);
  }

  /**
   * At Stop: silence from where the sound ends to where the recording ends. Sound still on its way
   * then (a busy machine delivers it 0.1 s late and more) will not come, and a sound track that ends
   * early leaves the file's last moments without sound in players that end with it.
   */
  private padSound(endSeconds: number): void {
    if (this.failure || !this.sound) return;
    const { sampleRate } = RECORDED_SOUND;
    let end = this.audioTimeline.placedEnd;
    for (;;) {
      const frames = Math.round(Math.min(SILENCE_BLOCK_S, endSeconds - end) * sampleRate);
      if (frames < 1) return;
      end += frames / sampleRate;
      this.addSilence(end, frames);
    }
  }

  /** `frames` of silence ending at `endSeconds`, in the shape every block of sound has by now (SoundShaper). */
  private addSilence(endSeconds: number, frames: number): void {
    const { sampleRate, numberOfChannels } = RECORDED_SOUND;
    const silence = new AudioData({ format: 'f32-planar', sampleRate, numberOfFrames: frames, numberOfChannels, timestamp: Math.round(endSeconds * 1e6), data: new Float32Array(frames * numberOfChannels) });
    this.addAudio(silence, endSeconds, endSeconds);
  }

  /** Ends the current audio segment at `mediaSeconds` (a pause): later blocks anchor afresh. */
  cutAudio(mediaSeconds: number): void {
    this.releaseAudio(mediaSeconds);
    for (const sample of this.heldAudio) sample.close();
    this.heldAudio = [];
    this.audioTimeline.interrupt();
  }

  private releaseAudio(untilSeconds: number): void {
    while (this.heldAudio.length > 0 && (this.heldAudio[0]?.timestamp ?? Infinity) < untilSeconds) {
      const sample = this.heldAudio.shift();
      if (!sample) continue;
      // Never dropped (that would be a gap in the sound): it waits here, counted, for the encoder.
      this.audioQueued += 1;
      this.toEncode.push(sample);
    }
    this.queueAudioTurn();
  }

  /**
   * Puts the encoder's next turn on the chain: it takes the blocks waiting by then, joined where they
   * follow each other, so at most one block is in the encoder's hands at once.
   */
  private queueAudioTurn(): void {
    if (this.audioTurnQueued || this.toEncode.length === 0) return;
    this.audioTurnQueued = true;
    const turn = this.audioChain.then(async () => {
      this.audioTurnQueued = false;
      const batch = this.toEncode.splice(0, contiguousRun(this.toEncode));
      let joined: AudioSample | null = null;
      try {
        joined = batch.length === 1 ? null : joinSamples(batch);
        const sample = joined ?? batch[0];
        if (sample) await this.audio.add(sample);
      } finally {
        for (const block of batch) block.close();
        joined?.close();
        this.audioQueued -= batch.length;
        this.queueAudioTurn();
      }
    });
    this.audioChain = turn.catch(() => undefined);
    this.track(turn);
  }

  /** Until every block released has been encoded (each turn queues the next while blocks wait). */
  private async audioEncoded(): Promise<void> {
    for (let chain = this.audioChain; ; chain = this.audioChain) {
      await chain;
      if (chain === this.audioChain) return;
    }
  }

  async finish(durationMs: number): Promise<RecordingResult> {
    this.padSound(durationMs / 1000);
    this.cutAudio(durationMs / 1000);
    // Marked while the encoder drains, not before it: only the finished file, written after both,
    // depends on the mark. The reserve goes with it: on a nearly full disk it is the room the last
    // cluster, the cues and the patched first chunk are written into. The browser runs transactions
    // over the same stores in the order they began, so the file's last writes wait only for the mark's
    // to begin, not to end: on a loaded machine that wait cost 0.2–0.35 s after Stop
    // (docs/decisions/0015-podcast-tracks.md).
    const mark = { begun: false };
    let markBegun = (): void => undefined;
    const begun = new Promise<void>((resolve) => {
      markBegun = () => {
        mark.begun = true;
        resolve();
      };
    });
    const marked = this.stored.finishing(markBegun);
    // One that fails before it begins fails the finish, below; one that fails later is reported here,
    // whatever happens next (it left the reserve booked, and may be why the last writes fail).
    marked.catch((error: unknown) => {
      if (mark.begun) reportError('recording: mark the recording as finishing', error);
    });
    await this.audioEncoded();
    await Promise.allSettled([...this.inFlight]);
    await this.encoder.flush().catch((error: unknown) => {
      this.fail(error);
    });
    // The row then stays for recovery, as when any write of the finish fails.
    await Promise.race([begun, marked]);
    if (this.failure) throw toError(this.failure);
    this.encoder.close();
    this.video.close();
    this.audio.close();
    await this.output.finalize();
    const result: RecordingResult = {
      recordingId: this.options.recordingId,
      durationMs: Math.round(Math.max(durationMs, this.lastVideoEnd * 1000)),
      size: this.stored.size,
      mimeType: MIME_TYPE,
      videoCodec: this.videoCodec,
    };
    await this.stored.done({ durationMs: result.durationMs, size: result.size });
    return result;
  }

  /** Stops without finalizing: what is stored stays for recovery. */
  async abandon(reason: string): Promise<void> {
    await this.stored.abandon(reason);
    this.stopWriting();
  }

  /** A file that never started recording (another file of the same start failed): its row and chunks go. */
  async discard(): Promise<void> {
    this.stopWriting();
    await this.stored.discard();
  }

  private stopWriting(): void {
    this.encoder.close();
    void this.output.cancel().catch(reportingAs('recording: cancel the muxer'));
  }

  /** Makes everything written so far durable and records progress in the recording's row. */
  async persist(state?: 'recording' | 'paused', durationMs?: number): Promise<void> {
    try {
      await this.stored.persist({ ...(state ? { state } : {}), ...(durationMs === undefined ? {} : { durationMs }) });
    } catch (error) {
      this.fail(error);
    }
  }

  private track(work: Promise<unknown>): void {
    const guarded = work.catch((error: unknown) => {
      this.fail(error);
    });
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure(error);
  }
}
