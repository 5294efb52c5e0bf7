import type { Listener } from '../events/event-bus.js';
import type { LoadedPlugin } from '../plugin/load-plugins.js';
import type { ChangedRecord, RecordChange } from '../plugin/plugin-types.js';
import { expandUriTemplate } from '../mcp/uri-template.js';
import { resourceTopic, type SessionNotices } from '../mcp/session-notices.js';

/**
 * Listeners that announce a changed record to its subscribers, from the events each resource
 * template declares (`changedBy`). They run in the emitter's transaction, so the announcement is
 * heard at its commit; in a shop no session watches they do nothing.
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
          handler: (async (payload: unknown, ctx) => {
            if (!notices.watches(ctx.shop.id)) return;
            const uri = expandUriTemplate(uriTemplate, record(payload));
            await notices.announce(ctx.shop.id, resourceTopic(uri), ctx.em, atMostEveryMs);
          }) as Listener,
        };
      }),
    ),
  );
}

function paceOf(change: RecordChange<unknown>): { record: ChangedRecord<unknown>; atMostEveryMs: number } {
  return typeof change === 'function' ? { record: change, atMostEveryMs: 0 } : change;
}
