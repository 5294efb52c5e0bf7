import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { FOLDER_ROLES } from './values.js';

/**
 * The sync cursor of one folder of an account: what was read up to (UIDVALIDITY and the last UID),
 * so a sync asks only for what is new and a mailbox that was down for days comes back complete.
 * UIDs and UIDVALIDITY are 32-bit unsigned: bigint columns, read as numbers.
 */
export const EmailFolder = defineEntity({
  name: 'EmailFolder',
  tableName: 'email_folders',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    accountId: p.integer(),
    path: p.string().length(200),
    role: p.enum([...FOLDER_ROLES]),
    uidValidity: p.bigint('number').nullable(),
    lastUid: p.bigint('number'),
    highestModseq: p.string().length(20).nullable(),
    lastSyncedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['accountId', 'path'] }],
});
export type EmailFolder = InferEntity<typeof EmailFolder>;
