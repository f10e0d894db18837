/**
 * The local participant's media (docs/decisions/0012-room-peer-connections.md): camera and microphone
 * (1280×720 with audio), and the screen while sharing (ideal 1920×1080 at 30 fps, at most 3840×2160 at
 * 60). The outgoing video is the screen while sharing, the camera otherwise.
 */
import { ACCESS_DENIED, type DeviceKind } from '../../media';
import { ROOM_ERRORS } from '../../protocol';

export interface MediaProblem {
  device: DeviceKind;
  title: string;
  message: string;
}

const stopAll = (stream: MediaStream | null): void => {
  stream?.getTracks().forEach((track) => {
    track.stop();
  });
};

export class RoomMedia {
  private camera: MediaStream | null = null;
  private microphone: MediaStream | null = null;
  private screen: MediaStream | null = null;
  private sharing: Promise<MediaStream> | null = null;
  private stopped = false;
  videoEnabled = true;
  audioEnabled = true;

  /**
   * Asks for camera and microphone; whatever is refused is reported, the rest is kept. A stop()
   * while the browser is still asking wins: devices granted afterwards are released at once, so a
   * participant who left mid-join never keeps the camera light on.
   */
  async start(audioConstraints: MediaTrackConstraints): Promise<MediaProblem[]> {
    const video: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };
    const keep = (stream: MediaStream): MediaStream | null => {
      if (!this.stopped) return stream;
      stopAll(stream);
      return null;
    };
    try {
      const both = keep(await navigator.mediaDevices.getUserMedia({ video, audio: audioConstraints }));
      if (both) {
        this.camera = new MediaStream(both.getVideoTracks());
        this.microphone = new MediaStream(both.getAudioTracks());
      }
      return [];
    } catch {
      // One device refused or missing: try each alone so the other still works.
    }
    const problems: MediaProblem[] = [];
    try {
      this.camera = keep(await navigator.mediaDevices.getUserMedia({ video, audio: false }));
    } catch {
      problems.push({ device: 'webcam', ...ACCESS_DENIED.webcam });
    }
    if (this.stopped) return problems;
    try {
      this.microphone = keep(await navigator.mediaDevices.getUserMedia({ video: false, audio: audioConstraints }));
    } catch {
      problems.push({ device: 'microphone', ...ACCESS_DENIED.microphone });
    }
    return problems;
  }

  /** What others see: video turned on and something to send (a camera or a screen). */
  get sendsVideo(): boolean {
    return this.videoEnabled && this.outgoingVideo !== null;
  }

  get sendsAudio(): boolean {
    return this.audioEnabled && this.audioTrack !== null;
  }

  get hasCamera(): boolean {
    return this.cameraTrack !== null;
  }

  get hasMicrophone(): boolean {
    return this.audioTrack !== null;
  }

  get isSharing(): boolean {
    return this.screen !== null || this.sharing !== null;
  }

  get cameraTrack(): MediaStreamTrack | null {
    return this.camera?.getVideoTracks()[0] ?? null;
  }

  get screenTrack(): MediaStreamTrack | null {
    return this.screen?.getVideoTracks()[0] ?? null;
  }

  /** What peers and the recording receive as this participant's video. */
  get outgoingVideo(): MediaStreamTrack | null {
    return this.screenTrack ?? this.cameraTrack;
  }

  get audioTrack(): MediaStreamTrack | null {
    return this.microphone?.getAudioTracks()[0] ?? null;
  }

  /** What the local tile shows: the outgoing picture, never the microphone (no echo). */
  previewStream(): MediaStream | null {
    const video = this.outgoingVideo;
    return video ? new MediaStream([video]) : null;
  }

  setVideoEnabled(enabled: boolean): void {
    this.videoEnabled = enabled;
    for (const track of [this.cameraTrack, this.screenTrack]) if (track) track.enabled = enabled;
  }

  setAudioEnabled(enabled: boolean): void {
    this.audioEnabled = enabled;
    const track = this.audioTrack;
    if (track) track.enabled = enabled;
  }

  /** Starts sharing the screen; refused while a share is active or being picked. `onEnded` fires when the browser's own bar ends it. */
  async startScreenShare(onEnded: () => void): Promise<MediaStreamTrack> {
    if (this.isSharing) throw new Error(ROOM_ERRORS.screenShareActive);
    const options: DisplayMediaStreamOptions & { selfBrowserSurface?: string } = {
      video: {
        width: { ideal: 1920, max: 3840 },
        height: { ideal: 1080, max: 2160 },
        frameRate: { ideal: 30, max: 60 },
      },
      audio: false,
      selfBrowserSurface: 'exclude',
    };
    this.sharing = navigator.mediaDevices.getDisplayMedia(options);
    try {
      const stream = await this.sharing;
      const track = stream.getVideoTracks()[0];
      if (!track) {
        stopAll(stream);
        throw new Error('Failed to start screen sharing');
      }
      // Screens carry text: keep their resolution and let the frame rate give way under load.
      track.contentHint = 'detail';
      track.enabled = this.videoEnabled;
      track.addEventListener('ended', () => {
        if (this.screen === stream) onEnded();
      });
      this.screen = stream;
      return track;
    } finally {
      this.sharing = null;
    }
  }

  stopScreenShare(): void {
    stopAll(this.screen);
    this.screen = null;
  }

  stop(): void {
    this.stopped = true;
    this.stopScreenShare();
    stopAll(this.camera);
    stopAll(this.microphone);
    this.camera = null;
    this.microphone = null;
  }
}
