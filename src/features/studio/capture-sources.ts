/**
 * What one attachment of the studio captures: the screen, the camera and the microphone, their
 * audio mix, and the recorder worker they feed (it also paints the preview). Created when the
 * studio is attached and disposed when it is left; whatever the browser hands over after that is
 * let go at once, so no caller has to ask whether the studio is still there.
 */
import type { Settings } from '../settings';
import type { RecordingMode } from '../../media';
import {
  applyVideoConstraints,
  AudioMixer,
  canvasSizeForQuality,
  requestMicrophone,
  requestScreen,
  requestWebcam,
  screenVideoConstraints,
  stopStream,
  webcamVideoConstraints,
  type DeviceKind,
  type Size,
} from '../../media';
import { liveSettingsChange, type LiveSettingsChange } from './live-settings';
import type { RecordingState } from './session-machine';
import { Lifetime } from '../../shared/lifetime';

/** The recorder worker as the sources use it. */
export interface RecorderSink {
  setVideoTrack(kind: 'screen' | 'webcam', track: MediaStreamTrack | null): Promise<void>;
  setAudioTrack(track: MediaStreamTrack | null): Promise<void>;
  setSize(size: Size): Promise<void>;
  dispose(): void;
}

export type AudioMix = Pick<AudioMixer, 'track' | 'setInput' | 'level' | 'close'>;

/** How devices are asked for; the browser's by default, fakes in tests. */
export interface CaptureDevices {
  requestScreen: (settings: Settings) => Promise<MediaStream>;
  requestWebcam: (settings: Settings) => Promise<MediaStream>;
  requestMicrophone: (settings: Settings) => Promise<MediaStream>;
  createMixer: () => AudioMix;
}

export const BROWSER_DEVICES: CaptureDevices = { requestScreen, requestWebcam, requestMicrophone, createMixer: () => new AudioMixer() };

/** What the sources read from the studio: its switches and whether it is busy recording or starting. */
export interface StudioView {
  mode: RecordingMode;
  videoEnabled: boolean;
  audioEnabled: boolean;
  recordingState: RecordingState;
  acquiring: boolean;
}

export interface CaptureContext {
  settings: () => Settings;
  subscribeSettings: (listener: () => void) => () => void;
  studio: () => StudioView;
  subscribeStudio: (listener: () => void) => () => void;
}

/** What the sources tell the studio, which decides what it shows and says. */
export interface CaptureEvents {
  onScreenConnected: (screen: MediaStream) => void;
  /** The share was ended from the browser's own bar; the screen track leaves the recorder after this settles. */
  onScreenEnded: () => Promise<void>;
  onWebcamChange: (connected: boolean) => void;
  onMicrophoneConnected: () => void;
  /** Unplugged mid-session: the mix goes on without it. */
  onMicrophoneEnded: () => void;
  /** Opening the microphone again with new Settings failed; Start asks for one again. */
  onMicrophoneLost: () => void;
  /** The microphone is being opened again for new Settings; Start waits meanwhile. */
  onReopening: (reopening: boolean) => void;
  onAcquisitionFailed: (device: DeviceKind, error: unknown) => void;
}

