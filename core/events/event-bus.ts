import type { ToolContext } from '../plugin/plugin-types.js';
import type { EventMap, EventName } from './event-map.js';

export type EventHandler<P = unknown, C = Record<string, unknown>> = (payload: P, ctx: ToolContext<C>) => Promise<void>;

/**
 * A listener that takes events of one name in batches: what emitMany() emits at once arrives in
 * one call, in emission order (emit() hands it a batch of one). For listeners whose work is one
 * statement per event, a batch is one statement for all of them.
 */
export interface BatchListener<P = unknown, C = Record<string, unknown>> {
  batch: (payloads: P[], ctx: ToolContext<C>) => Promise<void>;
}

export type Listener<P = unknown, C = Record<string, unknown>> = EventHandler<P, C> | BatchListener<P, C>;

/** A group's listeners, by event name, each typed with the event's payload. */
export type Listeners<C = Record<string, unknown>> = { [K in EventName]?: Listener<EventMap[K], C> };

/** Marks a listener as taking batches: `on: { 'x.happened': inBatches(async (events, ctx) => …) }`. */
export function inBatches<P, C = Record<string, unknown>>(
  batch: (payloads: P[], ctx: ToolContext<C>) => Promise<void>,
): BatchListener<P, C> {
  return { batch };
}

/**
 * In-process domain events between groups, run synchronously inside the emitter's unit of work:
 * a listener's writes commit or roll back with the change that caused them (for example tickets
 * following a customer merge). Emitters do not know who listens; a disabled group simply is not
 * listening. With emitMany(), each listener in turn gets every event of the batch (a batch
 * listener in one call, a plain one event by event) before the next listener runs.
 */
export class EventBus {
  constructor(private readonly handlers: ReadonlyMap<string, { group: string; handler: Listener }[]>) {}

  /**
   * Bound to one call scope: `contextFor(group)` is the call as a listener of that group sees it,
   * with the same shop and EntityManager and its own group's config and services.
   */
  forScope(contextFor: (group: string) => ToolContext) {
    const emitMany = async <K extends EventName>(event: K, payloads: readonly EventMap[K][]): Promise<void> => {
      if (payloads.length === 0) return;
      for (const { group, handler } of this.handlers.get(event) ?? []) {
        const scoped = contextFor(group);
        if (typeof handler === 'function') for (const payload of payloads) await handler(payload, scoped);
        else await handler.batch([...payloads], scoped);
      }
    };
    return {
      emit: <K extends EventName>(event: K, payload: EventMap[K]): Promise<void> => emitMany(event, [payload]),
      emitMany,
      listeners: (event: EventName) => (this.handlers.get(event) ?? []).map((h) => h.group),
    };
  }
}

export type ScopedEvents = ReturnType<EventBus['forScope']>;
