import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Campaign } from './campaign.entity.js';

/**
 * A campaign's text in one language, translated once and then used for every recipient with that
 * language: the first stored translation wins (unique campaign + language), so a message sent again
 * after a crash is rendered exactly as the first time and its idempotency key still matches.
 */
export const CampaignTranslation = defineEntity({
  name: 'CampaignTranslation',
  tableName: 'marketing_campaign_translations',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    campaign: () => p.manyToOne(Campaign).deleteRule('cascade'),
    language: p.string().length(8),
    text: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['campaign', 'language'] }],
});

export type CampaignTranslation = InferEntity<typeof CampaignTranslation>;
