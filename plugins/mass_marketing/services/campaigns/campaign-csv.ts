import { csvRow } from '../../../../core/index.js';
import { LOG_COLUMNS, logPayload, type RecipientRow } from '../payloads.js';

export const CSV_HEADER = `${LOG_COLUMNS.join(',')}\r\n`;

/** Recipient rows as CSV lines (CRLF), in the column order of the header. */
export const csvLines = (rows: RecipientRow[]) =>
  rows
    .map((r) => {
      const p = logPayload(r);
      return csvRow(LOG_COLUMNS.map((c) => p[c]));
    })
    .join('');
