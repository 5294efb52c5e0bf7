import { invalidArguments, type ShopProfileChanges } from '../../../core/index.js';

export interface ProfileFieldsInput {
  name?: string;
  timezone?: string;
  locale?: string;
  currency?: string;
}

const IANA_NAME = /^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/;

/** The IANA name as Intl spells it ("europe/madrid" → "Europe/Madrid"), or null. Abbreviations such as EST are refused. */
function canonicalTimeZone(raw: string): string | null {
  if (!IANA_NAME.test(raw) && raw.toUpperCase() !== 'UTC') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A well-formed BCP 47 tag the runtime has data for, in canonical case ("EN-us" → "en-US"), or null. */
function canonicalLocale(raw: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(raw);
    return tag && tag.length <= 16 && Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1 ? tag : null;
  } catch {
    return null;
  }
}

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** Checks the kernel-owned profile fields and returns them in canonical form; every problem at once. */
export function checkProfileFields(input: ProfileFieldsInput): ShopProfileChanges {
  const errors: { path: string; message: string }[] = [];
  const out: ShopProfileChanges = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) errors.push({ path: 'name', message: 'must not be blank' });
  }
  if (input.timezone !== undefined) {
    out.timezone = canonicalTimeZone(input.timezone.trim()) ?? undefined;
    if (!out.timezone)
      errors.push({
        path: 'timezone',
        message: 'is not an IANA time zone (e.g. Europe/Madrid, America/New_York, UTC)',
      });
  }
  if (input.locale !== undefined) {
    out.locale = canonicalLocale(input.locale.trim()) ?? undefined;
    if (!out.locale) errors.push({ path: 'locale', message: 'is not a known BCP 47 locale (e.g. en, es-ES, pt-BR)' });
  }
  if (input.currency !== undefined) {
    out.currency = input.currency.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(out.currency) || !currencies.has(out.currency)) {
      errors.push({ path: 'currency', message: 'is not an ISO 4217 currency code (e.g. EUR, USD)' });
    }
  }
  if (errors.length > 0)
    throw invalidArguments(`Invalid shop profile: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
  return out;
}
