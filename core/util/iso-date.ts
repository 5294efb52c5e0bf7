/**
 * An instant as outputs write it (ISO 8601 UTC, `toISOString()`), or null when there is none. Text
 * is accepted too: the pg driver as the ORM configures it hands raw rows' timestamps over as text.
 */
export const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value ? (typeof value === 'string' ? new Date(value) : value).toISOString() : null;
