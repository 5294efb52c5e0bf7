import type { AuditResource } from './audit-record.js';

const scalar = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));

function answered(payload: Record<string, unknown> | undefined): AuditResource | null {
  for (const [key, value] of Object.entries(payload ?? {})) {
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && scalar(id))
      return { type: key, id: String(id) };
  }
  return null;
}

function named(args: Record<string, unknown>): AuditResource | null {
  for (const [key, value] of Object.entries(args))
    if (key.endsWith('_id') && key.length > 3 && scalar(value)) return { type: key.slice(0, -3), id: String(value) };
  return null;
}

/**
 * The record a call touched, by convention rather than by declaration. A call that makes a record
 * (`create_*`, `book_*`, `schedule_*`) touched what it answers (`{ ticket: { id: 12 } }` → ticket
 * 12); any other touched the first `<type>_id` it names (`ticket_id: 12` → ticket 12, even when it
 * answers a new note); else the phone it is about. The payload key and the argument prefix name
 * the same type across a group's tools, so one record's history joins its creation and every
 * later change.
 */
export function resourceOf(
  tool: string,
  args: Record<string, unknown>,
  payload?: Record<string, unknown>,
): AuditResource | null {
  const makes = /^(create|book|schedule)_/.test(tool);
  const found = makes ? (answered(payload) ?? named(args)) : (named(args) ?? answered(payload));
  return found ?? (scalar(args.phone) ? { type: 'phone', id: String(args.phone) } : null);
}
