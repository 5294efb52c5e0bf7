import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { invalidArguments } from '../errors/tool-error.js';

/**
 * Phones are stored in E.164 everywhere, so the same person is the same row whichever group saw
 * them first. Input must carry its international prefix ("+34 600…" or "0034 600…"); without a
 * country to assume, a national number would be a guess.
 */
export function normalizePhone(raw: string, field = 'phone'): string {
  const cleaned = raw.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(cleaned.startsWith('+') ? cleaned : `+${cleaned}`);
  if (!parsed || !parsed.isValid()) {
    throw invalidArguments(`${field} "${raw}" is not a valid phone number with an international prefix (E.164, e.g. +34600111222).`, [
      { path: field, message: 'is not a valid international phone number' },
    ]);
  }
  return parsed.number;
}

/** The calling-code prefix of an E.164 number, e.g. "34" for +34600111222. */
export function countryCallingCode(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.countryCallingCode;
}
