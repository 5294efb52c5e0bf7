import { DateTime } from 'luxon';
import { phoneE164OrNull, foldAccents } from '../../../../core/index.js';

export type AnswerValidation = 'any' | 'number' | 'email' | 'phone' | 'date' | 'option';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_FORMATS = ['yyyy-MM-dd', 'd/M/yyyy', 'd-M-yyyy', 'd.M.yyyy'];

/**
 * An answer to an ask_question step as it is saved, or null when it does not pass: a number with
 * a dot, an e-mail, a phone in E.164, a date as YYYY-MM-DD, an option by its text or its number.
 */
export function checkAnswer(
  raw: string,
  validation: AnswerValidation,
  options: string[] | undefined,
  timezone: string,
): string | null {
  const text = raw.trim();
  if (text === '') return null;
  switch (validation) {
    case 'any':
      return text.slice(0, 1000);
    case 'number': {
      const n = Number(text.replace(',', '.'));
      return Number.isFinite(n) ? String(n) : null;
    }
    case 'email':
      return EMAIL.test(text) ? text.toLowerCase() : null;
    case 'phone':
      return phoneE164OrNull(text);
    case 'date':
      for (const format of DATE_FORMATS) {
        const d = DateTime.fromFormat(text, format, { zone: timezone });
        if (d.isValid) return d.toISODate();
      }
      return null;
    case 'option': {
      const list = options ?? [];
      const index = Number(text);
      if (Number.isInteger(index) && index >= 1 && index <= list.length) return list[index - 1]!;
      return list.find((o) => foldAccents(o) === foldAccents(text)) ?? null;
    }
  }
}
