import { notFound, type Services } from '../../../../core/index.js';
import { DocqaAssistant } from '../../entities/docqa-assistant.entity.js';
import { WidgetConfig } from '../../entities/widget-config.entity.js';
import type { WidgetKind } from '../../entities/values.js';

/** A product-question widget's session may ask this many questions an hour (the spec gives it no limit of its own). */
const PRODUCT_QUESTIONS_PER_HOUR = 10;

/** What the public routes need of one widget, whichever kind it is. */
export interface WidgetView {
  kind: WidgetKind;
  assistantId: number | null;
  enabled: boolean;
  allowedDomains: string[];
  perSession: number;
  /** null: the session's lifetime. */
  windowSeconds: number | null;
  languageMode: string;
  languageFixed: string | null;
  languageAvailable: string[];
  requireVerification: boolean;
  /** Sealed; '' when the shop never issued one. */
  verificationSecret: string;
  prompt: string | null;
  faqEnabled: boolean;
  faqMaxPerProduct: number;
  texts: Record<string, unknown>;
  /** The configuration the script renders with (GET …/config). */
  browser: Record<string, unknown>;
}

export interface WidgetTarget {
  kind: WidgetKind;
  assistantId: number | null;
}

export async function loadView(deps: Services, target: WidgetTarget): Promise<WidgetView> {
  if (target.kind === 'docqa') {
    const a = await deps.em.findOne(DocqaAssistant, { id: target.assistantId! });
    if (!a) throw notFound('docqa assistant', target.assistantId!);
    return {
      kind: 'docqa',
      assistantId: a.id,
      enabled: a.isEnabled,
      allowedDomains: a.allowedDomains,
      perSession: a.rateLimitPerSession,
      windowSeconds: a.rateLimitWindowMinutes ? a.rateLimitWindowMinutes * 60 : null,
      languageMode: a.languageMode,
      languageFixed: a.languageFixed ?? null,
      languageAvailable: a.languageAvailable,
      requireVerification: false,
      verificationSecret: '',
      prompt: a.prompt ?? null,
      faqEnabled: false,
      faqMaxPerProduct: 0,
      texts: a.configTexts,
      browser: {
        kind: 'docqa',
        display_name: a.displayName,
        design: a.configDesign,
        texts: a.configTexts,
        language_mode: a.languageMode,
        language_fixed: a.languageFixed,
        language_available: a.languageAvailable,
        language_show_selector: a.languageShowSelector || a.languageMode === 'selector',
      },
    };
  }
  const c = await deps.em.findOne(WidgetConfig, { kind: target.kind });
  if (!c) throw notFound('widget', target.kind);
  const chat = c.kind === 'chat';
  return {
    kind: c.kind,
    assistantId: null,
    enabled: c.isEnabled,
    allowedDomains: c.allowedDomains,
    perSession: chat ? c.rateLimitPerSession : PRODUCT_QUESTIONS_PER_HOUR,
    windowSeconds: (chat ? c.rateLimitWindowMinutes : 60) * 60,
    languageMode: c.languageMode,
    languageFixed: c.languageFixed ?? null,
    languageAvailable: c.languageAvailable,
    requireVerification: c.requireVerification,
    verificationSecret: c.verificationSecret,
    prompt: null,
    faqEnabled: c.faqEnabled,
    faqMaxPerProduct: c.faqMaxPerProduct,
    texts: c.configTexts,
    browser: {
      kind: c.kind,
      design: c.configDesign,
      texts: c.configTexts,
      behavior: c.configBehavior,
      avatar_url: c.avatarUrl,
      language_mode: c.languageMode,
      language_fixed: c.languageFixed,
      language_available: c.languageAvailable,
      language_show_selector: c.languageShowSelector,
      require_verification: c.requireVerification,
      custom_css: c.customCss,
      faq_max_per_product: c.faqMaxPerProduct,
    },
  };
}
