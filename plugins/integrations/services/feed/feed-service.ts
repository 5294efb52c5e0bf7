import { randomUUID } from 'node:crypto';
import type { IntegrationsConfig } from '../../config.js';
import { sql, type Paging, type ServiceDeps } from '../../../../core/index.js';
import { EcommerceEvent } from '../../entities/ecommerce-event.entity.js';
import type { InboundSource, InboundStatus } from '../../entities/values.js';
import type { Transaction } from '../connections-service.js';
import { StoreError } from '../connectors/store-error.js';
import type { InboundEvent, PlatformType } from '../connectors/types.js';
import { verifyInbound } from './verify-inbound.js';

export interface EventFilter {
  platform?: PlatformType;
  topic?: string;
  status?: InboundStatus;
  source?: InboundSource;
  dateFrom?: Date;
  dateTo?: Date;
}

/** One row of the event log, before it is written. */
export interface InboundRow {
  eventKey: string;
  topic: string;
  status: InboundStatus;
  resourceType: string;
  resourceIds: string[];
  error: string | null;
}

/** A delivery as the route received it, for the connection its address names. */
export interface InboundDelivery {
  target: HookTarget;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface InboundOutcome {
  status: InboundStatus;
  /** The event was in the log already (or earlier in the same batch). */
  duplicate: boolean;
  eventKey: string | null;
}

/** The connection a webhook address names, as the route reads it. */
export interface HookTarget {
  shopId: number;
  platformType: PlatformType;
  hookSecretSealed: string | null;
}

export interface PollResult {
  platform_type: PlatformType;
  since: string;
  products_changed: number;
  orders_changed: number;
  new_events: number;
  error: string | null;
}

/**
 * The change feed: every change the storefront reports, pushed by its webhooks (signature checked
 * over the raw body) or read by polling with an overlap, is logged once per platform event id and
 * turned into domain events (`integrations.order_*`, `integrations.product_changed`) in the same
 * transaction, so a repeated delivery or an overlapping poll acts once.
 */
export class EcommerceFeedService {
  constructor(private readonly deps: ServiceDeps<IntegrationsConfig>) {}

  /**
   * Inbound deliveries for this shop's connections, verified and recorded together (the route
   * batches those that arrive at once): each one 'accepted', 'ping', a repeat, or refused.
   */
  async receive(deliveries: InboundDelivery[]): Promise<InboundOutcome[]> {
    const outcomes: InboundOutcome[] = [];
    const byPlatform = new Map<PlatformType, { rows: InboundRow[]; events: InboundEvent[] }>();
    const secrets = new Map<string, string | null>();
    for (const { target, headers, body } of deliveries) {
      const sealed = target.hookSecretSealed;
      if (sealed && !secrets.has(sealed)) secrets.set(sealed, this.deps.secrets.open(sealed));
      const verdict = verifyInbound(target.platformType, headers, body, sealed ? secrets.get(sealed)! : null);
      const group = byPlatform.get(target.platformType) ?? { rows: [], events: [] };
      byPlatform.set(target.platformType, group);
      if (!verdict.ok) {
        group.rows.push({
          eventKey: `rejected:${randomUUID()}`,
          topic: verdict.topic,
          status: 'rejected_signature',
          resourceType: 'other',
          resourceIds: [],
          error: `${verdict.reason}${verdict.eventKey ? ` (claimed id ${verdict.eventKey})` : ''}`,
        });
        outcomes.push({ status: 'rejected_signature', duplicate: false, eventKey: null });
        continue;
      }
      const event = verdict.event;
      const status: InboundStatus = event.ping ? 'ping' : 'accepted';
      group.rows.push({ ...event, status, error: null });
      if (!event.ping) group.events.push(event);
      outcomes.push({ status, duplicate: true, eventKey: event.eventKey });
    }
    const fresh = new Set<string>();
    for (const [platform, { rows, events }] of byPlatform) {
      const inserted = new Set(await this.insert(platform, 'webhook', rows));
      // A key repeated within the batch is new only for its first delivery.
      const seen = new Set<string>();
      await this.emit(
        platform,
        'webhook',
        events.filter((e) => inserted.has(e.eventKey) && !seen.has(e.eventKey) && seen.add(e.eventKey)),
      );
      for (const key of inserted) fresh.add(key);
    }
    for (const outcome of outcomes) if (outcome.eventKey && fresh.delete(outcome.eventKey)) outcome.duplicate = false;
    return outcomes;
  }

