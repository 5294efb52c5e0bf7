import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { PHONE_SOURCES } from './values.js';

/** A sender address known to be a phone's (linked by hand or resolved once): the backfill's cache. */
export const EmailAddressPhone = defineEntity({
  name: 'EmailAddressPhone',
  tableName: 'email_address_phones',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    email: p.string().length(254),
    phone: p.string().length(20),
    source: p.enum([...PHONE_SOURCES]),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'email'] }],
});
export type EmailAddressPhone = InferEntity<typeof EmailAddressPhone>;
