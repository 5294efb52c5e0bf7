import { phoneE164OrNull } from '../../../../core/index.js';

/** A row as a source gives it: its position (CSV line or array index), the phone as typed, the name. */
export interface RawRow {
  line: number;
  phone: string;
  name?: string | null;
}

/** A row that cannot be added, with why (`code` is stable, `reason` is for people). */
export interface RowError {
  line: number;
  value: string;
  code: 'missing_phone' | 'invalid_phone' | 'name_too_long';
  reason: string;
}

/** Valid rows of one chunk, in columns, ready to stage. */
export interface ContactColumns {
  lines: number[];
  phones: string[];
  names: (string | null)[];
}

export const NAME_MAX = 200;
const VALUE_MAX = 200;

/**
 * Checks and normalises a chunk of rows: phones to E.164 with the same rule as everywhere else in
 * the system (kernel `phoneE164OrNull`), names trimmed (blank → none). A row that fails is kept as
 * an error with its line, never dropped. A number seen before in the same chunk is checked once.
 */
export function normaliseRows(rows: RawRow[]): { valid: ContactColumns; errors: RowError[] } {
  const valid: ContactColumns = { lines: [], phones: [], names: [] };
  const errors: RowError[] = [];
  const seen = new Map<string, string | null>();
  for (const row of rows) {
    const raw = row.phone.trim();
    const value = raw.slice(0, VALUE_MAX);
    if (raw === '') {
      errors.push({ line: row.line, value, code: 'missing_phone', reason: 'the row has no phone number' });
      continue;
    }
    let phone = seen.get(raw);
    if (phone === undefined) {
      phone = phoneE164OrNull(raw);
      seen.set(raw, phone);
    }
    if (phone === null) {
      errors.push({
        line: row.line,
        value,
        code: 'invalid_phone',
        reason: 'not a valid phone number with an international prefix (E.164, e.g. +34600111222)',
      });
      continue;
    }
    const name = row.name?.trim() || null;
    if (name !== null && name.length > NAME_MAX) {
      errors.push({
        line: row.line,
        value,
        code: 'name_too_long',
        reason: `the name has more than ${NAME_MAX} characters`,
      });
      continue;
    }
    valid.lines.push(row.line);
    valid.phones.push(phone);
    valid.names.push(name);
  }
  return { valid, errors };
}

/** A phone argument that is not a valid number, with its position in the arguments. */
export interface InvalidPhone {
  index: number;
  phone: string;
  reason: string;
}

/** Phones given as tool arguments → the distinct valid ones in E.164 (first-seen order) and the invalid ones. */
export function splitPhones(rawPhones: string[]): { phones: string[]; invalid: InvalidPhone[] } {
  const invalid: InvalidPhone[] = [];
  const phones = new Set<string>();
  rawPhones.forEach((raw, index) => {
    const phone = phoneE164OrNull(raw);
    if (phone === null)
      invalid.push({ index, phone: raw, reason: 'not a valid phone number with an international prefix' });
    else phones.add(phone);
  });
  return { phones: [...phones], invalid };
}

/** The invalid phones as row errors, for `allInvalid`. */
export const phoneErrors = (invalid: InvalidPhone[]): RowError[] =>
  invalid.map((e) => ({ line: e.index, value: e.phone, code: 'invalid_phone', reason: e.reason }));
