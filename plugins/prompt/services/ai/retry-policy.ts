/** The wait before retry `attempt` (1-based): the provider's retry-after when it gave one, else 0.5 s, 1 s, 2 s… with jitter. */
export function retryDelayMs(attempt: number, retryAfter: string | null | undefined): number {
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = retryAfter ? Date.parse(retryAfter) : NaN;
  if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  const base = 500 * 2 ** (attempt - 1);
  return base / 2 + Math.random() * (base / 2);
}

/** Statuses worth another try: rate limits and the provider's own failures. */
export const retryable = (status: number | undefined) => status === undefined || status === 429 || status >= 500;
