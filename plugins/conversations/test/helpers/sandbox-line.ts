import { expect } from 'chai';
import type { TestKernel } from '../../../../test/helpers/boot.js';

export interface Line {
  sessionId: number;
  sessionKey: string;
  phone: string;
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A shop's sandbox line, paired the way a phone does it: connect_chatapp, then open the pairing
 * link (a GET, through inject since the kernel need not listen), then wait for the connection
 * event to reach the session.
 */
export async function pairLine(
  k: TestKernel,
  token: string,
  linePhone: string,
  args: Record<string, unknown> = {},
): Promise<Line> {
  const connected = (await k.call(token, 'connect_chatapp', { force_new: true, ...args })).payload;
  expect(connected.success, JSON.stringify(connected)).to.equal(true);
  const sessionId: number = connected.session.id;
  const url = new URL(connected.pairing.pairing_url);
  const paired = await k.app.inject({
    method: 'GET',
    url: `${url.pathname}?phone=${encodeURIComponent(linePhone)}`,
    headers: { accept: 'application/json' },
  });
  expect(paired.statusCode, paired.body).to.equal(200);
  await waitFor(`session ${sessionId} connected`, async () => {
    const status = (await k.call(token, 'get_chatapp_status', { session_id: sessionId })).payload;
    return status.session.status === 'connected' ? true : undefined;
  });
  return { sessionId, sessionKey: connected.session.session_key, phone: linePhone };
}

/** A customer's message arriving on the line, through the sandbox's inject route (shop token). */
export async function injectInbound(
  k: TestKernel,
  token: string,
  line: Line,
  from: string,
  text: string,
  media?: Record<string, unknown>,
): Promise<void> {
  const res = await k.app.inject({
    method: 'POST',
    url: `/sandbox/sessions/${line.sessionKey}/inbound`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ from, text, ...(media && { media }) }),
  });
  expect(res.statusCode, res.body).to.equal(201);
}

/** Injects a message and waits until whatsapp_ops has stored it (and so emitted its event). */
export async function receive(
  k: TestKernel,
  token: string,
  line: Line,
  from: string,
  text: string,
  media?: Record<string, unknown>,
): Promise<any> {
  const before = (
    await k.call(token, 'list_chatapp_messages', { phone: from, session_id: line.sessionId, direction: 'inbound' })
  ).payload.count;
  await injectInbound(k, token, line, from, text, media);
  return waitFor(`inbound from ${from} stored`, async () => {
    const page = (
      await k.call(token, 'list_chatapp_messages', { phone: from, session_id: line.sessionId, direction: 'inbound' })
    ).payload;
    return page.count > before ? page.messages[0] : undefined;
  });
}
