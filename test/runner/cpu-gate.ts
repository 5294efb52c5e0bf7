import { cpus } from 'node:os';

/**
 * How much of the machine's CPU is idle, sampled every second over the last few seconds. The
 * runner starts another lane only while enough of it is: most lanes wait on processes, sockets
 * and timers, but some keep a core busy, and an oversubscribed machine turns every fixed wait of a
 * test into a flake. Outside load (another build on the machine) counts the same way.
 */
export class CpuGate {
  private samples: { idle: number; total: number }[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly window = 5) {
    this.samples.push(totals());
    this.timer = setInterval(() => {
      this.samples.push(totals());
      if (this.samples.length > this.window + 1) this.samples.shift();
    }, 1000);
    this.timer.unref();
  }

  /** The idle share of all cores over the window (0 to 1); 1 before a second has passed. */
  idle(): number {
    const first = this.samples[0]!;
    const last = this.samples.at(-1)!;
    const total = last.total - first.total;
    return total > 0 ? (last.idle - first.idle) / total : 1;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

function totals(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}
