import type { TestKernel } from '../../../test/helpers/boot.js';
import { customerWrites, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

/** The groups an analysis test boots (whatsapp_ops comes with bootOps). */
export const ANALYSIS_GROUPS = ['customers', 'conversations', 'prompt', 'knowledge', 'ai_analysis'];

/** A customer writes each text in turn; resolves once all are recorded. Returns their message ids. */
export async function customerSays(
  k: TestKernel,
  token: string,
  sessionKey: string,
  phone: string,
  texts: string[],
): Promise<number[]> {
  const before = await countInbound(k, phone);
  for (const text of texts) {
    const res = await customerWrites(k, token, sessionKey, phone, text);
    if (res.status !== 201) throw new Error(`inbound answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  await waitFor(
    `${texts.length} messages from ${phone}`,
    async () => (await countInbound(k, phone)) >= before + texts.length,
  );
  const ids = await rows(
    k,
    `select id from chatapp_messages where phone = ? and direction = 'inbound' order by id desc limit ?`,
    [phone, texts.length],
  );
  return ids.map((r) => Number(r.id)).reverse();
}

const countInbound = async (k: TestKernel, phone: string) =>
  Number(
    (
      await rows(k, `select count(*)::int as n from chatapp_messages where phone = ? and direction = 'inbound'`, [
        phone,
      ])
    )[0].n,
  );

/** Moves a customer's messages back in time (minutes), as if written earlier. */
export async function age(k: TestKernel, phone: string, minutes: number): Promise<void> {
  await rows(k, `update chatapp_messages set created_at = created_at - make_interval(mins => ?::int) where phone = ?`, [
    minutes,
    phone,
  ]);
  await rows(
    k,
    `update conversations set last_message_at = last_message_at - make_interval(mins => ?::int) where phone = ?`,
    [minutes, phone],
  );
}

let seq = 0;
const PREFIXES = { es: '+346', gb: '+44740', hu: '+3630' } as const;
const LENGTHS = { es: 8, gb: 7, hu: 7 } as const;
/** A mobile number no other test uses, of that country, from a range where every number is valid (+4479 has gaps). */
export function freshPhone(country: keyof typeof PREFIXES = 'es'): string {
  const digits = `${Date.now()}${String(++seq).padStart(3, '0')}`;
  return `${PREFIXES[country]}${digits.slice(-LENGTHS[country])}`;
}
