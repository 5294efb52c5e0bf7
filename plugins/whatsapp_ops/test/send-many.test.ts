import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { balanceOf, bootOps, connectedLine, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { inShop, recorded } from '../../../test/fixtures/service-probe/index.js';

/** The send path's batch form, as campaigns use it: every rule of send() per request, refusals alone. */
describe('whatsapp_ops: sendMany', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let line: any;

  const sendMany = (requests: Record<string, unknown>[]) =>
    inShop(k, shopId, ({ services }) => services.chatappMessagingService.sendMany(requests as any));
  const onNetwork = async (key: string) =>
    Number(
      (
        await rows(k, 'select count(*)::int as n from sandbox_messages where session_key = ? and idempotency_key = ?', [
          line.session_key,
          key,
        ])
      )[0].n,
    );

  before(async () => {
    k = await bootOps({ probe: true });
    ({ shopId, token } = await k.newShop('Batch shop', { credits: 1500 }));
    line = await connectedLine(k, token, { label: 'Main' }, '+34711000300');
    await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: '+34600500003', reason: 'STOP' });
  });
  after(() => k.close());

  it('answers each request in order; a bad phone, an opted-out number and a send past the credits are refused alone; a repeated key makes one message', async () => {
    const automatic = { automatic: true, sessionId: line.id };
    const answers = await sendMany([
      { ...automatic, phone: '+34600500001', text: 'one', idempotencyKey: 'batch-1' },
      { ...automatic, phone: 'not a phone', text: 'bad' },
      { ...automatic, phone: '+34600500003', text: 'opted out' },
      { ...automatic, phone: '+34600500002', text: 'two', idempotencyKey: 'batch-2' },
      { ...automatic, phone: '+34600500001', text: 'one', idempotencyKey: 'batch-1' },
      { ...automatic, phone: '+34600500001', text: 'other text', idempotencyKey: 'batch-1' },
      { ...automatic, phone: '+34600500004', text: 'three', idempotencyKey: 'batch-3' },
      { ...automatic, phone: '+34600500005', text: 'four', idempotencyKey: 'batch-4' },
    ]);
    const summary = answers.map((a: any) => ('error' in a ? a.error.code : a.message.status));
    expect(summary).to.deep.equal([
      'sent',
      'invalid_arguments',
      'opted_out',
      'sent',
      'sent',
      'idempotency_conflict',
      'sent',
      'insufficient_credits',
    ]);
    expect(answers[4].message.id, 'the repeated key answers with the first message').to.equal(answers[0].message.id);
    // Three messages at 500 each: the credits covered exactly those; the fourth left nothing behind.
    expect(await balanceOf(k, shopId)).to.equal(0);
    const stored = await rows(
      k,
      `select phone, idempotency_key from chatapp_messages where shop_id = ? and direction = 'outbound' order by id`,
      [shopId],
    );
    expect(stored.map((m: any) => m.idempotency_key)).to.deep.equal(['batch-1', 'batch-2', 'batch-3']);
    for (const key of ['batch-1', 'batch-2', 'batch-3']) expect(await onNetwork(key), key).to.equal(1);
    expect(await onNetwork('batch-4')).to.equal(0);
    const sentEvents = recorded
      .filter((e) => e.shopId === shopId && e.name === 'whatsapp_ops.message_sent')
      .map((e) => e.payload.message_id);
    expect(sentEvents).to.deep.equal(
      answers.filter((a: any, i: number) => i !== 4 && 'message' in a).map((a: any) => a.message.id),
    );
  });

  it('each answer is the message as stored: the log reads back the same payload, media included', async () => {
    await k.shops.addCredits(shopId, 1000, 'test');
    const media = { url: 'https://example.com/menu.pdf', mimeType: 'application/pdf', filename: 'menu.pdf' };
    const { answers, log } = await inShop(k, shopId, async ({ services }) => {
      const answers = await services.chatappMessagingService.sendMany([
        { automatic: true, sessionId: line.id, phone: '+34600500007', text: 'with media', media },
        { automatic: false, sessionId: line.id, phone: '+34600500008', text: 'plain', idempotencyKey: 'stored-2' },
      ] as any);
      // Read in the same transaction: no receipt can have moved them on yet.
      const log = await services.chatappMessagesService.list({ direction: 'outbound', limit: 2, offset: 0 });
      return { answers, log };
    });
    const sent = answers.map((a: any) => a.message);
    expect(sent.map((m: any) => m.status)).to.deep.equal(['sent', 'sent']);
    expect(sent[0].idempotency_key).to.equal(`chatapp-message-${sent[0].id}`);
    expect(sent[0].media).to.deep.equal({ url: media.url, mime_type: media.mimeType, filename: 'menu.pdf' });
    const byId = new Map(log.messages.map((m: any) => [m.id, m]));
    for (const message of sent) expect(byId.get(message.id), `message ${message.id}`).to.deep.equal(message);
  });

  it('a send the network refuses for its line frees the key: the same key sends once the line is back', async () => {
    await k.shops.addCredits(shopId, 5000, 'test');
    const channel = await inShop(k, shopId, async ({ services }) => services.chatappChannelRegistry.installation);
    const ref = { sessionKey: line.session_key };
    // The network logs the line out; this server has not heard it yet (its events wait).
    const handler = channel.handler;
    channel.setEventHandler(null);
    try {
      await channel.logout(ref);
      const [refused] = await sendMany([
        { automatic: true, sessionId: line.id, phone: '+34600500006', text: 'hello', idempotencyKey: 'line-down-1' },
      ]);
      expect(refused.error.code).to.equal('session_not_connected');
      const [failed] = await rows(
        k,
        `select status, idempotency_key, credits_charged from chatapp_messages where shop_id = ? and phone = '+34600500006'`,
        [shopId],
      );
      expect(failed.status).to.equal('failed');
      expect(failed.idempotency_key).to.match(/^chatapp-message-\d+$/);
      expect(failed.credits_charged).to.equal(0);
    } finally {
      channel.setEventHandler(handler);
    }
    // The waiting logout reaches the server first; only then does "connected" mean the line is back.
    await waitFor(
      'the server to hear the logout',
      async () => (await ok(k, token, 'get_chatapp_status', { session_id: line.id })).session.status !== 'connected',
    );
    const pairing = await channel.connect(ref);
    const opened = await k.app.inject({
      method: 'GET',
      url: new URL(pairing.pairingUrl).pathname,
      headers: { accept: 'application/json' },
    });
    expect(opened.statusCode).to.equal(200);
    await waitFor(
      'the line to be connected again',
      async () => (await ok(k, token, 'get_chatapp_status', { session_id: line.id })).session.status === 'connected',
    );
    const [again] = await sendMany([
      { automatic: true, sessionId: line.id, phone: '+34600500006', text: 'hello', idempotencyKey: 'line-down-1' },
    ]);
    expect(again.message.status).to.equal('sent');
    expect(await onNetwork('line-down-1')).to.equal(1);
  });
});