  /** Reads what changed since the cursor (less the overlap) and records it; the cursor moves only on success. */
  async poll(platform: PlatformType, transaction: Transaction): Promise<PollResult> {
    const { ecommerceConnections, config } = this.deps;
    const connection = await ecommerceConnections.require(platform);
    const startedAt = new Date();
    const since = new Date((connection.pollCursor ?? startedAt).getTime() - config.pollOverlapSeconds * 1000);
    const result: PollResult = {
      platform_type: platform,
      since: since.toISOString(),
      products_changed: 0,
      orders_changed: 0,
      new_events: 0,
      error: null,
    };
    try {
      const batch = await ecommerceConnections.connector(connection).changesSince(since);
      result.products_changed = batch.products.length;
      result.orders_changed = batch.orders.length;
      const events: InboundEvent[] = [
        ...batch.products.map((p) => ({
          eventKey: `poll:product:${p.externalId}:${p.updatedAt}`,
          topic: 'product.updated',
          resourceType: 'product' as const,
          resourceIds: [p.externalId],
          ping: false,
        })),
        ...batch.orders.map((o) => ({
          eventKey: `poll:order:${o.externalId}:${o.updatedAt}`,
          // An order first seen after it was created within the window is new to us.
          topic: o.createdAt && new Date(o.createdAt) >= since ? 'order.created' : 'order.updated',
          resourceType: 'order' as const,
          resourceIds: [o.externalId],
          ping: false,
        })),
      ];
      result.new_events = await transaction(async ({ services }) => {
        const feed = services.ecommerceFeed;
        const fresh = await feed.insert(
          platform,
          'poll',
          events.map((e) => ({ ...e, status: 'accepted' as const, error: null })),
        );
        const keys = new Set(fresh);
        await feed.emit(
          platform,
          'poll',
          events.filter((e) => keys.has(e.eventKey)),
        );
        await feed.markPolled(platform, startedAt, null);
        return fresh.length;
      });
    } catch (err) {
      if (!(err instanceof StoreError)) throw err;
      result.error = err.message;
      await transaction(({ services }) => services.ecommerceFeed.markPolled(platform, null, err.message));
    }
    return result;
  }

  async markPolled(platform: PlatformType, cursor: Date | null, error: string | null): Promise<void> {
    const connection = await this.deps.ecommerceConnections.require(platform);
    connection.lastPollAt = new Date();
    connection.pollError = error;
    connection.lastCheckedAt = new Date();
    connection.status = error ? 'error' : 'active';
    connection.lastError = error;
    if (cursor) connection.pollCursor = cursor;
    const lane = this.deps.ecommerceStoreLanes.of(this.deps.ecommerceConnections.credentialsOf(connection));
    if (lane.wooAuthMode) connection.authMode = lane.wooAuthMode;
    await this.deps.em.flush();
  }

