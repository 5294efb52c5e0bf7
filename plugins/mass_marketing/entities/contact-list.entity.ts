import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A named set of phones a campaign can be sent to. `memberCount` is kept exact by every change of
 * membership (in the same transaction, under a lock on this row), so lists show their size without
 * counting a million rows. `exclusionFingerprint` is the state of the shop's blacklist,
 * unsubscribes and opt-outs that the members' `excluded` flags were derived from: an audience count
 * compares it with the live one and re-derives the flags first when they differ.
 */
export const ContactList = defineEntity({
  name: 'ContactList',
  tableName: 'marketing_contact_lists',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    name: p.string().length(100),
    description: p.text().nullable(),
    memberCount: p.integer().onCreate(() => 0),
    exclusionFingerprint: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'name'] }],
});

export type ContactList = InferEntity<typeof ContactList>;
