import { readdirSync, readFileSync } from 'node:fs';

/** VmRSS and VmHWM (the peak since the process started) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The CPU time a process has used (user and system, every thread), in ms. */
export function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks (USER_HZ = 100)
}

/** The CPU time every process of this command name (e.g. "postgres": the server and its backends) has used, in ms. */
export function cpuOfCommand(command: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command) total += cpuOf(Number(pid));
    } catch {
      // the process exited while being read
    }
  }
  return total;
}
