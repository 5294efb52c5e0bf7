import type { CallAs, SeedHttp } from './isolation.js';
import { waitFor } from '../helpers/wait-for.js';

/** Waits for an isolation seed step (20 s: the sandbox works asynchronously). */
export const seedUntil = <T>(what: string, check: () => Promise<T | undefined>) =>
  waitFor(`isolation seed: ${what}`, check, 20_000);

/** A sandbox line of shop A, paired by opening its pairing link as a phone would, once connected. */
export async function pairedLine(callAsA: CallAs, http: SeedHttp, label: string, linePhone: string) {
  const connected = await callAsA('connect_chatapp', { label });
  const link = new URL(connected.pairing.pairing_url);
  const paired = await http.inject({
    method: 'GET',
    url: `${link.pathname}?phone=${encodeURIComponent(linePhone)}`,
    headers: { accept: 'application/json' },
  });
  if (paired.statusCode !== 200)
    throw new Error(`isolation seed: pairing answered ${paired.statusCode} ${paired.body}`);
  await seedUntil('the line to connect', async () =>
    (await callAsA('get_chatapp_status', { session_id: connected.session.id })).session.status === 'connected'
      ? true
      : undefined,
  );
  return connected.session as { id: number; session_key: string };
}

/** A customer's message to shop A's sandbox line (recorded asynchronously). */
export async function customerWritesTo(http: SeedHttp, sessionKey: string, from: string, text: string): Promise<void> {
  const inbound = await http.inject({
    method: 'POST',
    url: `/sandbox/sessions/${sessionKey}/inbound`,
    headers: { authorization: `Bearer ${http.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ from, text }),
  });
  if (inbound.statusCode !== 201)
    throw new Error(`isolation seed: the inbound message answered ${inbound.statusCode} ${inbound.body}`);
}
