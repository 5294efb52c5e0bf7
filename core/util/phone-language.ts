import { countryCallingCode } from './phone.js';

/** The seven languages the widgets speak and a phone prefix can suggest. */
export type PhoneLanguage = 'es' | 'en' | 'de' | 'fr' | 'pt' | 'it' | 'hu';

/** Calling code → the language most people with that prefix read (a shared prefix takes its majority language). */
const BY_CALLING_CODE: Record<string, PhoneLanguage> = {
  ...Object.fromEntries(
    [
      '34',
      '52',
      '54',
      '56',
      '57',
      '51',
      '58',
      '53',
      '502',
      '503',
      '504',
      '505',
      '506',
      '507',
      '591',
      '593',
      '595',
      '598',
      '240',
    ].map((c) => [c, 'es']),
  ),
  ...Object.fromEntries(['1', '44', '61', '64', '353', '27', '234', '254', '91', '65', '63'].map((c) => [c, 'en'])),
  ...Object.fromEntries(['49', '43', '41', '423'].map((c) => [c, 'de'])),
  ...Object.fromEntries(['33', '32', '352', '377', '221', '225'].map((c) => [c, 'fr'])),
  ...Object.fromEntries(['351', '55', '244', '258', '238'].map((c) => [c, 'pt'])),
  ...Object.fromEntries(['39', '378', '379'].map((c) => [c, 'it'])),
  '36': 'hu',
};

/** The recipient's language from the phone's prefix, or null when the prefix is not one we know. */
export function languageOfPhone(phone: string): PhoneLanguage | null {
  const code = countryCallingCode(phone);
  return (code && BY_CALLING_CODE[code]) || null;
}
