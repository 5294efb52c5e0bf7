import type { AuditResource } from './audit-record.js';

const scalar = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));

/**
 * The record a call touched, by convention rather than by declaration: the first object of the
 * answer that has an id (`{ ticket: { id: 12 } }` → ticket 12, what a create made), else the first
 * `<type>_id` argument (`ticket_id: 12` → ticket 12), else the phone the call is about. The payload
 * key and the argument prefix name the same type across a group's tools, so one record's history
 * joins its creation and every later change.
 */
export function resourceOf(args: Record<string, unknown>, payload?: Record<string, unknown>): AuditResource | null {
  for (const [key, value] of Object.entries(payload ?? {})) {
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && scalar(id))
      return { type: key, id: String(id) };
  }
  for (const [key, value] of Object.entries(args))
    if (key.endsWith('_id') && key.length > 3 && scalar(value)) return { type: key.slice(0, -3), id: String(value) };
  return scalar(args.phone) ? { type: 'phone', id: String(args.phone) } : null;
}
