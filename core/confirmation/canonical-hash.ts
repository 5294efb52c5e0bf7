import { createHash } from 'node:crypto';

const CONTROL_ARGS = new Set(['confirm', 'confirmation_token']);

/** Arguments without the confirmation controls, with keys in a stable order at every depth. */
export function confirmableArgs(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([key]) => !CONTROL_ARGS.has(key)));
}

export function canonicalHash(args: Record<string, unknown>): string {
  return createHash('sha256')
    .update(canonicalJson(confirmableArgs(args)))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
