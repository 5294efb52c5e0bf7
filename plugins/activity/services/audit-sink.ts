import { sql, type AuditSink } from '../../../core/index.js';

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
 * One plain insert on the unit of work's connection: every mutation pays for it, and through the
 * ORM it cost more CPU than the rest of a simple write; the call's own pending changes
 * are not flushed by the log.
 */
export const activityAuditSink: AuditSink = async (record, { shop, em }) => {
  await sql(
    em,
    `insert into activity_entries (shop_id, at, kind, actor, token, tool, group_name, resource_type, resource_id, arguments, outcome, error_code, request_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      shop.id,
      new Date(record.at),
      record.kind,
      record.actor,
      record.token,
      record.tool,
      record.group,
      record.resource?.type.slice(0, 64) ?? null,
      record.resource?.id.slice(0, 200) ?? null,
      JSON.stringify(trimmed(record.arguments)),
      record.outcome,
      record.error_code,
      record.request_id,
    ],
  );
};
