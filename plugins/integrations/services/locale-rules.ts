import { invalidArguments } from '../../../core/index.js';
import type { LocaleMode } from '../entities/values.js';
import type { StoreLocale } from './connectors/types.js';

/** configure_ecommerce_locales' fields (also accepted by connect_ecommerce for ecomA). */
export interface LocaleSettings {
  ecomA_locale_mode?: LocaleMode;
  ecomA_fixed_locale?: string;
  ecomA_content_locale_mode?: LocaleMode;
  ecomA_content_fixed_locale?: string;
  ecomA_fallback_locale?: string;
}

export interface StoredLocales {
  localeMode: LocaleMode;
  fixedLocale?: string | null;
  contentLocaleMode: LocaleMode;
  contentFixedLocale?: string | null;
  fallbackLocale?: string | null;
}

type CheckedLocales = Required<{ [K in keyof StoredLocales]: Exclude<StoredLocales[K], undefined> }>;

/**
 * The locale settings after a partial update, checked: a fixed locale only in fixed mode, fixed
 * mode only with a locale (given now or kept), every locale one the store has published. Going
 * back to auto clears the fixed locale.
 */
export function checkedLocales(
  args: LocaleSettings,
  current: StoredLocales | null,
  storeLocales: StoreLocale[],
): CheckedLocales {
  const published = storeLocales.filter((l) => l.published).map((l) => l.code);
  const errors: { path: string; message: string }[] = [];
  const known = (field: keyof LocaleSettings, value: string | undefined): string | null | undefined => {
    if (value === undefined) return undefined;
    const match = published.find((code) => code.toLowerCase() === value.trim().toLowerCase());
    if (match) return match;
    if (published.length === 0) return value.trim();
    errors.push({
      path: `${field}`,
      message: `not a published locale of the store (published: ${published.join(', ')})`,
    });
    return undefined;
  };
  const side = (
    modeField: 'ecomA_locale_mode' | 'ecomA_content_locale_mode',
    fixedField: 'ecomA_fixed_locale' | 'ecomA_content_fixed_locale',
    mode0: LocaleMode,
    fixed0: string | null | undefined,
  ) => {
    const mode = args[modeField] ?? mode0;
    const given = known(fixedField, args[fixedField]);
    if (args[fixedField] !== undefined && mode !== 'fixed')
      errors.push({ path: `${fixedField}`, message: `only with ${modeField} fixed` });
    const fixed = mode === 'fixed' ? (given ?? fixed0 ?? null) : null;
    if (mode === 'fixed' && !fixed && args[fixedField] === undefined)
      errors.push({ path: `${fixedField}`, message: `${modeField} fixed needs ${fixedField}` });
    return { mode, fixed };
  };
  const customer = side(
    'ecomA_locale_mode',
    'ecomA_fixed_locale',
    current?.localeMode ?? 'auto',
    current?.fixedLocale ?? null,
  );
  const content = side(
    'ecomA_content_locale_mode',
    'ecomA_content_fixed_locale',
    current?.contentLocaleMode ?? 'auto',
    current?.contentFixedLocale ?? null,
  );
  const fallback = known('ecomA_fallback_locale', args.ecomA_fallback_locale);
  if (errors.length > 0)
    throw invalidArguments(
      `The locale settings are refused: ${errors.map((e) => `${e.path.slice(1)} ${e.message}`).join('; ')}.`,
      errors,
    );
  return {
    localeMode: customer.mode,
    fixedLocale: customer.fixed,
    contentLocaleMode: content.mode,
    contentFixedLocale: content.fixed,
    fallbackLocale: fallback === undefined ? (current?.fallbackLocale ?? null) : fallback,
  };
}

export interface ResolvedLocales {
  /** The language the assistant speaks to the customer in. */
  locale: string | null;
  /** The language of the store content (product texts, links) it shows. */
  content_locale: string | null;
  /** fixed: the setting; detected: the customer's language, which the store publishes; fallback: detection failed; primary: no fallback set. */
  source: 'fixed' | 'detected' | 'fallback' | 'primary';
  content_source: 'fixed' | 'detected' | 'fallback' | 'primary';
}

/** The locales for one conversation: fixed settings win; otherwise the detected language when the store publishes it, else the fallback, else the store's primary. */
export function resolveLocales(
  settings: StoredLocales,
  storeLocales: StoreLocale[],
  detected: string | null,
): ResolvedLocales {
  const published = storeLocales.filter((l) => l.published);
  const primary = (published.find((l) => l.primary) ?? published[0])?.code ?? null;
  const match = detected
    ? (published.find((l) => l.code.toLowerCase() === detected.toLowerCase()) ??
      published.find((l) => l.code.toLowerCase().split('-')[0] === detected.toLowerCase().split('-')[0]))
    : undefined;
  const pick = (mode: LocaleMode, fixed: string | null | undefined) =>
    mode === 'fixed' && fixed
      ? { locale: fixed, source: 'fixed' as const }
      : match
        ? { locale: match.code, source: 'detected' as const }
        : settings.fallbackLocale
          ? { locale: settings.fallbackLocale, source: 'fallback' as const }
          : { locale: primary, source: 'primary' as const };
  const customer = pick(settings.localeMode, settings.fixedLocale);
  const content = pick(settings.contentLocaleMode, settings.contentFixedLocale);
  return {
    locale: customer.locale,
    content_locale: content.locale,
    source: customer.source,
    content_source: content.source,
  };
}
