/** One file's record in a lane's timing report (timing-reporter.cjs), with the engine it ran on. */
export interface FileTiming {
  file: string;
  engine?: string;
  ms: number;
  /** CPU time of the mocha process and the children it waited for, while the file ran. */
  cpuMs?: number;
  passed: number;
  failed: number;
  pending: number;
  assertions: number;
  failures?: { title: string; message: string }[];
}

export const formatDuration = (ms: number): string => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/** The `count` heaviest file runs by `key`, one line each: wall time, CPU time, engine, file, tests. */
export function heaviestFiles(timings: FileTiming[], count: number, key: 'ms' | 'cpuMs' = 'ms'): string {
  return [...timings]
    .sort((a, b) => (b[key] ?? 0) - (a[key] ?? 0))
    .slice(0, count)
    .map(
      (t) =>
        `  ${formatDuration(t.ms).padStart(12)}  ${`cpu ${formatDuration(t.cpuMs ?? 0)}`.padStart(16)}  ${(t.engine ?? '').padEnd(10)}  ${t.file} (${t.passed + t.failed} tests)`,
    )
    .join('\n');
}

/** Every failing test of the run, one line each, so that the end of a long output names them. */
export function failureList(timings: FileTiming[]): string {
  return timings
    .flatMap((t) =>
      (t.failures ?? []).map((f) => `  ${(t.engine ?? '').padEnd(10)}  ${t.file}: ${f.title}\n      ${f.message}`),
    )
    .join('\n');
}
