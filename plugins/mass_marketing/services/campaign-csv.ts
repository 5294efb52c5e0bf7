import { LOG_COLUMNS, logPayload, type RecipientRow } from './campaign-payloads.js';

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Quotes for delimiters, quotes and line breaks (RFC 4180); a leading =, +, - or @ is prefixed so
  // that a spreadsheet never runs a contact's name as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const CSV_HEADER = `${LOG_COLUMNS.join(',')}\r\n`;

/** Recipient rows as CSV lines (CRLF), in the column order of the header. */
export const csvLines = (rows: RecipientRow[]) =>
  rows
    .map((r) => {
      const p = logPayload(r);
      return `${LOG_COLUMNS.map((c) => cell(p[c])).join(',')}\r\n`;
    })
    .join('');
