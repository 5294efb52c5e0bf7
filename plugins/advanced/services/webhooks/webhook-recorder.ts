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
 * events, one statement inserts a delivery per event the shop subscribes to and one writes their
 * outbox messages. A change that rolls back leaves no webhook; one that commits always has
 * its deliveries.
 */
export class WebhookRecorder {
  constructor(private readonly deps: Services) {}

  /**
   * What a listener calls: a delivery per event if the shop subscribes to `type`, queued unless
   * held. The subscription is asked first, so a shop without webhooks pays one small statement,
   * not the envelopes of a whole batch (a campaign's 300 messages) sent to be joined with nothing.
   * The insert reads it again, so an endpoint changed in between gets what it now subscribes to.
   */
  async record(type: string, payloads: readonly unknown[]): Promise<void> {
    if (!(await this.subscribes(type))) return;
    const inserted = await this.insert(type, payloads, { subscribedOnly: true });
    const queued = inserted.filter((d) => d.status === 'pending').map((d) => d.delivery_id);
    if (queued.length > 0) await this.enqueue(queued, 'auto');
  }

  /**
   * Deliveries of `type` to the shop's endpoint: only when it subscribes to the type, or whatever
   * it subscribes to (the test event). An endpoint set aside gets them as held (`exhausted`, "not
   * sent"). Returns what was inserted.
   */
  async insert(
    type: string,
    payloads: readonly unknown[],
    { subscribedOnly }: { subscribedOnly: boolean },
  ): Promise<{ delivery_id: string; status: string }[]> {
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
    return sql<{ delivery_id: string; status: string }>(
      em,
      `insert into "webhook_deliveries" ("shop_id", "delivery_id", "event_type", "payload", "status", "attempts", "last_error", "created_at", "finished_at")
       select $1, v.id, $2::text, v.payload, case when e."status" = 'disabled_failing' then 'exhausted' else 'pending' end, 0,
         case when e."status" = 'disabled_failing' then $3 end, $4, case when e."status" = 'disabled_failing' then $4::timestamptz end
       from "webhook_endpoints" e cross join json_to_recordset($5::json) as v(id text, payload jsonb)
       where e."shop_id" = $1 and (not $6 or (e."enabled" and e."events" ? $2::text))
       returning "delivery_id", "status"`,
      [shop.id, type, HELD_REASON, createdAt, JSON.stringify(rows), subscribedOnly],
    );
  }

  private async subscribes(type: string): Promise<boolean> {
    const { em, shop } = this.deps;
    const [row] = await sql<{ subscribed: boolean }>(
      em,
      `select exists (select 1 from "webhook_endpoints" where "shop_id" = $1 and "enabled" and "events" ? $2::text) as subscribed`,
      [shop.id, type],
    );
    return row!.subscribed;
  }

  /** Hands recorded deliveries to the relay (in the same transaction). */
  async enqueue(ids: readonly string[], trigger: WebhookDeliveryMessage['trigger']): Promise<void> {
    await this.deps.outbox.enqueueMany(
      'advanced.webhook',
      ids.map((delivery_id) => ({ delivery_id, trigger })),
    );
  }
}
