import type { ToolContext } from '../plugin/plugin-types.js';

export type EventHandler = (payload: any, ctx: ToolContext) => Promise<void>;

/**
 * In-process domain events between groups, run synchronously inside the emitter's unit of work:
 * a listener's writes commit or roll back with the change that caused them (for example tickets
 * following a customer merge). Emitters do not know who listens; a disabled group simply is not
 * listening.
 */
export class EventBus {
  constructor(private readonly handlers: ReadonlyMap<string, { group: string; handler: EventHandler }[]>) {}

  /** Bound to one call scope: handlers get the same shop, EntityManager and services, and their own group's config. */
  forScope(ctx: () => ToolContext, configOf: (group: string) => Readonly<Record<string, unknown>>) {
    return {
      emit: async (event: string, payload: unknown): Promise<void> => {
        for (const { group, handler } of this.handlers.get(event) ?? []) await handler(payload, withConfig(ctx(), configOf(group)));
      },
      listeners: (event: string) => (this.handlers.get(event) ?? []).map((h) => h.group),
    };
  }
}

export type ScopedEvents = ReturnType<EventBus['forScope']>;

/** The emitter's context with the listener's group config; em and services stay the emitter's (lazy) ones. */
function withConfig(ctx: ToolContext, config: Readonly<Record<string, unknown>>): ToolContext {
  return {
    shop: ctx.shop,
    get em() {
      return ctx.em;
    },
    get services() {
      return ctx.services;
    },
    config,
    log: ctx.log,
    requestId: ctx.requestId,
  };
}
