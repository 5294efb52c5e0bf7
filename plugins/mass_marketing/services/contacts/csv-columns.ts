import { invalidArguments, foldAccents } from '../../../../core/index.js';

/** Where the phone and the name are in a CSV source's records. */
export interface CsvColumns {
  phone: number;
  name: number | null;
}

const fold = (s: string) =>
  foldAccents(s)
    .trim()
    .replace(/[\s_-]+/g, ' ');

const PHONE_HEADERS = new Set([
  'phone',
  'phone number',
  'telephone',
  'tel',
  'telefono',
  'numero',
  'numero de telefono',
  'number',
  'mobile',
  'movil',
  'cell',
  'celular',
  'whatsapp',
  'msisdn',
  'telefone',
]);
const NAME_HEADERS = new Set([
  'name',
  'full name',
  'nombre',
  'nombre completo',
  'contact',
  'contacto',
  'contact name',
  'first name',
  'nome',
]);

/** Without a header: phone first, name second. */
export const POSITIONAL: CsvColumns = { phone: 0, name: 1 };

/**
 * Whether the first record is a header: it is when a field names a phone column and no field holds
 * something with as many digits as a phone number.
 */
export function looksLikeHeader(fields: string[]): boolean {
  const folded = fields.map(fold);
  return folded.some((f) => PHONE_HEADERS.has(f)) && !fields.some((f) => (f.match(/\d/g)?.length ?? 0) >= 6);
}

/**
 * The columns a header names. A header given by the caller (has_header: true) that names no phone
 * column is refused rather than guessed.
 */
export function columnsFromHeader(fields: string[]): CsvColumns {
  const folded = fields.map(fold);
  const phone = folded.findIndex((f) => PHONE_HEADERS.has(f));
  if (phone < 0) {
    throw invalidArguments(
      `The CSV header (${fields.join(', ')}) names no phone column; name it "phone" (or teléfono, número, mobile, whatsapp), or pass has_header: false to read the first column as the phone and the second as the name.`,
      [{ path: 'csv_text', message: 'header names no phone column' }],
    );
  }
  const name = folded.findIndex((f) => NAME_HEADERS.has(f));
  return { phone, name: name < 0 ? null : name };
}
