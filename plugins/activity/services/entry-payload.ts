import type { ActivityEntry } from '../entities/activity-entry.entity.js';
import type { EntryPayload } from '../tools/outputs.js';

export const entryPayload = (e: ActivityEntry): EntryPayload => ({
  id: e.id,
  at: e.at.toISOString(),
  kind: e.kind,
  actor: e.actor,
  token: e.token ?? null,
  tool: e.tool,
  group: e.groupName,
  resource: e.resourceType && e.resourceId ? { type: e.resourceType, id: e.resourceId } : null,
  arguments: e.arguments,
  outcome: e.outcome,
  error_code: e.errorCode ?? null,
  request_id: e.requestId,
});

export const CSV_COLUMNS = [
  'id',
  'at',
  'kind',
  'actor',
  'token',
  'tool',
  'group',
  'resource_type',
  'resource_id',
  'outcome',
  'error_code',
  'request_id',
  'arguments',
] as const;

export const csvValues = (e: EntryPayload): unknown[] => [
  e.id,
  e.at,
  e.kind,
  e.actor,
  e.token,
  e.tool,
  e.group,
  e.resource?.type,
  e.resource?.id,
  e.outcome,
  e.error_code,
  e.request_id,
  e.arguments,
];
