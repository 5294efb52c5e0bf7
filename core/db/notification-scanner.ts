const NOTIFICATION_RESPONSE = 0x41; // 'A'

/**
 * Finds the NotificationResponse messages in a backend's byte stream, given in chunks cut anywhere,
 * and hands each over whole (type, length and body). Other messages are skipped by their length
 * without being copied.
 */
export class NotificationScanner {
  private readonly header = new Uint8Array(5);
  private headerLength = 0;
  /** Bytes of the current message's body still to come. */
  private remaining = 0;
  /** A notification being read (its header already in place), else null. */
  private message: Uint8Array | null = null;
  private filled = 0;

  constructor(private readonly found: (message: Uint8Array) => void) {}

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
        if (this.header[0] === NOTIFICATION_RESPONSE) {
          this.message = new Uint8Array(5 + this.remaining);
          this.message.set(this.header);
          this.filled = 5;
        }
        continue;
      }
      const take = Math.min(this.remaining, data.length - at);
      if (this.message) {
        this.message.set(data.subarray(at, at + take), this.filled);
        this.filled += take;
      }
      this.remaining -= take;
      at += take;
      if (this.remaining === 0 && this.message) {
        this.found(this.message);
        this.message = null;
      }
    }
  }
}
