/** How the simulated network behaves in time; short values make tests fast. */
export interface SandboxTimings {
  /** From send to the delivered receipt. */
  deliveredAfterMs: number;
  /** From delivered to the read receipt; null: nobody reads, the message stays delivered. */
  readAfterMs: number | null;
  /** How often the engine looks for due receipts and undelivered events. */
  pollIntervalMs: number;
  /** How long one delivery attempt holds an event before another process may take it over. */
  deliveryLeaseMs: number;
  /** After this many failed deliveries an event is parked as failed. */
  maxDeliveryAttempts: number;
}

export const DEFAULT_SANDBOX_TIMINGS: Readonly<SandboxTimings> = Object.freeze({
  deliveredAfterMs: 1500,
  readAfterMs: 4000,
  pollIntervalMs: 250,
  deliveryLeaseMs: 30_000,
  maxDeliveryAttempts: 12,
});

/** 1 s, 2 s, 4 s … capped at 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 300_000);
