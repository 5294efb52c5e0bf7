import type { TestKernel } from '../../../test/helpers/boot.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { customerWrites, freshPhone, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

/** The groups a follow-up test boots besides whatsapp_ops (which bootOps adds). */
export const FOLLOWUP_GROUPS = ['customers', 'conversations', 'account', 'smart_followup'];

export { freshPhone };

/** A customer writes; resolves once the message is recorded. */
export async function customerSays(k: TestKernel, token: string, sessionKey: string, phone: string, text: string) {
  const before = await inbound(k, phone);
  const res = await customerWrites(k, token, sessionKey, phone, text);
  if (res.status !== 201) throw new Error(`inbound answered ${res.status} ${JSON.stringify(res.body)}`);
  await waitFor(`a message from ${phone}`, async () => (await inbound(k, phone)) > before);
}

const inbound = async (k: TestKernel, phone: string) =>
  Number(
    (
      await rows(k, `select count(*)::int as n from chatapp_messages where phone = ? and direction = 'inbound'`, [
        phone,
      ])
    )[0].n,
  );

/** Makes follow-ups due now (tests do not wait hours). */
export const dueNow = (k: TestKernel, ids: number[]) =>
  rows(
    k,
    `update smart_followups set due_at = now() - interval '1 second' where id in (select json_array_elements_text(?::json)::int)`,
    [JSON.stringify(ids)],
  );

/** One sender batch in the shop, as the job runs it. */
export const sendDue = (k: TestKernel, shopId: number, limit = 200) =>
  inShop(k, shopId, (ctx) => ctx.services.followupSenderService.sendDue(limit), true);

/** The follow-up messages the shop's line recorded for a phone. */
export const followupMessages = (k: TestKernel, phone: string) =>
  rows(
    k,
    `select id, idempotency_key, billing_source, automatic, credits_charged, created_at from chatapp_messages
     where phone = ? and direction = 'outbound' and billing_source = 'followup' order by id`,
    [phone],
  );
