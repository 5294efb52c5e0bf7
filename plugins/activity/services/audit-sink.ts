import type { AuditSink } from '../../../core/index.js';
import { ActivityEntry } from '../entities/activity-entry.entity.js';

const MAX_STRING = 2_000;

/** Long strings cut, so that a 500 KB import does not become a 500 KB log line. */
function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [cut]` : value;
  if (Array.isArray(value)) return value.slice(0, 200).map(trimmed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, trimmed(v)]));
  return value;
}

/**
 * The kernel's audit hook, written as it arrives: in the unit of work it reports, so a change and
 * its line commit together and a rolled-back change leaves only the failure line written after it.
 * A native insert: the call's own pending changes are not flushed by the log.
 */
export const activityAuditSink: AuditSink = async (record, { shop, em }) => {
  await em.insert(ActivityEntry, {
    shopId: shop.id,
    at: new Date(record.at),
    kind: record.kind,
    actor: record.actor,
    token: record.token,
    tool: record.tool,
    groupName: record.group,
    resourceType: record.resource?.type.slice(0, 64) ?? null,
    resourceId: record.resource?.id.slice(0, 200) ?? null,
    arguments: trimmed(record.arguments) as Record<string, unknown>,
    outcome: record.outcome,
    errorCode: record.error_code,
    requestId: record.request_id,
  } as ActivityEntry);
};
