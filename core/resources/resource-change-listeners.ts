import { inBatches, type Listener } from '../events/event-bus.js';
import type { LoadedPlugin } from '../plugin/load-plugins.js';
import type { ChangedRecord, RecordChange } from '../plugin/plugin-types.js';
import { expandUriTemplate } from '../mcp/uri-template.js';
import { resourceTopic, type SessionNotices } from '../mcp/session-notices.js';

/**
 * The records announced in each open transaction, by its transaction object: a change told by two
 * events (a ticket closed with a reason is closed and noted) is announced once.
 */
const announced = new WeakMap<object, Set<string>>();

/**
 * Listeners that announce a changed record to its subscribers, from the events each resource
 * template declares (`changedBy`). They run in the emitter's transaction, so the announcement is
 * heard at its commit, once per record and transaction; in a shop no session watches they do nothing.
 */
export function resourceChangeListeners(
  plugins: readonly LoadedPlugin[],
  notices: SessionNotices,
): { event: string; group: string; handler: Listener }[] {
  return plugins.flatMap(({ plugin }) =>
    (plugin.resourceTemplates ?? []).flatMap(({ uriTemplate, changedBy }) =>
      Object.entries(changedBy ?? {}).map(([event, change]) => {
        const { record, atMostEveryMs } = paceOf(change as RecordChange<unknown>);
        return {
          event,
          group: plugin.name,
          // A batch (a message ingestion's, a send batch's) is one notification, however many records.
          handler: inBatches(async (payloads: unknown[], ctx) => {
            if (!notices.watches(ctx.shop.id)) return;
            const transaction = ctx.em.getTransactionContext<object>();
            const told = transaction ? (announced.get(transaction) ?? new Set<string>()) : new Set<string>();
            if (transaction) announced.set(transaction, told);
            const uris = [...new Set(payloads.map((p) => expandUriTemplate(uriTemplate, record(p))))].filter(
              (uri) => !told.has(uri),
            );
            if (uris.length === 0) return;
            for (const uri of uris) told.add(uri);
            await notices.announce(ctx.shop.id, uris.map(resourceTopic), ctx.em, atMostEveryMs);
          }) as Listener,
        };
      }),
    ),
  );
}

function paceOf(change: RecordChange<unknown>): { record: ChangedRecord<unknown>; atMostEveryMs: number } {
  return typeof change === 'function' ? { record: change, atMostEveryMs: 0 } : change;
}
