/**
 * The wait before the next attempt after `attempt` failed, ±10 % so that messages that failed
 * together do not come back together; null when the schedule has no attempt left. A receiver's
 * own delay (Retry-After) replaces the schedule's step but never stretches past it, so a
 * receiver cannot park a message for longer than the schedule would.
 */
export function nextAttemptDelay(
  schedule: readonly number[],
  attempt: number,
  askedMs?: number,
  random: () => number = Math.random,
): number | null {
  const step = schedule[attempt - 1];
  if (step === undefined) return null;
  if (askedMs !== undefined) return Math.min(Math.max(0, askedMs), step);
  return Math.round(step * (0.9 + 0.2 * random()));
}
