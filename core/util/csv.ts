/**
 * One CSV cell (RFC 4180): quoted when it holds a delimiter, a quote or a line break. A leading
 * =, +, -, @, tab or CR that does not start a number is prefixed with ' so that a spreadsheet never
 * runs a shop's data as a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV line, CRLF-terminated. */
export const csvRow = (values: readonly unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
