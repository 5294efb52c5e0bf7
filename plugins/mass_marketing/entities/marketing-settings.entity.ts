import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * The shop's mass-marketing configuration, one row per shop, created on the first save (until then
 * the defaults apply). Approval: with `requireApproval` every campaign waits for approve_campaign;
 * with `approvalThreshold` only those whose audience reaches that many recipients do.
 */
export const MarketingSettings = defineEntity({
  name: 'MarketingSettings',
  tableName: 'marketing_settings',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    autoReplyEnabled: p.boolean(),
    autoReplyText: p.text().nullable(),
    autoReplyTranslate: p.boolean(),
    autoReplyUnsubscribe: p.boolean(),
    requireApproval: p.boolean(),
    approvalThreshold: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId'] }],
});

export type MarketingSettings = InferEntity<typeof MarketingSettings>;
