import { randomUUID } from 'node:crypto';
import { sql, type Services } from '../../../../core/index.js';
import { WEBHOOK_API_VERSION } from './event-catalogue.js';

/** The outbox message that carries one delivery to the relay. */
export interface WebhookDeliveryMessage {
  delivery_id: string;
  trigger: 'auto' | 'recover';
}

export interface WebhookEnvelope {
  id: string;
  type: string;
  created_at: string;
  shop_id: number;
  api_version: string;
  data: unknown;
}

export const newDeliveryId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/** Held back: recorded, not sent, until the shop enables the endpoint again and recovers them. */
export const HELD_REASON = 'the endpoint was disabled after failing for too long; not sent';

/**
 * The transactional outbox of webhooks: in the transaction of the change that emitted the domain
 * events, one statement reads the subscription, one inserts a delivery per event and one writes
 * their outbox messages. A change that rolls back leaves no webhook; one that commits always has
 * its deliveries.
 */
export class WebhookRecorder {
  constructor(private readonly deps: Services) {}

  /** What a listener calls: a delivery per event if the shop subscribes to `type`, queued unless held. */
  async record(type: string, payloads: readonly unknown[]): Promise<void> {
    const { em, shop } = this.deps;
    const [endpoint] = await sql<{ enabled: boolean; status: string; events: string[] }>(
      em,
      `select "enabled", "status", "events" from "webhook_endpoints" where "shop_id" = $1`,
      [shop.id],
    );
    if (!endpoint?.enabled || !endpoint.events.includes(type)) return;
    const held = endpoint.status === 'disabled_failing';
    const ids = await this.insert(type, payloads, held);
    if (!held) await this.enqueue(ids, 'auto');
  }

  /** Deliveries of `type` whatever the subscription says (the test event). */
  async insert(type: string, payloads: readonly unknown[], held = false): Promise<string[]> {
    const { em, shop } = this.deps;
    const createdAt = new Date().toISOString();
    const rows = payloads.map((data) => {
      const id = newDeliveryId();
      const envelope: WebhookEnvelope = {
        id,
        type,
        created_at: createdAt,
        shop_id: shop.id,
        api_version: WEBHOOK_API_VERSION,
        data,
      };
      return { id, payload: envelope };
    });
    await sql(
      em,
      `insert into "webhook_deliveries" ("shop_id", "delivery_id", "event_type", "payload", "status", "attempts", "last_error", "created_at", "finished_at")
       select $1, v.id, $2, v.payload, $3, 0, $4, $5, $6 from json_to_recordset($7::json) as v(id text, payload jsonb)`,
      [
        shop.id,
        type,
        held ? 'exhausted' : 'pending',
        held ? HELD_REASON : null,
        createdAt,
        held ? createdAt : null,
        JSON.stringify(rows),
      ],
    );
    return rows.map((r) => r.id);
  }

  /** Hands recorded deliveries to the relay (in the same transaction). */
  async enqueue(ids: readonly string[], trigger: WebhookDeliveryMessage['trigger']): Promise<void> {
    await this.deps.outbox.enqueueMany(
      'advanced.webhook',
      ids.map((delivery_id) => ({ delivery_id, trigger })),
    );
  }
}
