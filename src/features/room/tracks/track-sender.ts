/**
 * A participant's side of one track transfer: sends their own recording to the host block by
 * block while it is being made, and, once it is finished, checks with the host block by block and
 * as a whole (SHA-256) until the host's copy is the same bytes (docs/decisions/0015-podcast-tracks.md).
 * A channel that closes is simply replaced: the host says what it holds and sending goes on from there.
 */
import { BLOCK_BYTES, HASHES_PER_MESSAGE, blockCount, digestFile, encodeBlock, parseReceiverMessage, type ReceiverMessage, type SenderMessage } from './track-transfer-protocol';
import { reportError } from '../../../shared/report-error';

/** Above this much waiting in the channel, sending waits for it to drain. */
const HIGH_WATER_BYTES = 1024 * 1024;
const LOW_WATER_BYTES = 256 * 1024;
/** Blocks sent but not yet written by the host: the host's storage sets the pace too. */
const MAX_UNACKED_BLOCKS = 48;
/** While recording, how often the file is looked at for new whole blocks. */
const POLL_MS = 1000;

export interface OwnRecording {
  recordingId: string;
  createdAt: number;
  width: number;
  height: number;
}

export interface SenderFile {
  /** The stored file so far (or finished), as a disk-backed Blob. */
  bytes: Blob;
  durationMs: number;
  finished: boolean;
}

export interface SendProgress {
  /** Bytes the host has written. */
  sentBytes: number;
  /** Bytes of the participant's own copy so far. */
  totalBytes: number;
  finished: boolean;
  /** The host's copy is whole and checked. */
  delivered: boolean;
  connected: boolean;
}

export interface TrackSenderDeps {
  readFile(): Promise<SenderFile>;
  onProgress(progress: SendProgress): void;
}

export class TrackSender {
  private channel: RTCDataChannel | null = null;
  /** Blocks the host has written, contiguous from 0. */
  private acked = 0;
  /** Next block to send while recording. */
  private next = 0;
  private finished = false;
  private delivered = false;
  private totalBytes = 0;
  private wanted: number[] | null = null;
  private wake: (() => void) | null = null;
  private running = false;
  private disposed = false;

  constructor(
    readonly recording: OwnRecording,
    private readonly deps: TrackSenderDeps,
  ) {}

  get isDelivered(): boolean {
    return this.delivered;
  }

  /** A fresh channel to the host: replaces the last one and starts (or resumes) the transfer. */
  attach(channel: RTCDataChannel): void {
    if (this.disposed || this.delivered) {
      channel.close();
      return;
    }
    this.channel?.close();
    this.channel = channel;
    channel.binaryType = 'arraybuffer';
    channel.bufferedAmountLowThreshold = LOW_WATER_BYTES;
    channel.onopen = () => {
      const { recordingId, createdAt, width, height } = this.recording;
      this.send({ t: 'begin', recordingId, createdAt, width, height });
    };
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (this.channel !== channel) return;
      const message = parseReceiverMessage(data);
      if (message) this.onMessage(message);
    };
    channel.onclose = () => {
      if (this.channel !== channel) return;
      this.channel = null;
      this.report();
      this.poke();
    };
    channel.onbufferedamountlow = () => {
      this.poke();
    };
  }

  /** The participant's recording is finished: what is left is sent, and the copy checked. */
  finish(): void {
    this.finished = true;
    this.poke();
  }

  dispose(): void {
    this.disposed = true;
    this.channel?.close();
    this.channel = null;
    this.poke();
  }

  private onMessage(message: ReceiverMessage): void {
    switch (message.t) {
      case 'have':
        // Sending starts again from what the host holds; the check at the end catches anything else.
        this.acked = message.count;
        this.next = message.count;
        this.run();
        break;
      case 'ack':
        this.acked = Math.max(this.acked, message.count);
        this.report();
        break;
      case 'want':
        this.wanted = [...message.blocks];
        break;
      case 'received':
        this.delivered = true;
        this.report();
        this.channel?.close();
        this.channel = null;
        break;
    }
    this.poke();
  }

  private run(): void {
    if (this.running) return;
    this.running = true;
    void this.loop()
      .catch((error: unknown) => {
        reportError('podcast track: send to the host', error);
      })
      .finally(() => {
        this.running = false;
      });
  }

  private async loop(): Promise<void> {
    while (this.open() && !this.delivered) {
      const file = await this.deps.readFile();
      this.totalBytes = file.bytes.size;
      if (!file.finished) {
        // Only whole blocks while recording: the last one is still growing.
        const whole = Math.floor(file.bytes.size / BLOCK_BYTES);
        while (this.next < whole && this.open()) await this.sendBlock(file.bytes, this.next++);
        this.send({ t: 'progress', recorded: file.bytes.size, durationMs: file.durationMs, finished: false });
        this.report();
        if (!this.finished) await this.sleep(POLL_MS);
        continue;
      }
      await this.check(file);
    }
  }

  /** The finished file: every block the host lacks or holds differently is sent, then its copy is checked whole. */
  private async check(file: SenderFile): Promise<void> {
    const { bytes } = file;
    const count = blockCount(bytes.size);
    while (this.next < count && this.open()) await this.sendBlock(bytes, this.next++);
    const digest = await digestFile(bytes);
    if (!this.open()) return;
    const hashMessages = Math.ceil(digest.blocks.length / HASHES_PER_MESSAGE);
    this.wanted = null;
    this.send({ t: 'final', size: bytes.size, durationMs: file.durationMs, sha256: digest.sha256, hashMessages });
    for (let from = 0; from < digest.blocks.length; from += HASHES_PER_MESSAGE) {
      this.send({ t: 'hashes', from, list: digest.blocks.slice(from, from + HASHES_PER_MESSAGE) });
    }
    this.report();
    while (this.open() && !this.delivered && this.wantedBlocks() === null) await this.sleep(POLL_MS * 5);
    const wanted = this.wantedBlocks() ?? [];
    for (const index of wanted) {
      if (!this.open()) return;
      await this.sendBlock(bytes, index);
    }
  }

  private async sendBlock(file: Blob, index: number): Promise<void> {
    while (this.open() && (this.bufferedAmount() > HIGH_WATER_BYTES || index - this.acked >= MAX_UNACKED_BLOCKS)) await this.sleep(POLL_MS);
    if (!this.open()) return;
    const position = index * BLOCK_BYTES;
    const block = new Uint8Array(await file.slice(position, position + BLOCK_BYTES).arrayBuffer());
    this.channel?.send(encodeBlock(index, block));
  }

  /** What the host last asked for again (a method: it changes while the loop awaits). */
  private wantedBlocks(): number[] | null {
    return this.wanted;
  }

  private send(message: SenderMessage): void {
    if (this.channel?.readyState === 'open') this.channel.send(JSON.stringify(message));
  }

  private open(): boolean {
    return !this.disposed && this.channel?.readyState === 'open';
  }

  private bufferedAmount(): number {
    return this.channel?.bufferedAmount ?? 0;
  }

  /** Waits up to `ms`, or until something happens (a message, the channel draining or closing, the finish). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private poke(): void {
    this.wake?.();
  }

  private report(): void {
    this.deps.onProgress({
      sentBytes: Math.min(this.totalBytes, this.acked * BLOCK_BYTES),
      totalBytes: this.totalBytes,
      finished: this.finished,
      delivered: this.delivered,
      connected: this.channel?.readyState === 'open',
    });
  }
}
