/**
 * Every domain event's payload, by event name. Each group adds its own events from its surface.ts
 * by declaration merging:
 *
 *   declare module '../../core/index.js' {
 *     interface EventMap { 'customers.merged': CustomersMerged }
 *   }
 *
 * so an emitter and every listener are checked by tsc against one declaration, and
 * `npm run docs:events` lists them all in docs/events.md.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the groups' surfaces
export interface EventMap {}

export type EventName = keyof EventMap;
