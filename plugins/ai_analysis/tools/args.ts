import { NoEffectArg, Type } from '../../../core/index.js';
import { WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { SUMMARY_TYPES } from '../services/summary-service.js';
import { TONES } from '../services/writing-service.js';

/** Argument schemas the analysis tools share (the spec's "also accepts" lists are one set). */
/** A customer's phone: its name and the initialize instructions (E.164) say what it is, unless a tool says more. */
export const phoneArg = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 40, ...(description !== undefined && { description }) });

export const sessionIdArg = Type.Integer({
  minimum: 1,
  description: "The line (session); default: the customer's most recent conversation.",
});

export const languageArg = (description: string) => Type.Enum([...WIDGET_LANGUAGES], { description });

export const summaryTypeArg = (description: string) => Type.Enum([...SUMMARY_TYPES], { description });

export const toneArg = (description: string) => Type.Enum([...TONES], { description });

export const lastNArg = (description: string) => Type.Integer({ minimum: 1, maximum: 200, description });

export const daysArg = (description: string) => Type.Integer({ minimum: 1, maximum: 365, description });

export const hoursArg = (description: string) => Type.Integer({ minimum: 1, maximum: 720, description });

/** The shared arguments a tool accepts without using them (docs/decisions.md). */
export const noEffect = {
  summary_type: () => NoEffectArg(summaryTypeArg('')),
  days: () => NoEffectArg(daysArg('')),
  tone: () => NoEffectArg(toneArg('')),
  target_language: () => NoEffectArg(languageArg('')),
  last_n: () => NoEffectArg(lastNArg('')),
  hours: () => NoEffectArg(hoursArg('')),
  limit: () => NoEffectArg(Type.Integer({ minimum: 1, maximum: 20 })),
};
