/** MCP's log levels (RFC 5424 severities), least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a shop gets until its client calls logging/setLevel. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

export const isLogLevel = (value: unknown): value is LogLevel => (LOG_LEVELS as readonly unknown[]).includes(value);

/** Whether a message at `level` passes a client's minimum level. */
export const passes = (level: LogLevel, minimum: LogLevel): boolean =>
  LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
