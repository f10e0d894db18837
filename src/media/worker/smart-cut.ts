/**
 * Trims a WebM recording (VP8 or VP9 video) re-encoding only what it must. The copy starts with
 * the picture shown at the chosen start: when that picture is a key frame, every packet is copied
 * as it is; otherwise the pictures from the start up to the next key frame are decoded and encoded
 * again (the first as a key frame), and every packet from that key frame on is copied. A recording
 * has a key frame every second, so at most about a second of video is ever re-encoded, whatever
 * the length of the copy. The sound (Opus in our recordings: every packet stands alone) is copied
 * from its first packet that begins at or after the start: a packet cannot be cut, and the one playing
 * at the start, moved to begin at 0, would put all the sound after it up to a packet (20 ms) late. The
 * copy's sound then begins up to a packet after its picture, where players put silence.
 *
 * VP8 and VP9 key frames reset every reference, so copied packets never reach back into the
 * re-encoded part; a different coder for those few pictures is no concern for the decoder either.
 * Packets go into the muxer in time order across tracks, so it never holds more than a few.
 */
import { EncodedAudioPacketSource, EncodedPacket, EncodedPacketSink, EncodedVideoPacketSource, VideoSampleSink, type Input, type InputAudioTrack, type InputVideoTrack, type Output } from 'mediabunny';

export interface SmartCutOptions {
  start: number;
  end: number;
  onProgress: (fraction: number) => void;
  /** Throws once the job was cancelled. */
  checkCancelled: () => void;
}

type Meta = EncodedVideoChunkMetadata | EncodedAudioChunkMetadata | undefined;
type PacketStream = AsyncGenerator<[EncodedPacket, Meta], void, unknown>;

/** The highest bits per second given to re-encoded pictures. */
const MAX_BITRATE = 20_000_000;
/** Encoded pictures waiting in the encoder before the next one is handed over. */
const MAX_ENCODE_QUEUE = 2;

/**
 * How the few re-encoded pictures are encoded. VP9 at a fixed quantizer where the browser offers it:
 * rate control gives an encoder's first picture (a key frame here) too few bits to match the
 * pictures around it, and a fixed quality has no such start.
 */
export interface SmartCutEncoding {
  config: VideoEncoderConfig;
  /** VP9's quantizer (0 best … 63) for every picture, or null when encoding at a bitrate. */
  vp9Quantizer: number | null;
}

/** VP9 quantizer for re-encoded pictures: close to the source, at a second's worth of size. */
const VP9_QUANTIZER = 12;

/** How this browser can re-encode `track`'s pictures, or null when it cannot. */
export async function smartCutEncoding(track: InputVideoTrack, bitrate: number): Promise<SmartCutEncoding | null> {
  const codec = await track.getCodec();
  if ((codec !== 'vp9' && codec !== 'vp8') || typeof VideoEncoder === 'undefined') return null;
  const decoderConfig = await track.getDecoderConfig();
  if (!decoderConfig) return null;
  const [width, height] = await Promise.all([track.getCodedWidth(), track.getCodedHeight()]);
  const base: VideoEncoderConfig = { codec: decoderConfig.codec, width, height, latencyMode: 'quality' };
  const supported = async (config: VideoEncoderConfig) => (await VideoEncoder.isConfigSupported(config).catch(() => null))?.supported === true;
  const fixedQuality: VideoEncoderConfig = { ...base, bitrateMode: 'quantizer' };
  if (codec === 'vp9' && (await supported(fixedQuality))) return { config: fixedQuality, vp9Quantizer: VP9_QUANTIZER };
  // Twice the recording's average: at most a second of video, opening with a key frame.
  const atBitrate: VideoEncoderConfig = { ...base, bitrate: Math.min(2 * bitrate, MAX_BITRATE) };
  return (await supported(atBitrate)) ? { config: atBitrate, vp9Quantizer: null } : null;
}

/** Writes `options.start`..`options.end` of `input` into `output` (not started yet) and finalizes it. */
export async function smartCut(input: Input, output: Output, video: InputVideoTrack, encoding: SmartCutEncoding, options: SmartCutOptions): Promise<void> {
  const audio: InputAudioTrack | null = await input.getPrimaryAudioTrack();
  const videoSource = new EncodedVideoPacketSource((await video.getCodec()) === 'vp8' ? 'vp8' : 'vp9');
  output.addVideoTrack(videoSource);
  const audioCodec = audio ? await audio.getCodec() : null;
  if (audio && !audioCodec) throw new Error('The sound of this recording is in a format this browser cannot read');
  const audioSource = audioCodec ? new EncodedAudioPacketSource(audioCodec) : null;
  if (audioSource) output.addAudioTrack(audioSource);
  await output.start();
  try {
    const streams: { packets: PacketStream; add: (packet: EncodedPacket, meta: Meta) => Promise<void> }[] = [
      {
        packets: videoPackets(video, encoding, options),
        add: async (packet, meta) => {
          await videoSource.add(packet, meta);
          options.onProgress(Math.min(1, (packet.timestamp + packet.duration) / (options.end - options.start)));
        },
      },
    ];
    if (audio && audioSource) {
      const sink = new EncodedPacketSink(audio);
      const from = await firstWholePacket(sink, options.start);
      if (from) streams.push({ packets: copiedPackets(sink, await audio.getDecoderConfig(), from, options), add: (packet, meta) => audioSource.add(packet, meta as EncodedAudioChunkMetadata | undefined) });
    }
    await addInTimeOrder(streams, options.checkCancelled);
    await output.finalize();
  } catch (error) {
    await output.cancel();
    throw error;
  }
}

