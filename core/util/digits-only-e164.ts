import { Metadata } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/max/metadata';

/**
 * The phone rule's answer for the shape phones mostly come in: `+` (or `00`) and digits, possibly
 * grouped with spaces, dots or dashes; undefined where only libphonenumber's full parse can tell.
 * The parser spends most of its time on what such input does not need (finding a number in free
 * text, extensions, building a RegExp for every pattern it tries); here the same metadata decides
 * with patterns compiled once per calling code, in the same order and with the same rules as
 * libphonenumber's `isValid` (general pattern, then each number type's lengths and pattern).
 *
 * It answers only where its answer cannot differ from the full parse: a calling code that belongs
 * to one country (a shared one, like +1 or +44, picks the country by the number), and a national
 * number the country's national prefix does not start (the parser would try to strip it).
 * phone.test.ts compares both over every calling code.
 */
export function digitsOnlyE164(raw: string): string | null | undefined {
  let text = raw.trim();
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  else if (!text.startsWith('+')) text = `+${text}`;
  if (!GROUPED_DIGITS.test(text)) return undefined;
  const e164 = text.replace(SEPARATORS, '');
  for (let length = 1; length <= 3 && length < e164.length; length++) {
    const plan = planOf(e164.slice(1, 1 + length));
    if (plan === undefined) continue;
    const national = e164.slice(1 + length);
    if (plan === null || national.length < 2 || national.length > 17 || plan.nationalPrefix?.test(national))
      return undefined;
    return isValidNational(plan, national) ? e164 : null;
  }
  return undefined;
}

const GROUPED_DIGITS = /^\+[0-9][0-9 .-]*$/;
const SEPARATORS = /[ .-]/g;
const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
];

interface Plan {
  nationalPrefix: RegExp | null;
  general: RegExp;
  /** Null when the metadata has no type patterns: the general pattern alone decides. */
  types: { pattern: RegExp; lengths: number[] | undefined }[] | null;
}

/** The runtime API of libphonenumber's Metadata that the typings leave out. */
interface MetadataRuntime {
  getCountryCodesForCallingCode(code: string): string[] | undefined;
  selectNumberingPlan(code: string): void;
  nationalNumberPattern(): string;
  hasTypes(): boolean;
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
  numberingPlan: { nationalPrefixForParsing(): string | undefined };
}

const metadata = new Metadata(metadataJson as never) as unknown as MetadataRuntime;
/** undefined: not a calling code; null: a calling code the fast path leaves to the full parse. */
const plans = new Map<string, Plan | null | undefined>();

function planOf(code: string): Plan | null | undefined {
  if (plans.has(code)) return plans.get(code);
  const countries = metadata.getCountryCodesForCallingCode(code);
  let plan: Plan | null | undefined;
  if (!countries) plan = undefined;
  else if (countries.length !== 1 || countries[0] === '001') plan = null;
  else {
    metadata.selectNumberingPlan(code);
    const prefix = metadata.numberingPlan.nationalPrefixForParsing();
    plan = {
      nationalPrefix: prefix ? new RegExp(`^(?:${prefix})`) : null,
      general: whole(metadata.nationalNumberPattern()),
      types: metadata.hasTypes()
        ? NUMBER_TYPES.flatMap((name) => {
            const type = metadata.type(name);
            return type && type.pattern() ? [{ pattern: whole(type.pattern()), lengths: type.possibleLengths() }] : [];
          })
        : null,
    };
  }
  plans.set(code, plan);
  return plan;
}

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function isValidNational(plan: Plan, national: string): boolean {
  if (!plan.general.test(national)) return false;
  if (plan.types === null) return true;
  return plan.types.some((t) => (!t.lengths || t.lengths.includes(national.length)) && t.pattern.test(national));
}
