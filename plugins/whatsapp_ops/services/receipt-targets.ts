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
