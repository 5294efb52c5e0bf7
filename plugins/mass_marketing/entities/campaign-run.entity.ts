import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Campaign } from './campaign.entity.js';
import { RUN_STATUSES } from './values.js';

/**
 * One send of a campaign with its own recipients: a one-off campaign has one, a recurring one one
 * per cron occurrence. Unique (campaign, occurrence): several processes reaching the same
 * occurrence make one run. `recipientsTotal` is the audience after exclusions when it was built.
 */
export const CampaignRun = defineEntity({
  name: 'CampaignRun',
  tableName: 'marketing_campaign_runs',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    campaign: () => p.manyToOne(Campaign).deleteRule('cascade'),
    seq: p.integer(),
    occurrenceAt: p.datetime(),
    status: p.enum([...RUN_STATUSES]),
    recipientsTotal: p.integer(),
    membersTotal: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['campaign', 'occurrenceAt'] }],
  indexes: [{ properties: ['status'] }],
});

export type CampaignRun = InferEntity<typeof CampaignRun>;
