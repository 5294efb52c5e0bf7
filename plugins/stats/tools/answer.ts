import type { TopLevelSpec } from 'vega-lite';
import { imageContent, withContent } from '../../../core/index.js';
import { chartPng } from '../services/charts.js';

/** A report's answer: its numbers, and the chart beside them as a PNG when the caller asked for one. */
export async function answer<T extends Record<string, unknown>>(
  result: T,
  chart: boolean | undefined,
  spec: () => TopLevelSpec | Promise<TopLevelSpec>,
) {
  if (!chart) return result;
  return withContent(result, imageContent(await chartPng(await spec()), 'image/png'));
}
