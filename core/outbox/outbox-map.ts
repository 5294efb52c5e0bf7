import type { ToolContext } from '../plugin/plugin-types.js';

/**
 * Every outbox topic's payload, by topic. The group that consumes a topic declares it from its
 * surface.ts by declaration merging, like its events:
 *
 *   declare module '../../core/index.js' {
 *     interface OutboxMap { 'advanced.webhook': WebhookDelivery }
 *   }
 *
 * Topics are `<group>.<noun>`: the group named first is the one that delivers them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the groups' surfaces
export interface OutboxMap {}

export type OutboxTopic = keyof OutboxMap;

/** One delivery attempt as a consumer sees it. */
export interface OutboxDelivery<P = unknown> {
  /** Stable across attempts: what a receiver deduplicates on. */
  eventId: string;
  topic: string;
  payload: P;
  /** 1 on the first attempt. */
  attempt: number;
  /** The last attempt the schedule allows: after it fails the message is exhausted. */
  lastAttempt: boolean;
  createdAt: Date;
}

/**
 * What a consumer says when an attempt did not deliver. Returning nothing means delivered; a thrown
 * error is a failed attempt, retried on the schedule. `retry` with `afterMs` retries sooner or later
 * than the schedule (a receiver's Retry-After); `abandon` stops for good (a receiver that answers
 * 410 Gone).
 */
export type OutboxOutcome =
  { outcome: 'retry'; error: string; afterMs?: number } | { outcome: 'abandon'; error: string };

export type OutboxConsumer<P = unknown, C = Record<string, unknown>> = OutboxSchedule<C> &
  (
    | {
        /**
         * Delivers one message, in a unit of work of the message's shop (no transaction: what goes
         * out cannot be rolled back). It must finish within the relay's deadline, or the attempt
         * counts as failed and the message is offered again: deliveries are at least once.
         */
        deliver: (delivery: OutboxDelivery<P>, ctx: ToolContext<C>) => Promise<void | OutboxOutcome>;
        deliverBatch?: never;
      }
    | {
        /**
         * Delivers the messages of one shop claimed in one pass, in one unit of work of that shop,
         * and returns an outcome per message, in order (nothing = delivered). For consumers whose
         * work per message is a statement or two: a batch reads and records in one statement each,
         * and the relay records every outcome in one. The deadline is the batch's; when it passes,
         * or the call throws, every message of the batch is offered again.
         */
        deliverBatch: (deliveries: OutboxDelivery<P>[], ctx: ToolContext<C>) => Promise<(void | OutboxOutcome)[]>;
        deliver?: never;
      }
  );

export interface OutboxSchedule<C> {
  /**
   * Milliseconds to wait before attempts 2, 3, …: its length + 1 attempts in all. Defaults to the
   * server's outbox.retryScheduleMs; a function of the group's config lets tests compress time.
   */
  retryScheduleMs?: readonly number[] | ((config: Readonly<C>) => readonly number[]);
}

/** A group's consumers, by topic. */
export type OutboxConsumers<C = Record<string, unknown>> = {
  [K in OutboxTopic]?: OutboxConsumer<OutboxMap[K], C>;
};
