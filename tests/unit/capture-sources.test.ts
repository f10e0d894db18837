import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/features/settings/settings-schema';
import {
  CaptureSources,
  type AudioMix,
  type CaptureDevices,
  type CaptureEvents,
  type RecorderSink,
  type StudioView,
} from '../../src/features/studio/capture-sources';
import { deferred, FakeTrack, fakeStream } from './support/fake-media';

class FakeRecorder implements RecorderSink {
  readonly video: [string, MediaStreamTrack | null][] = [];
  readonly audio: (MediaStreamTrack | null)[] = [];
  disposed = 0;

  setVideoTrack(kind: 'screen' | 'webcam', track: MediaStreamTrack | null): Promise<void> {
    this.video.push([kind, track]);
    return Promise.resolve();
  }

  setAudioTrack(track: MediaStreamTrack | null): Promise<void> {
    this.audio.push(track);
    return Promise.resolve();
  }

  setSize(): Promise<void> {
    return Promise.resolve();
  }

  dispose(): void {
    this.disposed += 1;
  }
}

describe('CaptureSources', () => {
  let settings: Settings;
  let settingsListeners: Set<() => void>;
  let studio: StudioView;
  let studioListeners: Set<() => void>;
  let requests: { screen: Promise<MediaStream>[]; webcam: Promise<MediaStream>[]; microphone: Promise<MediaStream>[] };
  let nextScreen: Promise<MediaStream>;
  let nextWebcam: Promise<MediaStream>;
  let nextMicrophone: () => Promise<MediaStream>;
  let reported: string[];
  let sources: CaptureSources<FakeRecorder>;

  const mixerTrack = new FakeTrack('audio') as unknown as MediaStreamTrack;
  const mixer: AudioMix = { track: mixerTrack, setInput: () => undefined, level: () => 0, close: () => Promise.resolve() };

  const devices: CaptureDevices = {
    requestScreen: () => (requests.screen.push(nextScreen), nextScreen),
    requestWebcam: () => (requests.webcam.push(nextWebcam), nextWebcam),
    requestMicrophone: () => {
      const stream = nextMicrophone();
      requests.microphone.push(stream);
      return stream;
    },
    createMixer: () => mixer,
  };

  const events: CaptureEvents = {
    onScreenConnected: () => reported.push('screen connected'),
    onScreenEnded: () => {
      reported.push('screen ended');
      return Promise.resolve();
    },
    onWebcamChange: (connected) => reported.push(connected ? 'webcam connected' : 'webcam ended'),
    onMicrophoneConnected: () => reported.push('microphone connected'),
    onMicrophoneEnded: () => reported.push('microphone ended'),
    onMicrophoneLost: () => reported.push('microphone lost'),
    onReopening: (reopening) => reported.push(reopening ? 'reopening' : 'reopened'),
    onAcquisitionFailed: (device) => reported.push(`${device} failed`),
  };

  const notify = (listeners: Set<() => void>) => {
    listeners.forEach((listener) => {
      listener();
    });
  };

  beforeEach(() => {
    settings = structuredClone(DEFAULT_SETTINGS);
    settingsListeners = new Set();
    studio = { mode: 'screen-only', videoEnabled: true, audioEnabled: true, recordingState: 'idle', acquiring: false };
    studioListeners = new Set();
    requests = { screen: [], webcam: [], microphone: [] };
    nextScreen = Promise.resolve(fakeStream('video').stream);
    nextWebcam = Promise.resolve(fakeStream('video').stream);
    nextMicrophone = () => Promise.resolve(fakeStream('audio').stream);
    reported = [];
    const subscribe = (listeners: Set<() => void>) => (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    sources = new CaptureSources<FakeRecorder>(
      {
        settings: () => settings,
        subscribeSettings: subscribe(settingsListeners),
        studio: () => studio,
        subscribeStudio: subscribe(studioListeners),
      },
      events,
      devices,
    );
  });

  it('lets go of a camera that arrives after the studio was left, and reports nothing', async () => {
    const late = fakeStream('video');
    const camera = deferred<MediaStream>();
    nextWebcam = camera.promise;
    const connecting = sources.connectWebcam();
    sources.dispose();
    camera.resolve(late.stream);
    expect(await connecting).toBe(false);
    expect(late.tracks.map((track) => track.stops)).toEqual([1]);
    expect(reported).toEqual([]);
  });

  it('lets go of a screen and a microphone that arrive after dispose', async () => {
    const screen = fakeStream('video', 'audio');
    const microphone = fakeStream('audio');
    const picker = deferred<MediaStream>();
    const prompt = deferred<MediaStream>();
    nextScreen = picker.promise;
    nextMicrophone = () => prompt.promise;
    const selecting = sources.selectScreen();
    const connecting = sources.connectMicrophone();
    sources.dispose();
    picker.resolve(screen.stream);
    prompt.resolve(microphone.stream);
    expect([await selecting, await connecting]).toEqual([false, false]);
    expect([...screen.tracks, ...microphone.tracks].map((track) => track.stops)).toEqual([1, 1, 1]);
    expect(sources.connected('screen')).toBe(false);
  });

  it('disposes a recorder that finishes starting after dispose', async () => {
    const recorder = new FakeRecorder();
    const starting = deferred<FakeRecorder>();
    const connecting = sources.connectRecorder(() => starting.promise);
    sources.dispose();
    starting.resolve(recorder);
    expect(await connecting).toBe(false);
    expect(recorder.disposed).toBe(1);
    expect(sources.recorder).toBeNull();
  });

  it('hands streams connected while the recorder starts to it once it runs', async () => {
    const starting = deferred<FakeRecorder>();
    const connecting = sources.connectRecorder(() => starting.promise);
    const screen = fakeStream('video');
    nextScreen = Promise.resolve(screen.stream);
    expect(await sources.selectScreen()).toBe(true);
    const recorder = new FakeRecorder();
    starting.resolve(recorder);
    expect(await connecting).toBe(true);
    expect(recorder.video).toEqual([['screen', screen.tracks[0]]]);
    expect(reported).toEqual(['screen connected']);
  });

  it('says why the recorder failed to start once it has settled', async () => {
    await expect(sources.connectRecorder(() => Promise.reject(new Error('worker failed to load')))).rejects.toThrow();
    await sources.recorderSettled();
    expect(sources.recorderFailure).toBe('worker failed to load');
  });

  it('asks for the camera once when several parts of the studio want it at the same time', async () => {
    const results = await Promise.all([sources.connectWebcam(), sources.connectWebcam()]);
    expect(results).toEqual([true, true]);
    expect(requests.webcam).toHaveLength(1);
    expect(reported).toEqual(['webcam connected']);
  });

  it('reports a refused device and connects nothing', async () => {
    nextWebcam = Promise.reject(new Error('NotAllowedError'));
    expect(await sources.connectWebcam()).toBe(false);
    expect(reported).toEqual(['webcam failed']);
    expect(sources.connected('webcam')).toBe(false);
  });

  it('drops an ended screen share, tells the studio, and only then takes it off the recorder', async () => {
    const recorder = new FakeRecorder();
    await sources.connectRecorder(() => Promise.resolve(recorder));
    const screen = fakeStream('video');
    nextScreen = Promise.resolve(screen.stream);
    await sources.selectScreen();
    screen.tracks[0]?.end();
    await Promise.resolve();
    expect(reported).toEqual(['screen connected', 'screen ended']);
    expect(screen.tracks[0]?.stops).toBe(1);
    expect(sources.connected('screen')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorder.video.at(-1)).toEqual(['screen', null]);
  });

  it('reports an unplugged microphone and mixes on without it', async () => {
    const microphone = fakeStream('audio');
    nextMicrophone = () => Promise.resolve(microphone.stream);
    expect(await sources.connectMicrophone()).toBe(true);
    microphone.tracks[0]?.end();
    expect(reported).toEqual(['microphone connected', 'microphone ended']);
    expect(microphone.tracks[0]?.stops).toBe(1);
  });

  it('records the microphone itself while it is the only sound, and the mix once there is more or none', async () => {
    const recorder = new FakeRecorder();
    await sources.connectRecorder(() => Promise.resolve(recorder));
    const microphone = fakeStream('audio');
    nextMicrophone = () => Promise.resolve(microphone.stream);
    await sources.connectMicrophone();
    expect(recorder.audio).toEqual([microphone.tracks[0]]);
    // The screen's own sound is mixed in: the recorder takes the mix.
    const screen = fakeStream('video', 'audio');
    nextScreen = Promise.resolve(screen.stream);
    await sources.selectScreen();
    expect(recorder.audio.at(-1)).toBe(mixerTrack);
    // The share ends: the microphone alone again.
    screen.tracks[0]?.end();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorder.audio.at(-1)).toBe(microphone.tracks[0]);
    // Unplugged: the mix's silence keeps the file's sound going.
    microphone.tracks[0]?.end();
    expect(recorder.audio.at(-1)).toBe(mixerTrack);
    // The fallback recorder (MediaRecorder) keeps one track for the whole file: the mix.
    expect(sources.audioTrack).toBe(mixerTrack);
  });

  it('applies the video and audio switches to what it captures', async () => {
    studio = { ...studio, videoEnabled: false, audioEnabled: false };
    const webcam = fakeStream('video');
    const microphone = fakeStream('audio');
    nextWebcam = Promise.resolve(webcam.stream);
    nextMicrophone = () => Promise.resolve(microphone.stream);
    await sources.connectWebcam();
    await sources.connectMicrophone();
    expect([webcam.tracks[0]?.enabled, microphone.tracks[0]?.enabled]).toEqual([false, false]);
    studio = { ...studio, videoEnabled: true };
    sources.applyVideoEnabled();
    expect(webcam.tracks[0]?.enabled).toBe(true);
  });

  it('reopens the microphone for new Settings only once the studio is idle again', async () => {
    const first = fakeStream('audio');
    nextMicrophone = () => Promise.resolve(first.stream);
    await sources.connectMicrophone();
    studio = { ...studio, recordingState: 'recording' };
    settings = { ...settings, audio: { ...settings.audio, noiseSuppression: !settings.audio.noiseSuppression } };
    nextMicrophone = () => Promise.resolve(fakeStream('audio').stream);
    notify(settingsListeners);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.microphone).toHaveLength(1);
    expect(first.tracks[0]?.stops).toBe(0);

    studio = { ...studio, recordingState: 'idle' };
    notify(studioListeners);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.microphone).toHaveLength(2);
    expect(first.tracks[0]?.stops).toBe(1);
    expect(reported).toEqual(['microphone connected', 'reopening', 'microphone connected', 'reopened']);
  });

  it('stops every device and the recorder on dispose, and follows Settings no more', async () => {
    const recorder = new FakeRecorder();
    await sources.connectRecorder(() => Promise.resolve(recorder));
    const screen = fakeStream('video');
    const microphone = fakeStream('audio');
    nextScreen = Promise.resolve(screen.stream);
    nextMicrophone = () => Promise.resolve(microphone.stream);
    await sources.selectScreen();
    await sources.connectMicrophone();
    sources.dispose();
    sources.dispose();
    expect([...screen.tracks, ...microphone.tracks].map((track) => track.stops)).toEqual([1, 1]);
    expect(recorder.disposed).toBe(1);
    expect([settingsListeners.size, studioListeners.size]).toEqual([0, 0]);
  });
});
