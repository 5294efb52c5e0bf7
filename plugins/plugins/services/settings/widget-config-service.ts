import { invalidArguments, invalidState, normalizeDomains, type Services } from '../../../../core/index.js';
import { WidgetConfig } from '../../entities/widget-config.entity.js';
import type { LanguageMode, WidgetKind } from '../../entities/values.js';
import { newPublicKey, newVerificationSecret } from './keys.js';
import { checkCustomCss, mergeObject, settleLanguages } from './widget-fields.js';
import { configPayload } from './config-payload.js';

type ShopWidget = Exclude<WidgetKind, 'docqa'>;

export interface ChatChanges {
  is_enabled?: boolean;
  allowed_domains?: string[];
  config_design?: Record<string, unknown>;
  config_texts?: Record<string, unknown>;
  config_behavior?: Record<string, unknown>;
  avatar_url?: string;
  language_mode?: 'auto' | 'fixed';
  language_fixed?: string;
  language_available?: string[];
  language_show_selector?: boolean;
  rate_limit_per_session?: number;
  rate_limit_window_minutes?: number;
  require_verification?: boolean;
  custom_css?: string;
}

export interface ProductQaChanges {
  is_enabled: boolean;
  allowed_domains?: string;
  faq_enabled?: boolean;
  faq_max_per_product?: number;
}

/** The product-question widget takes its domains as one comma-separated string (the spec's `str`). */
export const splitDomainList = (list: string) =>
  list
    .split(/[,\s]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The spec's defaults: 30 messages per session per 60 minutes; 5 FAQs per product. */
const DEFAULTS = {
  rateLimitPerSession: 30,
  rateLimitWindowMinutes: 60,
  faqEnabled: true,
  faqMaxPerProduct: 5,
} as const;

/**
 * The shop's chat widget and product-question widget. Each exists from its first use with the
 * spec's defaults, switched off until the shop enables it; a change names only what changes.
 */
export class WidgetConfigService {
  constructor(private readonly deps: Services) {}

  async current(kind: ShopWidget): Promise<WidgetConfig> {
    const { em } = this.deps;
    const found = await em.findOne(WidgetConfig, { kind });
    if (found) return found;
    // Two first calls at once: the unique (shop, kind) keeps one row, the other reads it.
    await em.execute(
      `insert into widget_configs (shop_id, kind, is_enabled, allowed_domains, config_design, config_texts, config_behavior,
         language_mode, language_available, language_show_selector, rate_limit_per_session, rate_limit_window_minutes,
         require_verification, faq_enabled, faq_max_per_product, public_key, verification_secret, created_at, updated_at)
       values (?, ?, false, '[]', '{}', '{}', '{}', 'auto', '[]', false, ?, ?, false, ?, ?, ?, '', now(), now())
       on conflict (shop_id, kind) do nothing`,
      [
        this.deps.shop.id,
        kind,
        DEFAULTS.rateLimitPerSession,
        DEFAULTS.rateLimitWindowMinutes,
        DEFAULTS.faqEnabled,
        DEFAULTS.faqMaxPerProduct,
        newPublicKey(),
      ],
    );
    return em.findOneOrFail(WidgetConfig, { kind });
  }

  async read(kind: ShopWidget) {
    return configPayload(await this.current(kind), this.deps.baseUrl());
  }

  async configureChat(args: ChatChanges) {
    const config = await this.current('chat');
    const changed = Object.keys(args);
    const warnings: string[] = [];
    if (args.is_enabled !== undefined) config.isEnabled = args.is_enabled;
    if (args.allowed_domains) config.allowedDomains = normalizeDomains(args.allowed_domains, 'allowed_domains');
    if (args.config_design) config.configDesign = mergeObject(config.configDesign, args.config_design, 'config_design');
    if (args.config_texts) config.configTexts = mergeObject(config.configTexts, args.config_texts, 'config_texts');
    if (args.config_behavior)
      config.configBehavior = mergeObject(config.configBehavior, args.config_behavior, 'config_behavior');
    if (args.avatar_url !== undefined) {
      config.avatarUrl = httpsUrl(args.avatar_url, 'avatar_url');
      // Visitors' browsers load it: a private address is refused like any URL a shop configures.
      if (config.avatarUrl !== null) {
        const { warning } = await this.deps.networkGuard.checkUrl(config.avatarUrl);
        if (warning) warnings.push(warning);
      }
    }
    if (args.language_mode || args.language_fixed !== undefined || args.language_available) {
      const languages = settleLanguages(
        {
          mode: config.languageMode as LanguageMode,
          fixed: config.languageFixed ?? null,
          available: config.languageAvailable,
        },
        args,
      );
      config.languageMode = languages.mode as 'auto' | 'fixed';
      config.languageFixed = languages.fixed;
      config.languageAvailable = languages.available;
    }
    if (args.language_show_selector !== undefined) config.languageShowSelector = args.language_show_selector;
    if (args.rate_limit_per_session !== undefined) config.rateLimitPerSession = args.rate_limit_per_session;
    if (args.rate_limit_window_minutes !== undefined) config.rateLimitWindowMinutes = args.rate_limit_window_minutes;
    if (args.require_verification !== undefined) config.requireVerification = args.require_verification;
    if (args.custom_css !== undefined)
      config.customCss = args.custom_css === '' ? null : checkCustomCss(args.custom_css);
    await this.deps.em.flush();
    return { plugin: configPayload(config, this.deps.baseUrl()), changed, warnings };
  }

  async configureProductQa(args: ProductQaChanges) {
    const config = await this.current('product-qa');
    config.isEnabled = args.is_enabled;
    if (args.allowed_domains !== undefined)
      config.allowedDomains = normalizeDomains(splitDomainList(args.allowed_domains), 'allowed_domains');
    if (args.faq_enabled !== undefined) config.faqEnabled = args.faq_enabled;
    if (args.faq_max_per_product !== undefined) config.faqMaxPerProduct = args.faq_max_per_product;
    await this.deps.em.flush();
    return { plugin: configPayload(config, this.deps.baseUrl()), changed: Object.keys(args) };
  }

  /** A new public key (every embed naming the old one stops at once) or a new verification secret, shown this once. */
  async rotate(kind: ShopWidget, key: 'public_key' | 'verification_secret') {
    const config = await this.current(kind);
    if (key === 'public_key') {
      config.publicKey = newPublicKey();
      await this.deps.em.flush();
      return { plugin: configPayload(config, this.deps.baseUrl()), rotated: key };
    }
    if (kind !== 'chat')
      throw invalidState('Only the chat widget verifies visitors; the product-question widget has no secret.', {
        current_status: kind,
        allowed: ['chat'],
      });
    const secret = newVerificationSecret();
    config.verificationSecret = this.deps.secrets.seal(secret);
    await this.deps.em.flush();
    return {
      plugin: configPayload(config, this.deps.baseUrl()),
      rotated: key,
      verification_secret: secret,
      notice:
        'Shown this once: keep it on your server. Sign a logged-in visitor as hex HMAC-SHA256(secret, phone or email) and pass it as identity_hash.',
    };
  }
}

function httpsUrl(value: string, field: string): string | null {
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidArguments(`${field} is not a URL.`, [{ path: `${field}`, message: 'not a URL' }]);
  }
  if (url.protocol !== 'https:')
    throw invalidArguments(`${field} must be an https:// address (the widget runs on https pages).`, [
      { path: `${field}`, message: 'https only' },
    ]);
  return url.toString();
}
