import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { sandboxConfig } from './fixtures.js';
import { recorded, withShop } from '../../../test/fixtures/service-probe/index.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { pairLine, receive, type Line } from './helpers/sandbox-line.js';

describe('conversations group', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let token: string;
  let shopId: number;
  let main: Line;
  let second: Line;

  before(async () => {
    k = await bootKernel({
      groups: ['agents', 'customers', 'whatsapp_ops', 'conversations'],
      overrides: {
        groups: {
          whatsapp_ops: sandboxConfig(`conversations-${process.pid}`),
          service_probe: serviceProbe,
        },
      },
    });
    ({ shopId, token } = await k.newShop('Conversations shop', { credits: 100_000 }));
    main = await pairLine(k, token, '+34711000001', { label: 'Main' });
    second = await pairLine(k, token, '+34711000002', { label: 'Second' });
  });
  after(() => k?.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const expectError = (payload: any, code: string, path?: string) => {
    expect(payload.success, JSON.stringify(payload)).to.equal(false);
    expect(payload.error_code, JSON.stringify(payload)).to.equal(code);
    if (path) expect(payload.errors.map((e: any) => e.path)).to.include(path);
  };
  const conversationsOf = async (phone: string) =>
    (await call('list_conversations', { limit: 100 })).conversations.filter((c: any) => c.phone === phone);
  const send = async (phone: string, message: string, session_id?: number) => {
    const sent = await call('send_chatapp_message', { phone, message, ...(session_id && { session_id }) });
    expect(sent.success, JSON.stringify(sent)).to.equal(true);
    return sent.message;
  };
  /** whatsapp_ops' events, emitted as its ingestion and send path do: in a shop transaction. */
  const emit = (event: string, payload: Record<string, unknown>) =>
    withShop(shopId, ({ services }) => services.events.emit(event as any, payload as any), { transactional: true });
  /** A batch of them, as the batch send path and the receipt ingestion emit it. */
  const emitMany = (event: string, payloads: Record<string, unknown>[]) =>
    withShop(shopId, ({ services }) => services.events.emitMany(event as any, payloads as any), {
      transactional: true,
    });

  describe('following the message events', () => {
    it('an inbound message opens a conversation with one unread message and creates the customer with its last contact', async () => {
      const phone = '+34622000001';
      const message = await receive(k, token, main, phone, 'Hello, where is my order?');
      const [c] = await conversationsOf(phone);
      expect(c).to.include({
        session_id: main.sessionId,
        phone,
        unread_count: 1,
        last_message_preview: 'Hello, where is my order?',
        last_direction: 'inbound',
        last_message_status: 'received',
        assigned_agent_id: null,
        read_at: null,
      });
      expect(c.last_message_at).to.equal(message.sent_at);
      const customer = (await call('get_customer', { phone })).customer;
      expect(customer.last_contact_at).to.equal(message.sent_at);
      expect(c.customer).to.deep.equal({ id: customer.id, name: null, tags: [] });

      await receive(k, token, main, phone, 'Anyone there?');
      const [again] = await conversationsOf(phone);
      expect(again).to.include({ id: c.id, unread_count: 2, last_message_preview: 'Anyone there?' });
    });

    it('a message a person sends answers the customer: outbound last message, the conversation counts as read; receipts follow', async () => {
      const phone = '+34622000002';
      await receive(k, token, main, phone, 'Question');
      const sent = await send(phone, 'Answer');
      const [c] = await conversationsOf(phone);
      expect(c).to.include({
        unread_count: 0,
        last_direction: 'outbound',
        last_message_preview: 'Answer',
        last_message_status: 'sent',
        read_at: sent.sent_at,
      });
      const delivered = await waitFor('the delivered receipt', async () => {
        const [now] = await conversationsOf(phone);
        return now.last_message_status === 'delivered' ? now : undefined;
      });
      expect(delivered.unread_count).to.equal(0);
    });

    it('a message to a phone the shop never heard from opens a conversation with no customer and does not create one', async () => {
      const phone = '+34622000003';
      await send(phone, 'Your order shipped');
      const [c] = await conversationsOf(phone);
      expect(c).to.include({ unread_count: 0, last_direction: 'outbound', customer: null });
      expectError(await call('get_customer', { phone }), 'not_found');
    });

    it('keeps one conversation per session and phone', async () => {
      const phone = '+34622000004';
      await receive(k, token, main, phone, 'On the main line');
      await receive(k, token, second, phone, 'On the second line');
      const both = await conversationsOf(phone);
      expect(both.map((c: any) => [c.session_id, c.last_message_preview, c.unread_count])).to.have.deep.members([
        [main.sessionId, 'On the main line', 1],
        [second.sessionId, 'On the second line', 1],
      ]);
    });

    it('an automatic message leaves the unread count alone', async () => {
      const phone = '+34622000005';
      await receive(k, token, main, phone, 'Ping');
      const [c] = await conversationsOf(phone);
      await emit('whatsapp_ops.message_sent', {
        message_id: 900_000,
        session_id: main.sessionId,
        phone,
        text: 'Automatic reminder',
        media: null,
        automatic: true,
        billing_source: 'followup',
        sent_at: new Date(Date.parse(c.last_message_at) + 1000).toISOString(),
      });
      const [after] = await conversationsOf(phone);
      expect(after).to.include({
        unread_count: 1,
        last_direction: 'outbound',
        last_message_preview: 'Automatic reminder',
        read_at: null,
      });
    });

    it('a late event of an older message counts but never replaces the newer last message', async () => {
      const phone = '+34622000006';
      await emit('whatsapp_ops.message_received', {
        message_id: 900_002,
        session_id: main.sessionId,
        phone,
        text: 'Newer',
        media: null,
        received_at: '2031-01-01T10:00:00.000Z',
      });
      await emit('whatsapp_ops.message_received', {
        message_id: 900_001,
        session_id: main.sessionId,
        phone,
        text: 'Older',
        media: null,
        received_at: '2031-01-01T09:00:00.000Z',
      });
      const [c] = await conversationsOf(phone);
      expect(c).to.include({
        unread_count: 2,
        last_message_preview: 'Newer',
        last_message_at: '2031-01-01T10:00:00.000Z',
      });
      expect((await call('get_customer', { phone })).customer.last_contact_at).to.equal('2031-01-01T10:00:00.000Z');
    });

    it('a receipt changes the status shown only when it is for the last message', async () => {
      const phone = '+34622000007';
      const at = '2031-02-01T10:00:00.000Z';
      await emit('whatsapp_ops.message_sent', {
        message_id: 900_010,
        session_id: main.sessionId,
        phone,
        text: 'First',
        media: null,
        automatic: false,
        billing_source: null,
        sent_at: at,
      });
      await emit('whatsapp_ops.message_sent', {
        message_id: 900_011,
        session_id: main.sessionId,
        phone,
        text: 'Second',
        media: null,
        automatic: false,
        billing_source: null,
        sent_at: '2031-02-01T10:00:01.000Z',
      });
      await emit('whatsapp_ops.message_status', {
        message_id: 900_010,
        session_id: main.sessionId,
        phone,
        status: 'read',
      });
      expect((await conversationsOf(phone))[0].last_message_status).to.equal('sent');
      await emit('whatsapp_ops.message_status', {
        message_id: 900_011,
        session_id: main.sessionId,
        phone,
        status: 'failed',
      });
      expect((await conversationsOf(phone))[0].last_message_status).to.equal('failed');
    });

    it('a batch of sends writes each conversation once: the newest message shows, a person’s message clears the unread count at its time', async () => {
      const phone = '+34622000030';
      const newPhone = '+34622000031';
      await emit('whatsapp_ops.message_received', {
        message_id: 900_100,
        session_id: main.sessionId,
        phone,
        text: 'One',
        media: null,
        received_at: '2031-03-01T09:00:00.000Z',
      });
      await emit('whatsapp_ops.message_received', {
        message_id: 900_101,
        session_id: main.sessionId,
        phone,
        text: 'Two',
        media: null,
        received_at: '2031-03-01T09:01:00.000Z',
      });
      const sent = (
        message_id: number,
        session_id: number,
        to: string,
        text: string,
        automatic: boolean,
        sent_at: string,
      ) => ({
        message_id,
        session_id,
        phone: to,
        text,
        media: null,
        automatic,
        billing_source: automatic ? 'campaign' : null,
        sent_at,
      });
      await emitMany('whatsapp_ops.message_sent', [
        sent(900_102, main.sessionId, phone, 'Newest, automatic', true, '2031-03-01T10:05:00.000Z'),
        sent(900_103, main.sessionId, phone, 'Older, by a person', false, '2031-03-01T10:00:00.000Z'),
        sent(900_104, main.sessionId, newPhone, 'Automatic to a new phone', true, '2031-03-01T10:00:00.000Z'),
        sent(900_105, second.sessionId, phone, 'Same phone, other line', false, '2031-03-01T10:01:00.000Z'),
      ]);
      const [onMain] = (await conversationsOf(phone)).filter((c: any) => c.session_id === main.sessionId);
      expect(onMain).to.include({
        unread_count: 0,
        last_direction: 'outbound',
        last_message_preview: 'Newest, automatic',
        last_message_status: 'sent',
        read_at: '2031-03-01T10:00:00.000Z',
      });
      expect(onMain.last_message_at).to.equal('2031-03-01T10:05:00.000Z');
      const [onSecond] = (await conversationsOf(phone)).filter((c: any) => c.session_id === second.sessionId);
      expect(onSecond).to.include({
        unread_count: 0,
        last_message_preview: 'Same phone, other line',
        read_at: '2031-03-01T10:01:00.000Z',
      });
      const [fresh] = await conversationsOf(newPhone);
      expect(fresh).to.include({ unread_count: 0, last_message_preview: 'Automatic to a new phone', read_at: null });
    });

    it('a batch of automatic sends leaves the unread count alone; of two sends at the same time the later one shows', async () => {
      const phone = '+34622000032';
      await emit('whatsapp_ops.message_received', {
        message_id: 900_110,
        session_id: main.sessionId,
        phone,
        text: 'Unread',
        media: null,
        received_at: '2031-03-02T09:00:00.000Z',
      });
      const at = '2031-03-02T10:00:00.000Z';
      await emitMany('whatsapp_ops.message_sent', [
        {
          message_id: 900_111,
          session_id: main.sessionId,
          phone,
          text: 'First of a pair',
          media: null,
          automatic: true,
          billing_source: 'campaign',
          sent_at: at,
        },
        {
          message_id: 900_112,
          session_id: main.sessionId,
          phone,
          text: 'Second of a pair',
          media: null,
          automatic: true,
          billing_source: 'campaign',
          sent_at: at,
        },
      ]);
      const [c] = await conversationsOf(phone);
      expect(c).to.include({ unread_count: 1, last_message_preview: 'Second of a pair', read_at: null });
    });

    it('a person’s send whose event comes late, after a newer inbound message, leaves that message unread', async () => {
      const phone = '+34622000035';
      await emit('whatsapp_ops.message_received', {
        message_id: 900_120,
        session_id: main.sessionId,
        phone,
        text: 'Written after the answer was sent',
        media: null,
        received_at: '2031-03-03T10:00:00.000Z',
      });
      await emit('whatsapp_ops.message_sent', {
        message_id: 900_121,
        session_id: main.sessionId,
        phone,
        text: 'Sent earlier, reported late',
        media: null,
        automatic: false,
        billing_source: null,
        sent_at: '2031-03-03T09:59:00.000Z',
      });
      const [c] = await conversationsOf(phone);
      expect(c).to.include({ unread_count: 1, last_message_preview: 'Written after the answer was sent' });
    });

    it('a batch of receipts shows the last status of the last message only', async () => {
      const phone = '+34622000033';
      const other = '+34622000034';
      await emitMany('whatsapp_ops.message_sent', [
        {
          message_id: 900_120,
          session_id: main.sessionId,
          phone,
          text: 'Earlier',
          media: null,
          automatic: true,
          billing_source: 'campaign',
          sent_at: '2031-03-03T10:00:00.000Z',
        },
        {
          message_id: 900_121,
          session_id: main.sessionId,
          phone,
          text: 'Last',
          media: null,
          automatic: true,
          billing_source: 'campaign',
          sent_at: '2031-03-03T10:00:01.000Z',
        },
        {
          message_id: 900_122,
          session_id: main.sessionId,
          phone: other,
          text: 'Other',
          media: null,
          automatic: true,
          billing_source: 'campaign',
          sent_at: '2031-03-03T10:00:00.000Z',
        },
      ]);
      await emitMany('whatsapp_ops.message_status', [
        { message_id: 900_121, session_id: main.sessionId, phone, status: 'delivered' },
        { message_id: 900_120, session_id: main.sessionId, phone, status: 'failed' },
        { message_id: 900_122, session_id: main.sessionId, phone: other, status: 'delivered' },
        { message_id: 900_121, session_id: main.sessionId, phone, status: 'read' },
      ]);
      expect((await conversationsOf(phone))[0]).to.include({
        last_message_preview: 'Last',
        last_message_status: 'read',
      });
      expect((await conversationsOf(other))[0]).to.include({ last_message_status: 'delivered' });
    });

    it('a media message is previewed by its kind and caption', async () => {
      const phone = '+34622000008';
      await receive(k, token, main, phone, '', {
        url: 'https://cdn.example/photo.jpg',
        mime_type: 'image/jpeg',
        caption: 'Broken box',
      });
      expect((await conversationsOf(phone))[0].last_message_preview).to.equal('[image] Broken box');
    });

    it('counts nothing when the transaction that stored the message rolls back', async () => {
      const phone = '+34622000009';
      const failed = await withShop(
        shopId,
        async ({ services }) => {
          await services.events.emit('whatsapp_ops.message_received', {
            message_id: 900_020,
            session_id: main.sessionId,
            phone,
            text: 'Lost',
            media: null,
            received_at: new Date().toISOString(),
          });
          throw new Error('ingestion failed after the listeners ran');
        },
        { transactional: true },
      ).catch((err: Error) => err);
      expect(failed).to.be.instanceOf(Error);
      expect(await conversationsOf(phone)).to.deep.equal([]);
      expectError(await call('get_customer', { phone }), 'not_found');
    });
  });

  describe('get_recent_conversations', () => {
    let recentToken: string;

    before(async () => {
      const recent = await k.newShop('Recent conversations shop');
      recentToken = recent.token;
      for (let i = 1; i <= 22; i++) {
        const phone = `+3463300${String(i).padStart(4, '0')}`;
        const received_at = new Date(Date.UTC(2031, 0, 1, 0, i)).toISOString();
        await withShop(
          recent.shopId,
          ({ services }) =>
            services.events.emit('whatsapp_ops.message_received', {
              message_id: 800_000 + i,
              session_id: 1,
              phone,
              text: `Message ${i}`,
              media: null,
              received_at,
            }),
          { transactional: true },
        );
      }
      await k.call(recentToken, 'update_customer', { phone: '+34633000022', name: 'Newest Customer' });
      await k.call(recentToken, 'add_customer_tag', { action: 'add', phone: '+34633000022', tag_name: 'VIP' });
    });

    const recent = async (args: Record<string, unknown> = {}) =>
      (await k.call(recentToken, 'get_recent_conversations', args)).payload;

    it('lists 20 by default, newest activity first, with the customer name and tags when known', async () => {
      const p = await recent();
      expect(p).to.include({ success: true, count: 22, limit: 20, has_more: true });
      expect(p.conversations).to.have.length(20);
      expect(p.conversations.map((c: any) => c.last_message_preview).slice(0, 3)).to.deep.equal([
        'Message 22',
        'Message 21',
        'Message 20',
      ]);
      expect(p.conversations[0].customer).to.deep.include({ name: 'Newest Customer', tags: ['VIP'] });
      expect(p.conversations[1].customer).to.deep.include({ name: null, tags: [] });
    });

    it('takes limit (1-100)', async () => {
      const p = await recent({ limit: 2 });
      expect(p.conversations.map((c: any) => c.phone)).to.deep.equal(['+34633000022', '+34633000021']);
      expect((await recent({ limit: 100 })).has_more).to.equal(false);
      expectError(await recent({ limit: 0 }), 'invalid_arguments', 'limit');
      expectError(await recent({ limit: 101 }), 'invalid_arguments', 'limit');
      expectError(await recent({ limit: 'ten' }), 'invalid_arguments', 'limit');
      expectError(await recent({ offset: 1 }), 'invalid_arguments');
    });

    it("another shop's conversations never show", async () => {
      const p = await call('get_recent_conversations', { limit: 100 });
      expect(p.conversations.filter((c: any) => c.phone.startsWith('+34633'))).to.deep.equal([]);
    });
  });

  describe('get_conversation_messages', () => {
    it("shows a conversation's messages in both directions, newest first, with the conversation", async () => {
      const phone = '+34622000002';
      const p = await call('get_conversation_messages', { phone });
      expect(p).to.include({ success: true, phone, count: 2, limit: 20, offset: 0, has_more: false });
      expect(p.messages.map((m: any) => [m.direction, m.text])).to.deep.equal([
        ['outbound', 'Answer'],
        ['inbound', 'Question'],
      ]);
      expect(p.messages[0]).to.include({ session_id: main.sessionId, phone, credits_charged: 500 });
      expect(p.conversations.map((c: any) => c.session_id)).to.deep.equal([main.sessionId]);
    });

    it('a message stored while the page is read counts in the conversation too: the counts never lag the page', async () => {
      const phone = '+34622000002';
      const [before] = await conversationsOf(phone);
      const p = await withShop(shopId, async ({ services }) => {
        const messages = services.chatappMessagesService;
        const list = messages.list.bind(messages);
        messages.list = async (...args: Parameters<typeof list>) => {
          const page = await list(...args);
          await emit('whatsapp_ops.message_received', {
            message_id: 900_300,
            session_id: main.sessionId,
            phone,
            text: 'Arrived while the page was read',
            media: null,
            received_at: new Date().toISOString(),
          });
          return page;
        };
        return services.conversationsService.messages(phone, undefined, { limit: 20, offset: 0 });
      });
      expect(p.conversations[0]).to.include({
        unread_count: before.unread_count + 1,
        last_message_preview: 'Arrived while the page was read',
      });
    });

    it('without session_id covers every line; with it, one line; pages with limit and offset', async () => {
      const phone = '+34622000004';
      const all = await call('get_conversation_messages', { phone });
      expect(all.messages.map((m: any) => m.text)).to.deep.equal(['On the second line', 'On the main line']);
      expect(all.conversations).to.have.length(2);
      const one = await call('get_conversation_messages', { phone, session_id: main.sessionId });
      expect(one.messages.map((m: any) => m.text)).to.deep.equal(['On the main line']);
      expect(one.conversations.map((c: any) => c.session_id)).to.deep.equal([main.sessionId]);
      const page = await call('get_conversation_messages', { phone, limit: 1, offset: 1 });
      expect(page).to.include({ count: 2, limit: 1, offset: 1, has_more: false });
      expect(page.messages.map((m: any) => m.text)).to.deep.equal(['On the main line']);
    });

    it('normalises the phone; unknown conversations are not_found; bad arguments are invalid_arguments', async () => {
      expect((await call('get_conversation_messages', { phone: '0034 622 000 002' })).count).to.equal(2);
      expectError(await call('get_conversation_messages', { phone: '+34622999999' }), 'not_found');
      expectError(
        await call('get_conversation_messages', { phone: '+34622000002', session_id: second.sessionId }),
        'not_found',
      );
      expectError(await call('get_conversation_messages', { phone: '+34622000002', session_id: 987_654 }), 'not_found');
      expectError(await call('get_conversation_messages', { phone: '12' }), 'invalid_arguments', 'phone');
      expectError(await call('get_conversation_messages', {}), 'invalid_arguments', 'phone');
      expectError(
        await call('get_conversation_messages', { phone: '+34622000002', session_id: 0 }),
        'invalid_arguments',
        'session_id',
      );
      expectError(
        await call('get_conversation_messages', { phone: '+34622000002', limit: 101 }),
        'invalid_arguments',
        'limit',
      );
    });
  });

  describe('search_conversations', () => {
    before(async () => {
      await receive(k, token, second, '+34622000010', 'Is the 100% refund real?');
      await receive(k, token, second, '+34622000011', 'I want a 1000 unit order');
    });

    const search = (args: Record<string, unknown>) => call('search_conversations', args);

    it('finds text in any message of the conversation, in any case', async () => {
      const p = await search({ query: 'WHERE IS MY order' });
      expect(p).to.include({ success: true, count: 1, limit: 20, offset: 0, has_more: false });
      expect(p.conversations.map((c: any) => c.phone)).to.deep.equal(['+34622000001']);
      // Not only the last message: "Question" was followed by the shop's answer.
      expect((await search({ query: 'question' })).conversations.map((c: any) => c.phone)).to.deep.equal([
        '+34622000002',
      ]);
    });

    it('takes % and _ literally', async () => {
      expect((await search({ query: '100%' })).conversations.map((c: any) => c.phone)).to.deep.equal(['+34622000010']);
      expect((await search({ query: '1_0' })).count).to.equal(0);
    });

    it('matches the digits of a phone (3 or more), on every line, newest activity first', async () => {
      const p = await search({ query: '+34 622 000 004' });
      expect(p.conversations.map((c: any) => [c.phone, c.session_id])).to.deep.equal([
        ['+34622000004', second.sessionId],
        ['+34622000004', main.sessionId],
      ]);
      expect((await search({ query: '000010' })).conversations.map((c: any) => c.phone)).to.deep.equal([
        '+34622000010',
      ]);
      // Two digits are too few to search phones with: only message text is searched.
      expect((await search({ query: '62' })).count).to.equal(0);
    });

    it('pages, counting every match', async () => {
      const p = await search({ query: '622000', limit: 2, offset: 1 });
      expect(p.count).to.be.greaterThan(3);
      expect(p).to.include({ limit: 2, offset: 1, has_more: true });
      expect(p.conversations).to.have.length(2);
      const past = await search({ query: '622000', offset: 500 });
      expect(past).to.include({ count: p.count, has_more: false });
      expect(past.conversations).to.deep.equal([]);
    });

    it('refuses a blank or missing query', async () => {
      expectError(await search({ query: '   ' }), 'invalid_arguments', 'query');
      expectError(await search({}), 'invalid_arguments', 'query');
      expectError(await search({ query: 'x'.repeat(201) }), 'invalid_arguments', 'query');
    });
  });

  describe('mark_conversation_read', () => {
    it('clears the unread count and records when', async () => {
      const phone = '+34622000001';
      const before = Date.now();
      const p = await call('mark_conversation_read', { phone });
      expect(p).to.include({ success: true, count: 1 });
      expect(p.conversations[0]).to.include({ phone, unread_count: 0 });
      expect(Date.parse(p.conversations[0].read_at)).to.be.at.least(before - 1000);
      expect((await conversationsOf(phone))[0].unread_count).to.equal(0);
      // Marking again changes nothing but the time.
      expect((await call('mark_conversation_read', { phone })).conversations[0].unread_count).to.equal(0);
    });

    it('with session_id marks only that line; without, every line', async () => {
      const phone = '+34622000012';
      await receive(k, token, main, phone, 'One');
      await receive(k, token, second, phone, 'Two');
      const one = await call('mark_conversation_read', { phone, session_id: second.sessionId });
      expect(one.count).to.equal(1);
      expect((await conversationsOf(phone)).map((c: any) => [c.session_id, c.unread_count])).to.have.deep.members([
        [main.sessionId, 1],
        [second.sessionId, 0],
      ]);
      const all = await call('mark_conversation_read', { phone });
      expect(all.count).to.equal(2);
      expect((await conversationsOf(phone)).map((c: any) => c.unread_count)).to.deep.equal([0, 0]);
    });

    it('a new message after reading is unread again', async () => {
      const phone = '+34622000001';
      await receive(k, token, main, phone, 'One more thing');
      const [c] = await conversationsOf(phone);
      expect(c.unread_count).to.equal(1);
      expect(c.read_at).to.not.equal(null);
    });

    it('not_found for an unknown conversation; invalid_arguments for a bad phone or session', async () => {
      expectError(await call('mark_conversation_read', { phone: '+34622999999' }), 'not_found');
      expectError(
        await call('mark_conversation_read', { phone: '+34622000002', session_id: second.sessionId }),
        'not_found',
      );
      expectError(await call('mark_conversation_read', { phone: 'abc' }), 'invalid_arguments', 'phone');
      expectError(
        await call('mark_conversation_read', { phone: '+34622000002', session_id: -1 }),
        'invalid_arguments',
        'session_id',
      );
      expectError(await call('mark_conversation_read', { session_id: main.sessionId }), 'invalid_arguments', 'phone');
    });
  });

  describe('assign_conversation', () => {
    let agentId: number;
    let otherShopAgentId: number;

    before(async () => {
      agentId = (
        await call('create_agent', {
          action: 'create',
          nickname: 'Ana',
          full_name: 'Ana Inbox',
          email: 'ana@example.com',
        })
      ).agent.id;
      const other = await k.newShop('Other conversations shop');
      otherShopAgentId = (
        await k.call(other.token, 'create_agent', {
          action: 'create',
          nickname: 'Otto',
          full_name: 'Otto Other',
          email: 'otto@example.com',
        })
      ).payload.agent.id;
    });

    it('assigns every line of the customer, or one, and says to whom', async () => {
      const phone = '+34622000004';
      const p = await call('assign_conversation', { phone, session_id: main.sessionId, agent_id: agentId });
      expect(p).to.include({ success: true, count: 1 });
      expect(p.agent).to.deep.equal({ id: agentId, nickname: 'Ana', full_name: 'Ana Inbox' });
      expect(p.conversations[0]).to.include({ session_id: main.sessionId, assigned_agent_id: agentId });
      expect(
        (await conversationsOf(phone)).find((c: any) => c.session_id === second.sessionId).assigned_agent_id,
      ).to.equal(null);
      const all = await call('assign_conversation', { phone, agent_id: agentId });
      expect(all.conversations.map((c: any) => c.assigned_agent_id)).to.deep.equal([agentId, agentId]);
    });

    it('agent_id 0 unassigns', async () => {
      const p = await call('assign_conversation', { phone: '+34622000004', session_id: second.sessionId, agent_id: 0 });
      expect(p).to.include({ agent: null });
      expect(p.conversations[0].assigned_agent_id).to.equal(null);
    });

    it("refuses an unknown agent or another shop's agent, and changes nothing", async () => {
      for (const agent_id of [987_654, otherShopAgentId]) {
        const p = await call('assign_conversation', { phone: '+34622000001', agent_id });
        expectError(p, 'not_found');
        expect(p.resource).to.equal('agent');
      }
      expect((await conversationsOf('+34622000001'))[0].assigned_agent_id).to.equal(null);
    });

    it('not_found for an unknown conversation; invalid_arguments for bad arguments', async () => {
      expectError(await call('assign_conversation', { phone: '+34622999999', agent_id: agentId }), 'not_found');
      expectError(
        await call('assign_conversation', { phone: '+34622000001', agent_id: -1 }),
        'invalid_arguments',
        'agent_id',
      );
      expectError(await call('assign_conversation', { phone: '+34622000001' }), 'invalid_arguments', 'agent_id');
      expectError(await call('assign_conversation', { phone: '555', agent_id: agentId }), 'invalid_arguments', 'phone');
    });

    it('deleting the agent unassigns the conversations, in the same transaction', async () => {
      const doomed = (
        await call('create_agent', {
          action: 'create',
          nickname: 'Tmp',
          full_name: 'Temporary',
          email: 'tmp@example.com',
        })
      ).agent.id;
      await call('assign_conversation', { phone: '+34622000002', agent_id: doomed });
      expect((await conversationsOf('+34622000002'))[0].assigned_agent_id).to.equal(doomed);
      expect((await call('delete_agent', { action: 'delete', agent_id: doomed })).success).to.equal(true);
      expect((await conversationsOf('+34622000002'))[0].assigned_agent_id).to.equal(null);
    });
  });

  describe('list_conversations', () => {
    it('lists newest activity first with paging', async () => {
      const all = await call('list_conversations', {});
      expect(all).to.include({ success: true, limit: 20, offset: 0 });
      const times = all.conversations.map((c: any) => Date.parse(c.last_message_at));
      expect(times).to.deep.equal([...times].sort((a, b) => b - a));
      const page = await call('list_conversations', { limit: 2, offset: 1 });
      expect(page.conversations.map((c: any) => c.id)).to.deep.equal(
        all.conversations.slice(1, 3).map((c: any) => c.id),
      );
      expect(page).to.include({ count: all.count, has_more: true });
    });

    it('filters to unread conversations', async () => {
      const p = await call('list_conversations', { unread_only: true, limit: 100 });
      expect(p.count).to.be.greaterThan(0);
      expect(p.conversations.every((c: any) => c.unread_count > 0)).to.equal(true);
      const everything = await call('list_conversations', { unread_only: false, limit: 100 });
      expect(everything.count).to.be.greaterThan(p.count);
    });

    it('filters by assigned agent, 0 meaning unassigned', async () => {
      const agentId = (await call('list_agents', {})).agents.find((a: any) => a.nickname === 'Ana').id;
      const mine = await call('list_conversations', { assigned_agent_id: agentId });
      expect(mine.conversations.map((c: any) => [c.phone, c.session_id])).to.deep.equal([
        ['+34622000004', main.sessionId],
      ]);
      const unassigned = await call('list_conversations', { assigned_agent_id: 0, limit: 100 });
      expect(unassigned.conversations.every((c: any) => c.assigned_agent_id === null)).to.equal(true);
      expect(unassigned.count + mine.count).to.be.at.most((await call('list_conversations', {})).count);
    });

    it('filters by session', async () => {
      const p = await call('list_conversations', { session_id: second.sessionId, limit: 100 });
      expect(p.count).to.be.greaterThan(0);
      expect(p.conversations.every((c: any) => c.session_id === second.sessionId)).to.equal(true);
      expect((await call('list_conversations', { session_id: 987_654 })).count).to.equal(0);
    });

    it('refuses bad filters', async () => {
      expectError(await call('list_conversations', { unread_only: 'yes' }), 'invalid_arguments', 'unread_only');
      expectError(
        await call('list_conversations', { assigned_agent_id: -1 }),
        'invalid_arguments',
        'assigned_agent_id',
      );
      expectError(await call('list_conversations', { limit: 0 }), 'invalid_arguments', 'limit');
      expectError(await call('list_conversations', { status: 'open' }), 'invalid_arguments');
    });
  });

  describe('the events it emits', () => {
    /** What the group told of the phone's conversations, in order. */
    const told = (phone: string) =>
      recorded
        .filter((e) => e.shopId === shopId && e.name.startsWith('conversations.') && (e.payload as any).phone === phone)
        .map(({ name, payload }) => ({ name, payload }));
    const sent = (message_id: number, phone: string, sent_at: string) => ({
      message_id,
      session_id: main.sessionId,
      phone,
      text: `Message ${message_id}`,
      media: null,
      automatic: false,
      billing_source: null,
      sent_at,
    });

    it('tells each conversation a batch changed once: its messages, its last message’s receipt, its reading', async () => {
      const phone = '+34622000090';
      const other = '+34622000091';
      await emitMany('whatsapp_ops.message_sent', [
        sent(900_300, phone, '2031-04-01T10:00:00.000Z'),
        sent(900_301, phone, '2031-04-01T10:00:01.000Z'),
        sent(900_302, other, '2031-04-01T10:00:00.000Z'),
      ]);
      const [c] = await conversationsOf(phone);
      const [o] = await conversationsOf(other);
      const about = (id: number, p: string, change: string) => ({
        name: 'conversations.updated',
        payload: { conversation_id: id, session_id: main.sessionId, phone: p, change },
      });
      expect(told(phone)).to.deep.equal([about(c.id, phone, 'messages')]);
      expect(told(other)).to.deep.equal([about(o.id, other, 'messages')]);

      // A receipt of an earlier message changes nothing shown, and tells nothing.
      await emitMany('whatsapp_ops.message_status', [
        { message_id: 900_300, session_id: main.sessionId, phone, status: 'read' },
        { message_id: 900_301, session_id: main.sessionId, phone, status: 'delivered' },
      ]);
      await call('mark_conversation_read', { phone, session_id: main.sessionId });
      expect(told(phone)).to.deep.equal([
        about(c.id, phone, 'messages'),
        about(c.id, phone, 'status'),
        about(c.id, phone, 'read'),
      ]);
      expect(told(other)).to.have.length(1);
    });

    it('tells an assignment that changes the agent, with the previous one; also when the agent is deleted', async () => {
      const phone = '+34622000092';
      await emit('whatsapp_ops.message_sent', sent(900_310, phone, '2031-04-02T10:00:00.000Z'));
      const [c] = await conversationsOf(phone);
      const agent = (
        await call('create_agent', {
          action: 'create',
          nickname: 'Eli',
          full_name: 'Eli Events',
          email: 'eli@example.com',
        })
      ).agent.id;
      const other = (
        await call('create_agent', {
          action: 'create',
          nickname: 'Max',
          full_name: 'Max Events',
          email: 'max@example.com',
        })
      ).agent.id;
      await call('assign_conversation', { phone, agent_id: agent });
      await call('assign_conversation', { phone, agent_id: agent });
      await call('assign_conversation', { phone, agent_id: other });
      expect((await call('delete_agent', { action: 'delete', agent_id: other })).success).to.equal(true);
      const assigned = (agent_id: number | null, previous_agent_id: number | null) => ({
        name: 'conversations.assigned',
        payload: { conversation_id: c.id, session_id: main.sessionId, phone, agent_id, previous_agent_id },
      });
      expect(told(phone).filter((e) => e.name === 'conversations.assigned')).to.deep.equal([
        assigned(agent, null),
        assigned(other, agent),
        assigned(null, other),
      ]);
    });
  });
});
