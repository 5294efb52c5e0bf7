import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to this much above what the last full collection left live. */
export const HEAP_GROWING_PERCENT = 40;

/**
 * Bounds how far V8 lets the old generation grow past the live heap before the next full
 * collection. By default it picks a factor of up to 4 when collections are cheap: the campaign
 * engine's server kept ~80 MB live while its heap grew to 330 MB of promoted garbage between two
 * full collections, 453 MB RSS at the peak. At 1.4 the peak was 246 MB for the benchmark's 120,000
 * sends (1.5: 255–264 MB) for 5–10% more of the server's CPU, which is not the engine's limit: a
 * full collection of that heap takes ~50 ms, every few seconds under load (1.25 cost 13% more).
 * Unlike --max-old-space-size this is no cap: the limit follows the live heap, so a real spike
 * grows it instead of crashing the process. A --heap-growing-percent given to node wins.
 */
export function boundHeapGrowth(execArgv = process.execArgv, setFlags = setFlagsFromString): void {
  if (execArgv.some((flag) => /^--heap[-_]growing[-_]percent(=|$)/.test(flag))) return;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
