import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ContactList } from './contact-list.entity.js';
import { IMPORT_SOURCES, IMPORT_STATUSES } from './values.js';

/**
 * One import into a list. Small ones complete inside the call that asked for them; large ones are
 * a job (`queued` → `running` → `completed` | `failed`) that a worker claims with a lease, so a
 * crashed worker's job is taken up again. The members, the counters and the `completed` status
 * commit together: a failed or interrupted import leaves the list as it was. `csvText` holds a CSV
 * source until the import has run.
 */
export const ContactImport = defineEntity({
  name: 'ContactImport',
  tableName: 'marketing_imports',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    list: () => p.manyToOne(ContactList).deleteRule('cascade'),
    source: p.enum([...IMPORT_SOURCES]),
    params: p.json<Record<string, unknown>>(),
    csvText: p.text().nullable().lazy(true, false),
    status: p.enum([...IMPORT_STATUSES]),
    totalRows: p.integer().nullable(),
    processedRows: p.integer().onCreate(() => 0),
    addedCount: p.integer().onCreate(() => 0),
    duplicateCount: p.integer().onCreate(() => 0),
    invalidCount: p.integer().onCreate(() => 0),
    error: p.text().nullable(),
    attempts: p.integer().onCreate(() => 0),
    leaseOwner: p.string().length(100).nullable(),
    leaseUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['status', 'id'] }],
});

export type ContactImport = InferEntity<typeof ContactImport>;
