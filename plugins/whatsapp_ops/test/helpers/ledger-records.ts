import type { TestKernel } from '../../../../test/helpers/boot.js';
import { rows } from '../../../../test/helpers/ops-kernel.js';
import type { SendInput } from '../../channel/channel-port.js';
import { sendContentHash } from '../../channel/send-ledger.js';

/**
 * For networks without idempotency keys: how many messages the fake network took for one key of a
 * line — those whose recipient and content are the content the send ledger recorded for that key
 * (none when no attempt with the key holds it).
 */
export async function ledgerRecords(
  k: TestKernel,
  sessionKey: string,
  idempotencyKey: string,
  sent: Pick<SendInput, 'to' | 'text' | 'media'>[],
): Promise<number> {
  const [row] = await rows(
    k,
    'select content_hash from chatapp_send_attempts where session_key = ? and idempotency_key = ?',
    [sessionKey, idempotencyKey],
  );
  if (!row) return 0;
  return sent.filter((m) => sendContentHash(m) === row.content_hash).length;
}
