import { sql, type EntityManager } from '../../../core/index.js';
import type { MessageStatus } from '../entities/values.js';

/** An outbound message a batch of receipts is about. */
export interface ReceiptTarget {
  id: number;
  session_id: number;
  provider_message_id: string;
  phone: string;
  status: MessageStatus;
  error: string | null;
}

export const targetKey = (sessionId: number, providerMessageId: string) => `${sessionId}\n${providerMessageId}`;

/**
 * The shop's outbound messages with these (session id, provider message id) pairs, locked in pair
 * order: concurrent batches about one message take turns, so neither moves it back, and all lock
 * in the same order. Each pair is looked up on its own (LATERAL) through the unique index: a join
 * could scan the shop's every message while the table's statistics lag behind a campaign. Raw SQL,
 * so the shop is explicit.
 */
export async function lockTargets(
  em: EntityManager,
  shopId: number,
  keys: { sessionId: number; providerMessageId: string }[],
): Promise<Map<string, ReceiptTarget>> {
  const unique = [
    ...new Map(
      keys.map((k) => [
        targetKey(k.sessionId, k.providerMessageId),
        { session_id: k.sessionId, provider_message_id: k.providerMessageId },
      ]),
    ).values(),
  ].sort(
    (a, b) =>
      a.session_id - b.session_id ||
      (a.provider_message_id < b.provider_message_id ? -1 : a.provider_message_id > b.provider_message_id ? 1 : 0),
  );
  const rows = await sql<ReceiptTarget>(
    em,
    `select m.* from json_to_recordset($1::json) as k(session_id int, provider_message_id text)
     cross join lateral (select id, session_id, provider_message_id, phone, status, error from chatapp_messages
                         where shop_id = $2 and session_id = k.session_id and provider_message_id = k.provider_message_id and direction = 'outbound'
                         for update) m`,
    [JSON.stringify(unique), shopId],
  );
  return new Map(rows.map((row) => [targetKey(row.session_id, row.provider_message_id), row]));
}

/** Writes the targets' statuses and errors in one statement, constrained to the shop. */
export async function saveTargets(em: EntityManager, shopId: number, targets: ReceiptTarget[]): Promise<void> {
  if (targets.length === 0) return;
  await sql(
    em,
    `update chatapp_messages m set status = v.status, error = v.error, updated_at = $1
     from json_to_recordset($2::json) as v(id int, status text, error text)
     where m.shop_id = $3 and m.id = v.id`,
    [new Date(), JSON.stringify(targets.map((t) => ({ id: t.id, status: t.status, error: t.error }))), shopId],
  );
}

/** A message a status settled, with what whatsapp_ops.message_sent tells. */
export interface SettledTarget extends ReceiptTarget {
  session_key: string;
  idempotency_key: string;
  text: string | null;
  media: unknown;
  automatic: boolean;
  billing_source: string | null;
  sent_at: string;
}

/**
 * Outbound messages still `sending` with no network id, found by the idempotency key a status
 * echoes (a send whose answer never came): the network took them, so they become `sent` with its
 * id, in one statement. The receipt's own status is applied after, as for any message.
 */
export async function settleByKey(
  em: EntityManager,
  shopId: number,
  keys: { sessionId: number; idempotencyKey: string; providerMessageId: string; sentAt: Date }[],
): Promise<SettledTarget[]> {
  if (keys.length === 0) return [];
  return sql<SettledTarget>(
    em,
    `update chatapp_messages m set status = 'sent', provider_message_id = v.provider_message_id, sent_at = v.sent_at,
            error = null, updated_at = now()
     from json_to_recordset($1::json) as v(session_id int, idempotency_key text, provider_message_id text, sent_at timestamptz),
          chatapp_sessions s
     where m.shop_id = $2 and m.session_id = v.session_id and m.idempotency_key = v.idempotency_key
       and m.direction = 'outbound' and m.status = 'sending' and m.provider_message_id is null
       and s.id = m.session_id and s.shop_id = $2
     returning m.id, m.session_id, m.provider_message_id, m.phone, m.status, m.error, s.session_key, m.idempotency_key,
               m.text, m.media, m.automatic, m.billing_source, m.sent_at`,
    [
      JSON.stringify(
        keys.map((k) => ({
          session_id: k.sessionId,
          idempotency_key: k.idempotencyKey,
          provider_message_id: k.providerMessageId,
          sent_at: k.sentAt,
        })),
      ),
      shopId,
    ],
  );
}
