import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, customerWrites, ok } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

describe('whatsapp_ops: the sandbox control routes on the main server', () => {
  let k: TestKernel;
  let token: string;
  let otherToken: string;
  let line: any;

  before(async () => {
    // Receipts only when forced: a failure receipt must find the message still `sent`.
    k = await bootOps({ config: { sandbox: { deliveredAfterMs: 600_000 } } });
    ({ token } = await k.newShop('Routes shop', { credits: 5000 }));
    ({ token: otherToken } = await k.newShop('Other routes shop'));
    line = await connectedLine(k, token, {}, '+34711000800');
  });
  after(() => k.close());

  const post = (url: string, body: unknown, authorization?: string) =>
    k.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      payload: JSON.stringify(body),
    });

  it('injecting a customer message needs the Bearer token of the shop that owns the session', async () => {
    const none = await post(`/sandbox/sessions/${line.session_key}/inbound`, { from: '+34600888111', text: 'hi' });
    expect(none.statusCode).to.equal(401);
    expect(none.json()).to.include({ code: 'unauthorized' });
    const wrong = await post(
      `/sandbox/sessions/${line.session_key}/inbound`,
      { from: '+34600888111', text: 'hi' },
      'Bearer sbt_not_a_token',
    );
    expect(wrong.statusCode).to.equal(401);
    const foreign = await post(
      `/sandbox/sessions/${line.session_key}/inbound`,
      { from: '+34600888111', text: 'hi' },
      `Bearer ${otherToken}`,
    );
    expect(foreign.statusCode).to.equal(404);
    expect(foreign.json()).to.include({ code: 'session_not_found' });
    const unknown = await post(
      '/sandbox/sessions/ses_unknown/inbound',
      { from: '+34600888111', text: 'hi' },
      `Bearer ${token}`,
    );
    expect(unknown.statusCode).to.equal(404);
    expect((await ok(k, token, 'list_chatapp_messages', { direction: 'inbound' })).count).to.equal(0);
  });

  it('the owner injects a message (201) and it arrives as an inbound message; bad content is a 400', async () => {
    const res = await customerWrites(k, token, line.session_key, '+34600888111', 'Is my order ready?');
    expect(res.status).to.equal(201);
    expect(res.body.message).to.include({
      direction: 'inbound',
      from: '+34600888111',
      text: 'Is my order ready?',
      sandbox: true,
    });
    await waitFor(
      'the inbound message',
      async () => (await ok(k, token, 'list_chatapp_messages', { direction: 'inbound' })).count === 1,
    );
    const bad = await post(
      `/sandbox/sessions/${line.session_key}/inbound`,
      { from: 'nobody', text: 'x' },
      `Bearer ${token}`,
    );
    expect(bad.statusCode).to.equal(400);
    const empty = await post(
      `/sandbox/sessions/${line.session_key}/inbound`,
      { from: '+34600888111' },
      `Bearer ${token}`,
    );
    expect(empty.statusCode).to.equal(400);
  });

  it('a forced failure receipt marks the sent message failed; the credits stay charged (the network took it)', async () => {
    const { message } = await ok(k, token, 'send_chatapp_message', { phone: '+34600888111', message: 'On its way' });
    const res = await post(
      `/sandbox/sessions/${line.session_key}/receipts`,
      { provider_message_id: message.provider_message_id, status: 'failed', error: 'number unreachable' },
      `Bearer ${token}`,
    );
    expect(res.statusCode).to.equal(200);
    const failed = await waitFor(
      'the failure',
      async () => (await ok(k, token, 'list_chatapp_messages', { status: 'failed' })).messages[0],
    );
    expect(failed).to.include({ id: message.id, error: 'number unreachable', credits_charged: 500 });
    const foreign = await post(
      `/sandbox/sessions/${line.session_key}/receipts`,
      { provider_message_id: message.provider_message_id, status: 'read' },
      `Bearer ${otherToken}`,
    );
    expect(foreign.statusCode).to.equal(404);
  });
});
