import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { BillingSource } from './values.js';

/**
 * The shop's contact-window settings. A missing row, or a null window, means the deployment's
 * default (`eligibilityWindowHours`); a source missing from `filters` has its filter off.
 */
export const ChatappSettings = defineEntity({
  name: 'ChatappSettings',
  tableName: 'chatapp_settings',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn().unique(),
    windowHours: p.integer().nullable(),
    filters: p.json<Partial<Record<BillingSource, boolean>>>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type ChatappSettings = InferEntity<typeof ChatappSettings>;
