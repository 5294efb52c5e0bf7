import type { ToolContext } from '../plugin/plugin-types.js';
import { extendContext } from '../tools/shop-scope.js';

export type EventHandler = (payload: any, ctx: ToolContext) => Promise<void>;

/**
 * A listener that takes events of one name in batches: what emitMany() emits at once arrives in
 * one call, in emission order (emit() hands it a batch of one). For listeners whose work is one
 * statement per event, a batch is one statement for all of them.
 */
export interface BatchListener<C = any> {
  batch: (payloads: any[], ctx: ToolContext<C>) => Promise<void>;
}

export type Listener = EventHandler | BatchListener;

/** Marks a listener as taking batches: `on: { 'x.happened': inBatches(async (events, ctx) => …) }`. */
export function inBatches<C = any>(batch: (payloads: any[], ctx: ToolContext<C>) => Promise<void>): BatchListener<C> {
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

  /** Bound to one call scope: handlers get the same shop, EntityManager and services, and their own group's config. */
  forScope(ctx: () => ToolContext, configOf: (group: string) => Readonly<Record<string, unknown>>) {
    const emitMany = async (event: string, payloads: readonly unknown[]): Promise<void> => {
      if (payloads.length === 0) return;
      for (const { group, handler } of this.handlers.get(event) ?? []) {
        const scoped = extendContext(ctx(), { config: configOf(group) });
        if (typeof handler === 'function') for (const payload of payloads) await handler(payload, scoped);
        else await handler.batch([...payloads], scoped);
      }
    };
    return {
      emit: (event: string, payload: unknown): Promise<void> => emitMany(event, [payload]),
      emitMany,
      listeners: (event: string) => (this.handlers.get(event) ?? []).map((h) => h.group),
    };
  }
}

export type ScopedEvents = ReturnType<EventBus['forScope']>;
