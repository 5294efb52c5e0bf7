/**
 * A request written but for its last byte (NetworkGuard.open), through each layer of a client:
 * `complete()` writes that byte in the call and does nothing else, so that a caller completing many
 * writes their last bytes back to back; `answer()` is then what the other side answered, as the
 * layer reads it. Abandoned, it stays incomplete and the other side takes nothing.
 */
export interface Opened<T> {
  complete(): void;
  answer(): Promise<T>;
  abandon(): void;
}
