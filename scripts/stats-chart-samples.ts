import { writeFile } from 'node:fs/promises';
import { barChart, chartPng, heatmapChart, lineChart } from '../plugins/stats/services/charts.js';

/**
 * Draws one sample of each chart type the stats tools answer with, into plugins/stats/charts/, so
 * the README shows what a person sees in their MCP client. Data is a fixed sample, not a shop's.
 */
const days = Array.from({ length: 14 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const wave = (i: number, base: number) => Math.round(base + base * 0.4 * Math.sin(i / 2));
const out = new URL('../plugins/stats/charts/', import.meta.url);

await writeFile(
  new URL('line.png', out),
  await chartPng(
    lineChart(
      'Messages',
      days.flatMap((period, i) => [
        { period, series: 'inbound', value: wave(i, 40) },
        { period, series: 'outbound', value: wave(i + 1, 55) },
        { period, series: 'failed', value: i % 5 },
      ]),
    ),
  ),
);
await writeFile(
  new URL('bar.png', out),
  await chartPng(
    barChart('Credits by source', [
      { label: 'campaign', value: 412_000 },
      { label: 'manual', value: 96_500 },
      { label: 'followup', value: 31_000 },
      { label: 'calendar', value: 18_500 },
      { label: 'notifications', value: 4_000 },
    ]),
  ),
);
await writeFile(
  new URL('heatmap.png', out),
  await chartPng(
    heatmapChart(
      'Messages by weekday and hour',
      Array.from({ length: 7 }, (_, d) =>
        Array.from({ length: 24 }, (_, h) =>
          h < 8 || h > 21 ? 0 : Math.round((d < 5 ? 30 : 12) * Math.sin(((h - 8) / 13) * Math.PI)),
        ),
      ),
    ),
  ),
);
console.log('wrote plugins/stats/charts/{line,bar,heatmap}.png');
