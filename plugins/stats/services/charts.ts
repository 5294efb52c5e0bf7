import type { TopLevelSpec } from 'vega-lite';

/**
 * A Vega-Lite chart drawn on the server: compiled to Vega, rendered to SVG headless (no browser,
 * no canvas), rasterised to PNG by resvg at 2× for sharp text. The numbers travel beside it in the
 * JSON, so a client that cannot show images loses nothing. The three libraries are loaded on the
 * first chart: together they hold ~80 MB that a server nobody asks for a chart should not carry.
 */
export async function chartPng(spec: TopLevelSpec): Promise<Buffer> {
  const [vega, { compile }, { Resvg }] = await Promise.all([
    import('vega'),
    import('vega-lite'),
    import('@resvg/resvg-js'),
  ]);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    return Buffer.from(
      new Resvg(svg, { background: 'white', fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true } })
        .render()
        .asPng(),
    );
  } finally {
    view.finalize();
  }
}

const BASE = { width: 560, height: 240, config: { font: 'DejaVu Sans, Arial, sans-serif' } } as const;

/** Values over time, one line per series. */
export function lineChart(title: string, rows: { period: string; series: string; value: number }[]): TopLevelSpec {
  return {
    ...BASE,
    title,
    data: { values: rows },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'period', type: 'ordinal', title: null, axis: { labelAngle: -45 } },
      y: { field: 'value', type: 'quantitative', title: null },
      color: { field: 'series', type: 'nominal', title: null },
    },
  };
}

/** One bar per category. */
export function barChart(title: string, rows: { label: string; value: number }[]): TopLevelSpec {
  return {
    ...BASE,
    title,
    data: { values: rows },
    mark: 'bar',
    encoding: {
      x: { field: 'label', type: 'nominal', title: null, sort: '-y' },
      y: { field: 'value', type: 'quantitative', title: null },
    },
  };
}

/** Labels by day_of_week (0 = Sunday), as the heatmap's rows come. */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** The chart draws the week from Monday. */
const MONDAY_FIRST = [...WEEKDAYS.slice(1), WEEKDAYS[0]!];

/** The 7×24 activity grid. */
export function heatmapChart(title: string, matrix: number[][]): TopLevelSpec {
  const values = matrix.flatMap((hours, d) => hours.map((n, h) => ({ day: WEEKDAYS[d], hour: h, n })));
  return {
    ...BASE,
    height: 200,
    title,
    data: { values },
    mark: 'rect',
    encoding: {
      x: { field: 'hour', type: 'ordinal', title: 'hour' },
      y: { field: 'day', type: 'ordinal', sort: MONDAY_FIRST, title: null },
      color: { field: 'n', type: 'quantitative', title: 'messages', scale: { scheme: 'blues' } },
    },
  };
}
