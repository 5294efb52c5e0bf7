import { expect } from 'chai';
import type { TestKernel } from '../../../../test/helpers/boot.js';
import { connectedLine } from '../../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../../test/helpers/wait-for.js';

export interface Line {
  sessionId: number;
  sessionKey: string;
  phone: string;
}

/** A new sandbox line of the shop on `linePhone`, paired the way a phone does it (test kit's connectedLine). */
export async function pairLine(
  k: TestKernel,
  token: string,
  linePhone: string,
  args: Record<string, unknown> = {},
): Promise<Line> {
  const session = await connectedLine(k, token, { force_new: true, ...args }, linePhone);
  return { sessionId: session.id, sessionKey: session.session_key, phone: linePhone };
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
