import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { CHAT_LANGUAGE_MODES, WIDGET_KINDS } from './values.js';

/**
 * A shop's chat widget or product-question widget: one row per kind, made with defaults on first
 * use. The public key is what an embed names (`data-key`); rotating it makes every old embed stop.
 * The verification secret (sealed) signs logged-in visitors' identities on the shop's backend.
 */
export const WidgetConfig = defineEntity({
  name: 'WidgetConfig',
  tableName: 'widget_configs',
  uniques: [{ properties: ['shopId', 'kind'] }, { properties: ['publicKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    kind: p.enum(WIDGET_KINDS),
    isEnabled: p.boolean(),
    /** Hosts (`shop.example`) or wildcards (`*.shop.example`); empty: any site. */
    allowedDomains: p.json<string[]>(),
    configDesign: p.json<Record<string, unknown>>(),
    configTexts: p.json<Record<string, unknown>>(),
    configBehavior: p.json<Record<string, unknown>>(),
    avatarUrl: p.string().length(2000).nullable(),
    languageMode: p.enum(CHAT_LANGUAGE_MODES),
    languageFixed: p.string().length(2).nullable(),
    languageAvailable: p.json<string[]>(),
    languageShowSelector: p.boolean(),
    rateLimitPerSession: p.integer(),
    rateLimitWindowMinutes: p.integer(),
    requireVerification: p.boolean(),
    customCss: p.text().nullable(),
    faqEnabled: p.boolean(),
    faqMaxPerProduct: p.integer(),
    publicKey: p.string().length(40),
    verificationSecret: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type WidgetConfig = InferEntity<typeof WidgetConfig>;
