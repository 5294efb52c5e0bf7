import type { LogLevel } from './log-level.js';
import type { ClientRequests } from './client-requests.js';

/**
 * What a tool may tell the client while it works, besides its result: progress on long work and
 * log messages. Both are dropped when the client cannot hear them (no progressToken, a level below
 * the shop's, a client that does not read streams), so a handler calls them without asking.
 */
export interface CallReporter {
  /** `done` of `total` (total when known); sent at most every PROGRESS_INTERVAL_MS, and always at the end. */
  progress(done: number, total?: number, message?: string): void;
  /** A notifications/message for the client, from logger `group`. */
  log(level: LogLevel, data: string | Record<string, unknown>): void;
}

export const silentReporter: CallReporter = {
  progress: () => undefined,
  log: () => undefined,
};

/** Where a request's tool call gets its reporter (the request's stream): `group` names the logger, `secrets` are never echoed. */
export interface ReporterSource {
  reporter(group: string, secrets: readonly string[]): CallReporter;
  /** What the call may ask its client (a person's answer, the client's model). */
  readonly client: ClientRequests;
}
