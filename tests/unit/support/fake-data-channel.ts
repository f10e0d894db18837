/**
 * Two ends of an in-memory RTCDataChannel for unit tests: reliable and ordered like the real one,
 * each message delivered on a later task, `bufferedAmount` counting what is on its way, and close()
 * closing both ends. Only the parts the track transfer uses.
 */
type Listener<E> = ((event: E) => void) | null;

export class FakeDataChannel {
  readyState: RTCDataChannelState = 'connecting';
  binaryType: BinaryType = 'blob';
  bufferedAmount = 0;
  bufferedAmountLowThreshold = 0;
  onopen: Listener<Event> = null;
  onmessage: Listener<MessageEvent> = null;
  onclose: Listener<Event> = null;
  onbufferedamountlow: Listener<Event> = null;
  peer: FakeDataChannel | null = null;
  /** Every message this end sent, for assertions (binary ones by size). */
  readonly sent: (string | number)[] = [];

  constructor(readonly label: string) {}

  static pair(label: string): [FakeDataChannel, FakeDataChannel] {
    const a = new FakeDataChannel(label);
    const b = new FakeDataChannel(label);
    a.peer = b;
    b.peer = a;
    return [a, b];
  }

  /** Both ends open, as when the connection's data transport comes up. */
  open(): void {
    for (const end of [this, this.peer]) {
      if (!end) continue;
      end.readyState = 'open';
      end.onopen?.(new Event('open'));
    }
  }

  send(data: string | ArrayBuffer): void {
    if (this.readyState !== 'open') throw new Error('InvalidStateError: the channel is not open');
    const size = typeof data === 'string' ? data.length : data.byteLength;
    this.sent.push(typeof data === 'string' ? data : size);
    this.bufferedAmount += size;
    const copy = typeof data === 'string' ? data : data.slice(0);
    setTimeout(() => {
      this.bufferedAmount -= size;
      if (this.bufferedAmount <= this.bufferedAmountLowThreshold) this.onbufferedamountlow?.(new Event('bufferedamountlow'));
      const peer = this.peer;
      if (peer?.readyState === 'open') peer.onmessage?.(new MessageEvent('message', { data: copy }));
    }, 0);
  }

  close(): void {
    for (const end of [this, this.peer]) {
      if (!end || end.readyState === 'closed') continue;
      end.readyState = 'closed';
      end.onclose?.(new Event('close'));
    }
  }
}

export const asChannel = (channel: FakeDataChannel): RTCDataChannel => channel as unknown as RTCDataChannel;
