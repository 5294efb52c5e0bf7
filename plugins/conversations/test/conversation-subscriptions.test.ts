import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { pause, refusal, resourceSubscriber } from '../../../test/helpers/resource-subscriber.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';
import { sandboxConfig } from './fixtures.js';
import { pairLine, receive, type Line } from './helpers/sandbox-line.js';

/**
 * shop://conversations/{id} with the official SDK client: a conversation's messages, read state
 * and assignment reach its subscribers, and only the shop's own.
 */
describe('conversation subscriptions', function () {
  this.timeout(60_000);

  let k: TestKernel;
  const clients: Client[] = [];
  const shops: { shopId: number; token: string; line: Line }[] = [];

  before(async () => {
    k = await bootKernel({
      groups: ['agents', 'customers', 'whatsapp_ops', 'conversations'],
      overrides: {
        groups: {
          whatsapp_ops: sandboxConfig(`conversation-subscriptions-${process.pid}`),
          service_probe: serviceProbe,
        },
      },
    });
    await k.listen();
    for (const [name, linePhone] of [
      ['Watched shop', '+34711100001'],
      ['Other shop', '+34711100002'],
    ] as const) {
      const { shopId, token } = await k.newShop(name, { credits: 100_000 });
      shops.push({ shopId, token, line: await pairLine(k, token, linePhone) });
    }
  });
  after(async () => {
    for (const client of clients) await client.close();
    await k?.close();
  });

  const call = async (token: string, tool: string, args: Record<string, unknown>) => {
    const { payload } = await k.call(token, tool, args);
    expect(payload.success, JSON.stringify(payload)).to.equal(true);
    return payload;
  };
  /** The conversation a customer's first message opens, and its URI. */
  const opened = async (shop: { token: string; line: Line }, phone: string) => {
    await receive(k, shop.token, shop.line, phone, 'Hello');
    const { conversations } = await call(shop.token, 'list_conversations', { session_id: shop.line.sessionId });
    const { id } = conversations.find((c: { phone: string }) => c.phone === phone);
    return { id: id as number, uri: `shop://conversations/${id}` };
  };

  it('reads a conversation with its latest messages', async () => {
    const [shop] = shops;
    const phone = '+34622100001';
    const { id, uri } = await opened(shop!, phone);
    await receive(k, shop!.token, shop!.line, phone, 'Is my parcel on its way?');
    const { client } = await resourceSubscriber(k, shop!.token, clients);
    const [content] = (await client.readResource({ uri })).contents;
    const read = JSON.parse((content as { text: string }).text);
    expect(read.conversation).to.include({ id, phone, session_id: shop!.line.sessionId, unread_count: 2 });
    expect(read.messages.map((m: { text: string }) => m.text)).to.deep.equal(['Is my parcel on its way?', 'Hello']);
    expect(read.message_count).to.equal(2);
  });

  it('a new message, a reply, reading and assigning announce the conversation; unsubscribed, nothing is heard', async () => {
    const [shop] = shops;
    const phone = '+34622100002';
    const { uri } = await opened(shop!, phone);
    const { client, updated } = await resourceSubscriber(k, shop!.token, clients);
    expect(await client.subscribeResource({ uri })).to.deep.equal({});
    const heard = (n: number, what: string) => waitFor(what, () => updated.length >= n);

    await receive(k, shop!.token, shop!.line, phone, 'Where is my order?');
    await heard(1, 'the inbound message announced');
    await call(shop!.token, 'send_chatapp_message', { phone, message: 'On its way', session_id: shop!.line.sessionId });
    await heard(2, 'the reply announced');
    await call(shop!.token, 'mark_conversation_read', { phone, session_id: shop!.line.sessionId });
    await heard(3, 'the read announced');
    const { agent } = await call(shop!.token, 'create_agent', {
      action: 'create',
      nickname: 'ana',
      full_name: 'Ana',
      email: 'ana@example.com',
    });
    await call(shop!.token, 'assign_conversation', { phone, session_id: shop!.line.sessionId, agent_id: agent.id });
    await heard(4, 'the assignment announced');
    expect(new Set(updated)).to.deep.equal(new Set([uri]));

    expect(await client.unsubscribeResource({ uri })).to.deep.equal({});
    await pause(300);
    const before = updated.length;
    await receive(k, shop!.token, shop!.line, phone, 'Thanks!');
    await pause(300);
    expect(updated).to.have.length(before);
  });

  it('a batch of messages to several conversations announces each of them once', async () => {
    const [shop] = shops;
    const first = await opened(shop!, '+34622100004');
    const second = await opened(shop!, '+34622100005');
    const { client, updated } = await resourceSubscriber(k, shop!.token, clients);
    await client.subscribeResource({ uri: first.uri });
    await client.subscribeResource({ uri: second.uri });
    // As whatsapp_ops' ingestion emits a batch: in one shop transaction.
    await withShop(
      shop!.shopId,
      ({ services }) =>
        services.events.emitMany(
          'whatsapp_ops.message_received',
          [900_400, 900_401, 900_402].map((message_id, i) => ({
            message_id,
            session_id: shop!.line.sessionId,
            phone: i === 2 ? '+34622100005' : '+34622100004',
            text: `Batch ${i}`,
            media: null,
            received_at: new Date().toISOString(),
          })),
        ),
      { transactional: true },
    );
    await waitFor('both conversations announced', () => updated.length >= 2);
    await pause(300);
    expect([...updated].sort()).to.deep.equal([first.uri, second.uri].sort());
  });

  it('another shop cannot subscribe to the conversation, and hears nothing of its messages', async () => {
    const [owner, other] = shops;
    const phone = '+34622100003';
    const { uri } = await opened(owner!, phone);
    const own = await opened(other!, phone);
    const { client, updated } = await resourceSubscriber(k, other!.token, clients);
    expect((await refusal(client, uri))?.code).to.equal(-32002);
    await client.subscribeResource({ uri: own.uri });

    await receive(k, owner!.token, owner!.line, phone, 'A message for the owner only');
    await pause(300);
    expect(updated).to.deep.equal([]);
    // The other shop's own conversation with the same phone is announced, as its own.
    await receive(k, other!.token, other!.line, phone, 'A message for the other shop');
    await waitFor('the other shop’s own conversation announced', () => updated.length > 0);
    expect(updated).to.deep.equal([own.uri]);
  });
});