/** The video: re-encoded pictures up to the first key frame at or after the start, then copied packets. */
async function* videoPackets(track: InputVideoTrack, encoding: SmartCutEncoding, options: SmartCutOptions): PacketStream {
  const sink = new EncodedPacketSink(track);
  const shownAtStart = (await sink.getPacket(options.start)) ?? (await sink.getFirstPacket());
  if (!shownAtStart) return;
  if (shownAtStart.type === 'key') {
    yield* copiedPackets(sink, await track.getDecoderConfig(), shownAtStart, options);
    return;
  }
  const nextKey = await sink.getNextKeyPacket(shownAtStart);
  const copyFrom = nextKey && nextKey.timestamp < options.end ? nextKey : null;
  yield* reencodedPackets(track, encoding, options.start, copyFrom?.timestamp ?? options.end, options);
  if (copyFrom) yield* copiedPackets(sink, null, copyFrom, options);
}

/** The first packet that begins at or after `start` (the first packet when none plays there yet). */
async function firstWholePacket(sink: EncodedPacketSink, start: number): Promise<EncodedPacket | null> {
  const playing = await sink.getPacket(start);
  if (!playing) return sink.getFirstPacket();
  return playing.timestamp < start ? sink.getNextPacket(playing) : playing;
}

/** Packets from `from` until the end, moved to start at 0 and cut to the range. */
async function* copiedPackets(sink: EncodedPacketSink, decoderConfig: VideoDecoderConfig | AudioDecoderConfig | null, from: EncodedPacket, options: SmartCutOptions): PacketStream {
  let meta: Meta = decoderConfig ? { decoderConfig } : undefined;
  for await (const packet of sink.packets(from)) {
    if (packet.timestamp >= options.end) break;
    const start = Math.max(packet.timestamp, options.start);
    const end = Math.min(packet.timestamp + packet.duration, options.end);
    if (end <= start && packet.duration > 0) continue;
    yield [packet.clone({ timestamp: start - options.start, duration: Math.max(0, end - start) }), meta];
    meta = undefined;
  }
}

/** The pictures shown from `from` until `until`, decoded and encoded again, the first as a key frame. */
async function* reencodedPackets(track: InputVideoTrack, { config, vp9Quantizer }: SmartCutEncoding, from: number, until: number, options: SmartCutOptions): PacketStream {
  const ready: [EncodedPacket, Meta][] = [];
  // Set from the encoder's callback; read between pictures.
  const encoding: { failure: Error | null } = { failure: null };
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      ready.push([EncodedPacket.fromEncodedChunk(chunk), meta?.decoderConfig ? meta : undefined]);
    },
    error: (error) => {
      encoding.failure = error;
    },
  });
  let configured = false;
  let encoded = 0;
  try {
    for await (const sample of new VideoSampleSink(track).samples(from, until)) {
      try {
        options.checkCancelled();
        if (encoding.failure) throw encoding.failure;
        // A recording that stepped down to a smaller picture to keep up has pictures smaller than its track.
        if (!configured) {
          encoder.configure({ ...config, width: sample.displayWidth, height: sample.displayHeight });
          configured = true;
        }
        const start = Math.max(sample.timestamp, from);
        const end = Math.min(sample.timestamp + sample.duration, until);
        sample.setTimestamp(start - options.start);
        sample.setDuration(Math.max(end - start, 0));
        const frame = sample.toVideoFrame();
        // (The VP9 quantizer option is newer than TypeScript's WebCodecs types, hence the spread.)
        const perPicture = vp9Quantizer === null ? {} : { vp9: { quantizer: vp9Quantizer } };
        encoder.encode(frame, { keyFrame: encoded === 0, ...perPicture });
        encoded += 1;
        frame.close();
      } finally {
        sample.close();
      }
      while (encoder.encodeQueueSize > MAX_ENCODE_QUEUE) await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
      yield* ready.splice(0);
    }
    if (configured) await encoder.flush();
    if (encoding.failure) throw encoding.failure;
    yield* ready.splice(0);
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
}

/** Adds the streams' packets to the muxer in time order across streams (the muxer then holds only a few). */
async function addInTimeOrder(streams: { packets: PacketStream; add: (packet: EncodedPacket, meta: Meta) => Promise<void> }[], checkCancelled: () => void): Promise<void> {
  try {
    const heads = await Promise.all(streams.map((stream) => stream.packets.next()));
    for (;;) {
      checkCancelled();
      let earliest: { index: number; packet: EncodedPacket; meta: Meta } | null = null;
      for (const [index, head] of heads.entries()) {
        if (head.done) continue;
        const [packet, meta] = head.value;
        if (!earliest || packet.timestamp < earliest.packet.timestamp) earliest = { index, packet, meta };
      }
      if (!earliest) return;
      const stream = streams[earliest.index];
      if (!stream) return;
      await stream.add(earliest.packet, earliest.meta);
      heads[earliest.index] = await stream.packets.next();
    }
  } finally {
    // Stops a stream left midway (cancelled, or failed), which closes its encoder.
    await Promise.all(streams.map((stream) => stream.packets.return(undefined)));
  }
}