  async list(filter: EventFilter, paging: Paging): Promise<{ events: EcommerceEvent[]; count: number }> {
    const where = {
      shopId: this.deps.shop.id,
      ...(filter.platform && { platformType: filter.platform }),
      ...(filter.topic && { topic: filter.topic }),
      ...(filter.status && { status: filter.status }),
      ...(filter.source && { source: filter.source }),
      ...((filter.dateFrom || filter.dateTo) && {
        receivedAt: {
          ...(filter.dateFrom && { $gte: filter.dateFrom }),
          ...(filter.dateTo && { $lte: filter.dateTo }),
        },
      }),
    };
    const [events, count] = await this.deps.em.findAndCount(EcommerceEvent, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return { events, count };
  }

  /** The last day's inbound events of a platform, by status, with the repeats. */
  async stats24h(
    platform: PlatformType,
  ): Promise<Record<InboundStatus | 'duplicates', number> & { last_event_at: string | null }> {
    const rows = await sql<{ status: InboundStatus; n: string; duplicates: string; last: string | Date | null }>(
      this.deps.em,
      `select status, count(*) as n, coalesce(sum(duplicates), 0) as duplicates, max(received_at) as last
         from ecommerce_events where shop_id = $1 and platform_type = $2 and received_at > now() - interval '1 day'
        group by status`,
      [this.deps.shop.id, platform],
    );
    const out = {
      accepted: 0,
      ping: 0,
      rejected_signature: 0,
      failed: 0,
      duplicates: 0,
      last_event_at: null as string | null,
    };
    for (const row of rows) {
      out[row.status] = Number(row.n);
      out.duplicates += Number(row.duplicates);
      const last = row.last ? new Date(row.last).toISOString() : null;
      if (last && (!out.last_event_at || last > out.last_event_at)) out.last_event_at = last;
    }
    return out;
  }

  /**
   * Inserts the events not seen before, in one statement; a repeat (in the log already, or twice in
   * `rows`) counts in its row's duplicates. Returns the keys inserted now.
   */
  async insert(platform: PlatformType, source: InboundSource, all: InboundRow[]): Promise<string[]> {
    if (all.length === 0) return [];
    // One row per key: a statement may not update the same row twice.
    const byKey = new Map<string, InboundRow & { repeats: number }>();
    for (const row of all) {
      const seen = byKey.get(row.eventKey);
      if (seen) seen.repeats++;
      else byKey.set(row.eventKey, { ...row, repeats: 0 });
    }
    const rows = [...byKey.values()];
    const inserted = await sql<{ event_key: string; fresh: boolean }>(
      this.deps.em,
      `insert into ecommerce_events (shop_id, platform_type, source, event_key, topic, status, resource_type, resource_ids, duplicates, error, received_at)
       select $1, $2, $3, k, t, s, r, ids::jsonb, n, e, now()
         from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[]) as u(k, t, s, r, ids, e, n)
       on conflict (shop_id, platform_type, event_key)
         do update set duplicates = ecommerce_events.duplicates + excluded.duplicates + 1
       returning event_key, (xmax = 0) as fresh`,
      [
        this.deps.shop.id,
        platform,
        source,
        rows.map((r) => r.eventKey),
        rows.map((r) => r.topic.slice(0, 100)),
        rows.map((r) => r.status),
        rows.map((r) => r.resourceType),
        rows.map((r) => JSON.stringify(r.resourceIds)),
        rows.map((r) => r.error),
        rows.map((r) => r.repeats),
      ],
    );
    return inserted.filter((r) => r.fresh).map((r) => r.event_key);
  }

  /** Domain events for new changes: one per order, one product_changed for all the products of a batch. */
  async emit(platform: PlatformType, source: InboundSource, events: InboundEvent[]): Promise<void> {
    const { events: bus } = this.deps;
    const products = new Map<string, boolean>();
    for (const event of events) {
      if (event.resourceType === 'order')
        for (const id of event.resourceIds)
          await bus.emit(/create/.test(event.topic) ? 'integrations.order_created' : 'integrations.order_updated', {
            platform_type: platform,
            order_id: id,
            topic: event.topic,
            source,
          });
      if (event.resourceType === 'product')
        for (const id of event.resourceIds) products.set(id, (products.get(id) ?? false) || /delete/.test(event.topic));
    }
    const changed = [...products].filter(([, deleted]) => !deleted).map(([id]) => id);
    const deleted = [...products].filter(([, gone]) => gone).map(([id]) => id);
    if (changed.length > 0)
      await bus.emit('integrations.product_changed', {
        platform_type: platform,
        external_ids: changed,
        deleted: false,
        source,
      });
    if (deleted.length > 0)
      await bus.emit('integrations.product_changed', {
        platform_type: platform,
        external_ids: deleted,
        deleted: true,
        source,
      });
  }
}
