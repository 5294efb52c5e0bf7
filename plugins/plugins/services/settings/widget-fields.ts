import { invalidArguments } from '../../../../core/index.js';
import { WIDGET_LANGUAGES, type LanguageMode } from '../../entities/values.js';

export const CUSTOM_CSS_MAX = 20_000;
const OBJECT_KEYS_MAX = 100;

/**
 * An object argument merged into the stored one: keys sent replace, keys sent as null go, the
 * rest stay (the spec's "the three obj fields are merged with existing values").
 */
export function mergeObject(
  stored: Record<string, unknown>,
  patch: Record<string, unknown>,
  field: string,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > OBJECT_KEYS_MAX)
    throw invalidArguments(`${field} would hold ${Object.keys(merged).length} keys; at most ${OBJECT_KEYS_MAX}.`, [
      { path: `${field}`, message: `at most ${OBJECT_KEYS_MAX} keys` },
    ]);
  if (JSON.stringify(merged).length > 20_000)
    throw invalidArguments(`${field} is larger than 20 KB once merged.`, [{ path: `${field}`, message: 'too large' }]);
  return merged;
}

/**
 * Style rules a shop adds to its widget, inside the widget's shadow root. Refused: anything that
 * could leave the style element or load from elsewhere than https.
 */
export function checkCustomCss(css: string): string {
  const problem =
    css.length > CUSTOM_CSS_MAX
      ? `is ${css.length} characters; at most ${CUSTOM_CSS_MAX}`
      : /<\/?\s*style/i.test(css)
        ? 'must not contain a <style> tag'
        : /@import/i.test(css)
          ? 'must not use @import'
          : /url\(\s*['"]?(?!https:\/\/)[^'"\s]/i.test(css)
            ? 'may load url() from https:// addresses only'
            : /expression\s*\(|javascript:|behavior\s*:/i.test(css)
              ? 'must not hold script'
              : null;
  if (problem) throw invalidArguments(`custom_css ${problem}.`, [{ path: 'custom_css', message: problem }]);
  return css;
}

export interface LanguageFields {
  language_mode?: LanguageMode;
  language_fixed?: string;
  language_available?: string[];
}

/**
 * The language settings after a change, checked as a whole: a fixed language only with the fixed
 * mode (and the fixed mode needs one), codes among the seven, a selector with languages to select.
 */
export function settleLanguages(
  stored: { mode: LanguageMode; fixed: string | null; available: string[] },
  args: LanguageFields,
): { mode: LanguageMode; fixed: string | null; available: string[] } {
  const mode = args.language_mode ?? stored.mode;
  const available = args.language_available ? [...new Set(args.language_available)] : stored.available;
  available.forEach((code, i) => {
    if (!(WIDGET_LANGUAGES as readonly string[]).includes(code))
      throw invalidArguments(`language_available[${i}] "${code}" is not one of ${WIDGET_LANGUAGES.join(', ')}.`, [
        { path: `language_available.${i}`, message: 'unknown language' },
      ]);
  });
  if (args.language_fixed !== undefined && mode !== 'fixed')
    throw invalidArguments('language_fixed applies only with language_mode "fixed".', [
      { path: 'language_fixed', message: 'only with language_mode fixed' },
    ]);
  const fixed = mode === 'fixed' ? (args.language_fixed ?? stored.fixed) : null;
  if (mode === 'fixed' && !fixed)
    throw invalidArguments('language_mode "fixed" needs language_fixed.', [
      { path: 'language_fixed', message: 'required with language_mode fixed' },
    ]);
  if (fixed && available.length > 0 && !available.includes(fixed))
    throw invalidArguments(`language_fixed "${fixed}" is not among language_available.`, [
      { path: 'language_available', message: 'must include language_fixed' },
    ]);
  if (mode === 'selector' && available.length < 2)
    throw invalidArguments('language_mode "selector" needs at least two language_available to choose from.', [
      { path: 'language_available', message: 'at least two with selector' },
    ]);
  return { mode, fixed, available };
}
