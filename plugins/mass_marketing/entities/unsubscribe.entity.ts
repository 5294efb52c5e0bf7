import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { UNSUBSCRIBE_SOURCES } from './values.js';

/**
 * A phone that asked to receive no more campaigns: by replying with an unsubscribe word, through
 * the link in a campaign message, or recorded by an operator. `campaignId` names the campaign it
 * came from, when there is one.
 */
export const Unsubscribe = defineEntity({
  name: 'Unsubscribe',
  tableName: 'marketing_unsubscribes',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    source: p.enum([...UNSUBSCRIBE_SOURCES]),
    campaignId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'phone'] }],
});

export type Unsubscribe = InferEntity<typeof Unsubscribe>;