export class CaptureSources<R extends RecorderSink> {
  private readonly lifetime = new Lifetime();
  private recorderSink: R | null = null;
  private ready: Promise<void> = Promise.resolve();
  private failure: string | null = null;
  private screen: MediaStream | null = null;
  private webcam: MediaStream | null = null;
  private microphone: MediaStream | null = null;
  private mixer: AudioMix | null = null;
  private webcamRequest: Promise<boolean> | null = null;
  /** The Settings the live capture was last brought in line with. */
  private applied: Settings;
  private following = false;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly context: CaptureContext,
    private readonly events: CaptureEvents,
    private readonly devices: CaptureDevices = BROWSER_DEVICES,
  ) {
    this.applied = context.settings();
    const follow = () => void this.followSettings();
    // A change that arrives mid-recording is applied when the studio comes back to idle.
    this.unsubscribe = [context.subscribeSettings(follow), context.subscribeStudio(follow)];
  }

  /** Whether the studio was left: work started for these sources goes no further. */
  isDisposed(): boolean {
    return this.lifetime.isOver();
  }

  /** The running recorder, or null while it starts, after it failed to, or once disposed. */
  get recorder(): R | null {
    return this.recorderSink;
  }

  /** Why the recorder could not start (its worker failed to load), said again at Start. */
  get recorderFailure(): string | null {
    return this.failure;
  }

  /** The mixed audio for the recording, if anything is mixed. */
  get audioTrack(): MediaStreamTrack | null {
    return this.mixer?.track ?? null;
  }

  connected(kind: 'screen' | 'webcam'): boolean {
    return (kind === 'screen' ? this.screen : this.webcam) !== null;
  }

  micLevel(): number {
    return this.mixer?.level() ?? 0;
  }

  /** Starts the recorder; streams connected while it starts (auto-start, a quick click) join it then. */
  connectRecorder(create: () => Promise<R>): Promise<boolean> {
    const connecting = this.startRecorder(create);
    this.ready = connecting.then(
      () => undefined,
      (error: unknown) => {
        this.failure = error instanceof Error ? error.message : String(error);
      },
    );
    return connecting;
  }

  /** Settles once the recorder runs or failed to start; Start waits for it rather than fail just after load. */
  recorderSettled(): Promise<void> {
    return this.ready;
  }

  async selectScreen(): Promise<boolean> {
    if (this.screen) return true;
    try {
      const stream = await this.acquireStream(this.devices.requestScreen);
      if (!stream) return false;
      this.setScreen(stream);
      this.events.onScreenConnected(stream);
      return true;
    } catch (error) {
      this.events.onAcquisitionFailed('screen', error);
      return false;
    }
  }

  /** Connects the camera; concurrent calls (mode change, Start, the button) share one request. */
  connectWebcam(): Promise<boolean> {
    if (this.webcam) return Promise.resolve(true);
    this.webcamRequest ??= this.requestWebcamStream().finally(() => {
      this.webcamRequest = null;
    });
    return this.webcamRequest;
  }

  async connectMicrophone(): Promise<boolean> {
    if (this.microphone) return true;
    try {
      const stream = await this.acquireStream(this.devices.requestMicrophone);
      if (!stream) return false;
      try {
        this.ensureMixer().setInput('microphone', stream);
        await this.recorderSink?.setAudioTrack(this.recordedSound(stream));
      } catch (error) {
        stopStream(stream);
        throw error;
      }
      this.microphone = stream;
      this.applyAudioEnabled();
      this.events.onMicrophoneConnected();
      stream.getAudioTracks()[0]?.addEventListener('ended', () => {
        this.onMicrophoneEnded(stream);
      });
      return true;
    } catch (error) {
      this.events.onAcquisitionFailed('microphone', error);
      return false;
    }
  }

  applyVideoEnabled(): void {
    const enabled = this.context.studio().videoEnabled;
    for (const stream of [this.screen, this.webcam]) {
      stream?.getVideoTracks().forEach((track) => (track.enabled = enabled));
    }
  }

  applyAudioEnabled(): void {
    const { audioEnabled: enabled, mode } = this.context.studio();
    this.microphone?.getAudioTracks().forEach((track) => (track.enabled = enabled));
    // In webcam-only mode the toggle also covers any audio the webcam stream carries.
    if (mode === 'webcam-only') this.webcam?.getAudioTracks().forEach((track) => (track.enabled = enabled));
  }

  /** Releases every device and the recorder (calling it again is harmless). */
  dispose(): void {
    if (this.lifetime.isOver()) return;
    this.lifetime.end();
    this.unsubscribe.forEach((stop) => {
      stop();
    });
    for (const stream of [this.screen, this.webcam, this.microphone]) stopStream(stream);
    this.screen = null;
    this.webcam = null;
    this.microphone = null;
    void this.mixer?.close();
    this.mixer = null;
    this.recorderSink?.dispose();
    this.recorderSink = null;
  }

  /** Waits for something asked of the browser; if the sources were disposed meanwhile, lets it go and gives null. */
  private async acquire<T>(request: () => Promise<T>, release: (late: T) => void): Promise<T | null> {
    const value = await request();
    if (!this.lifetime.isOver()) return value;
    release(value);
    return null;
  }

  private acquireStream(request: (settings: Settings) => Promise<MediaStream>): Promise<MediaStream | null> {
    return this.acquire(() => request(this.context.settings()), stopStream);
  }

  private async startRecorder(create: () => Promise<R>): Promise<boolean> {
    const recorder = await this.acquire(create, (late) => {
      late.dispose();
    });
    if (!recorder) return false;
    this.recorderSink = recorder;
    const [webcam] = this.webcam?.getVideoTracks() ?? [];
    const [screen] = this.screen?.getVideoTracks() ?? [];
    if (webcam) await recorder.setVideoTrack('webcam', webcam);
    if (screen) await recorder.setVideoTrack('screen', screen);
    // Chosen now, not before the awaits: a share with sound or an unplugged microphone changes it.
    const audio = this.recordedSound();
    if (audio) await recorder.setAudioTrack(audio);
    return true;
  }

  private async requestWebcamStream(): Promise<boolean> {
    try {
      const stream = await this.acquireStream(this.devices.requestWebcam);
      if (!stream) return false;
      this.webcam = stream;
      this.applyVideoEnabled();
      const [track] = stream.getVideoTracks();
      track?.addEventListener('ended', () => {
        if (this.webcam !== stream) return;
        this.webcam = null;
        this.events.onWebcamChange(false);
        void this.recorderSink?.setVideoTrack('webcam', null);
      });
      await this.recorderSink?.setVideoTrack('webcam', track ?? null);
      this.events.onWebcamChange(true);
      return true;
    } catch (error) {
      this.events.onAcquisitionFailed('webcam', error);
      return false;
    }
  }

  private setScreen(stream: MediaStream): void {
    this.screen = stream;
    this.applyVideoEnabled();
    const [track] = stream.getVideoTracks();
    // Ending the share from the browser's own bar: drop the screen and save what was recorded.
    track?.addEventListener('ended', () => {
      void this.onScreenEnded(stream);
    });
    void this.recorderSink?.setVideoTrack('screen', track ?? null);
    if (stream.getAudioTracks().length > 0) this.ensureMixer().setInput('system', stream);
    if (this.mixer) void this.recorderSink?.setAudioTrack(this.recordedSound());
  }

  private async onScreenEnded(stream: MediaStream): Promise<void> {
    if (this.screen !== stream) return;
    this.screen = null;
    stopStream(stream);
    this.mixer?.setInput('system', null);
    void this.recorderSink?.setAudioTrack(this.recordedSound());
    await this.events.onScreenEnded();
    await this.recorderSink?.setVideoTrack('screen', null);
  }

  private onMicrophoneEnded(stream: MediaStream): void {
    if (this.microphone !== stream) return;
    this.microphone = null;
    stopStream(stream);
    this.mixer?.setInput('microphone', null);
    void this.recorderSink?.setAudioTrack(this.recordedSound());
    this.events.onMicrophoneEnded();
  }

  /**
   * The sound the recorder worker takes: the microphone itself when it is the only sound, read
   * directly, as a room's tracks are (RoomRecorder, docs/decisions/0015-podcast-tracks.md: the audio
   * context delays it and lets it slip under load); else the mix, with the screen's sound to mix in,
   * or its silence once there is no microphone.
   */
  private recordedSound(microphone = this.microphone): MediaStreamTrack | null {
    const [track] = microphone?.getAudioTracks() ?? [];
    const systemSound = (this.screen?.getAudioTracks().length ?? 0) > 0;
    if (track?.readyState === 'live' && !systemSound) return track;
    return this.mixer?.track ?? null;
  }

  private ensureMixer(): AudioMix {
    this.mixer ??= this.devices.createMixer();
    return this.mixer;
  }

  private busy(): boolean {
    const { recordingState, acquiring } = this.context.studio();
    return recordingState !== 'idle' || acquiring;
  }

  /** Brings the live capture in line with Settings changed here or in another tab, once the studio is idle. */
  private async followSettings(): Promise<void> {
    if (this.following || this.lifetime.isOver()) return;
    const next = this.context.settings();
    const change = liveSettingsChange(this.applied, next);
    if (!change) return;
    this.following = true;
    const done = await this.applySettings(change).finally(() => {
      this.following = false;
    });
    if (!done) return;
    this.applied = next;
    // Settings may have changed again while this was applied.
    await this.followSettings();
  }

  /**
   * `video` applies the canvas size and the camera's and screen's size and frame rate; `microphone`
   * opens the microphone again with the new noise suppression and echo cancellation (fixed when a
   * microphone opens; no prompt once granted) and swaps it into the mix. False when the studio was busy.
   */
  private async applySettings(changed: LiveSettingsChange): Promise<boolean> {
    if (this.busy()) return false;
    const settings = this.context.settings();
    if (changed.video) {
      void this.recorderSink?.setSize(canvasSizeForQuality(settings.video.quality));
      await Promise.all([
        applyVideoConstraints(this.webcam, webcamVideoConstraints(settings)),
        applyVideoConstraints(this.screen, screenVideoConstraints(settings)),
      ]);
    }
    // Start may have been pressed meanwhile; then all of it is applied again once idle.
    if (this.busy()) return false;
    const previous = this.microphone;
    if (changed.microphone && previous) {
      // Reopening holds Start off until the new microphone is in the mix.
      this.events.onReopening(true);
      // Chromium shares one capture per device: new processing applies only once the old track is released.
      this.microphone = null;
      this.mixer?.setInput('microphone', null);
      stopStream(previous);
      try {
        const connected = await this.connectMicrophone();
        // On failure the notice is shown and Start asks for a microphone again.
        if (!connected && !this.lifetime.isOver()) this.events.onMicrophoneLost();
      } finally {
        this.events.onReopening(false);
      }
    }
    return true;
  }
}
