import type { WidgetConfig } from '../../entities/widget-config.entity.js';

export const embedSnippet = (baseUrl: string, publicKey: string, extra = '') =>
  `<script src="${baseUrl}/widget/embed.js" data-key="${publicKey}"${extra} async></script>`;

/** A widget's configuration as tools show it: never the verification secret. */
export function configPayload(config: WidgetConfig, baseUrl: string) {
  const common = {
    plugin_type: config.kind,
    is_enabled: config.isEnabled,
    allowed_domains: config.allowedDomains,
    public_key: config.publicKey,
    updated_at: config.updatedAt.toISOString(),
  };
  if (config.kind === 'product-qa')
    return {
      ...common,
      faq_enabled: config.faqEnabled,
      faq_max_per_product: config.faqMaxPerProduct,
      embed_snippet: embedSnippet(baseUrl, config.publicKey, ' data-product="PRODUCT-SKU"'),
    };
  return {
    ...common,
    config_design: config.configDesign,
    config_texts: config.configTexts,
    config_behavior: config.configBehavior,
    avatar_url: config.avatarUrl,
    language_mode: config.languageMode,
    language_fixed: config.languageFixed,
    language_available: config.languageAvailable,
    language_show_selector: config.languageShowSelector,
    rate_limit_per_session: config.rateLimitPerSession,
    rate_limit_window_minutes: config.rateLimitWindowMinutes,
    require_verification: config.requireVerification,
    verification_secret_issued: config.verificationSecret !== '',
    custom_css: config.customCss,
    embed_snippet: embedSnippet(baseUrl, config.publicKey),
  };
}
