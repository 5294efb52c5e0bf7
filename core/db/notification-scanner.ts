const NOTIFICATION_RESPONSE = 0x41; // 'A'

/**
 * Reads the NotificationResponse messages out of a backend's byte stream, given in chunks cut
 * anywhere. Other messages are skipped by their length without being copied.
 */
export class NotificationScanner {
  private readonly header = new Uint8Array(5);
  private headerLength = 0;
  /** Bytes of the current message's body still to come. */
  private remaining = 0;
  /** The body of a notification being read, else null. */
  private body: Uint8Array | null = null;
  private bodyLength = 0;

  constructor(private readonly heard: (channel: string, payload: string) => void) {}

  push(data: Uint8Array): void {
    let at = 0;
    while (at < data.length) {
      if (this.remaining === 0) {
        const take = Math.min(5 - this.headerLength, data.length - at);
        this.header.set(data.subarray(at, at + take), this.headerLength);
        this.headerLength += take;
        at += take;
        if (this.headerLength < 5) return;
        this.headerLength = 0;
        this.remaining = new DataView(this.header.buffer).getUint32(1) - 4;
        this.body = this.header[0] === NOTIFICATION_RESPONSE ? new Uint8Array(this.remaining) : null;
        this.bodyLength = 0;
        continue;
      }
      const take = Math.min(this.remaining, data.length - at);
      if (this.body) {
        this.body.set(data.subarray(at, at + take), this.bodyLength);
        this.bodyLength += take;
      }
      this.remaining -= take;
      at += take;
      if (this.remaining === 0 && this.body) this.announce(this.body);
    }
  }

  /** Int32 process id, then the channel and the payload, each ended by a zero byte. */
  private announce(body: Uint8Array): void {
    this.body = null;
    const channelEnd = body.indexOf(0, 4);
    const payloadEnd = body.indexOf(0, channelEnd + 1);
    const text = new TextDecoder();
    this.heard(text.decode(body.subarray(4, channelEnd)), text.decode(body.subarray(channelEnd + 1, payloadEnd)));
  }
}
