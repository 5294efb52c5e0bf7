import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, customerWrites, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

describe('stats: response times, agents and channel health', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let line: any;
  let ana: any;
  let ben: any;
  const call = (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args);
  const sql = (text: string, params: unknown[] = []) => rows(k, text, params);
  /**
   * A message on the line at `minutes` after T0: inbound, a person's reply or an automatic send. T0 is
   * 10:00 on the shop's clock two days ago, so that T0's timeline (90 minutes) never crosses the shop's
   * midnight, whatever the hour the suite runs.
   */
  const message = (phone: string, minutes: number, kind: 'in' | 'reply' | 'auto', extra = '') =>
    sql(
      `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, credits_charged, created_at, updated_at)
       values (?, ?, ?, ?, 'x', ?, ?, 0, (date_trunc('day', now() at time zone 'Europe/Madrid') - interval '2 days' + interval '10 hours') at time zone 'Europe/Madrid' + make_interval(mins => ?), now())${extra}`,
      [
        shop.shopId,
        line.id,
        phone,
        kind === 'in' ? 'inbound' : 'outbound',
        kind === 'in' ? 'received' : 'delivered',
        kind === 'auto',
        minutes,
      ],
    );
  const [A, B, C, D, E] = ['+34600400001', '+34600400002', '+34600400003', '+34600400004', '+34600400005'];

  before(async () => {
    k = await bootOps({ groups: ['customers', 'conversations', 'tickets', 'agents', 'stats'] });
    shop = await k.shops.create({ name: 'Response shop', timezone: 'Europe/Madrid', credits: 10_000 });
    line = await connectedLine(k, shop.token, { label: 'Main' }, '+34611000333');
    // The conversations (and customers) come from real inbound messages; their messages are then
    // replaced by a timeline with known times.
    for (const phone of [A, B, C, D, E]) await customerWrites(k, shop.token, line.session_key, phone, 'Hola');
    await waitFor(
      'the conversations',
      async () =>
        (await sql('select count(*)::int as n from conversations where shop_id = ?', [shop.shopId]))[0].n === 5,
    );
    await sql('delete from chatapp_messages where shop_id = ?', [shop.shopId]);
    // A: asks twice, a person answers after 10 minutes; a campaign message answers nothing; asks
    // again at 30 and is answered at 90 (60 minutes).
    await message(A, 0, 'in');
    await message(A, 1, 'in');
    await message(A, 10, 'reply');
    await message(A, 20, 'auto');
    await message(A, 30, 'in');
    await message(A, 90, 'reply');
    // B: asks and gets no answer.
    await message(B, 5, 'in');
    // C: wrote five and a half days before T0 (before a week's period) and again at T0, answered
    // after 15 minutes: one turn, started before the week.
    await message(C, -(5 * 24 + 12) * 60, 'in');
    await message(C, 0, 'in');
    await message(C, 15, 'reply');
    // D: asked nine days before T0 and was answered at T0.
    await message(D, -9 * 24 * 60, 'in');
    await message(D, 0, 'reply');
    // E: wrote ten days before T0 and again at T0, never answered: after 7 days of silence, two turns.
    await message(E, -10 * 24 * 60, 'in');
    await message(E, 0, 'in');
    ana = (
      await call('create_agent', {
        action: 'create',
        nickname: 'Ana',
        full_name: 'Ana López',
        email: 'ana@example.com',
      })
    ).agent;
    ben = (
      await call('create_agent', { action: 'create', nickname: 'Ben', full_name: 'Ben Ito', email: 'ben@example.com' })
    ).agent;
    await call('assign_conversation', { phone: A, agent_id: ana.id });
    // Tickets: Ana resolved one in 4 hours and has one open; Ben has one open.
    const ticket = async (agent: number, title: string) => {
      const { ticket } = await call('create_ai_ticket', { action: 'create', title, phone: A, priority: 'P2' });
      await call('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: agent });
      return ticket.id;
    };
    const done = await ticket(ana.id, 'Refund');
    await sql(
      `update tickets set status = 'resolved', created_at = now() - interval '5 hours', resolved_at = now() - interval '1 hour' where id = ?`,
      [done],
    );
    await ticket(ana.id, 'Exchange');
    await ticket(ben.id, 'Invoice');
  });
  after(async () => {
    await k?.close();
  });

  it('turns, replies and minutes to the first reply; automatic messages answer nothing', async () => {
    const week = await call('get_conversation_stats', { period: '7d' });
    expect(week.totals).to.deep.equal({
      turns: 4,
      answered: 2,
      unanswered: 2,
      conversations: 3,
      first_response_minutes: { average: 35, median: 35, p90: 55 },
    });
    expect(week.series).to.have.length(1);
    expect(week.series[0]).to.include({ turns: 4, answered: 2 });
    expect(week.inbox).to.deep.include({ total_now: 5, new: 5 });
    // Thirty days hold the turns of C (answered after 5½ days), D (after 9 days) and E's first.
    const month = await call('get_conversation_stats', { period: '30d' });
    expect(month.totals).to.include({ turns: 7, answered: 4, conversations: 5 });
    expect(month.totals.first_response_minutes.median).to.equal((60 + (5 * 24 + 12) * 60 + 15) / 2);
  });

  it('a turn belongs to the period it started in; its reply counts up to 7 days after the period', async () => {
    const [{ day }] = await sql(
      `select to_char(min(created_at) at time zone 'Europe/Madrid', 'YYYY-MM-DD') as day from chatapp_messages where shop_id = ? and phone = ?`,
      [shop.shopId, D],
    );
    const plus = (days: number) =>
      new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // D's reply came 9 days after the question: more than 7 days after a one-day period.
    const alone = await call('get_conversation_stats', { date_from: day, date_to: day });
    expect(alone.totals).to.include({ turns: 1, answered: 0, unanswered: 1 });
    const longer = await call('get_conversation_stats', { date_from: day, date_to: plus(2) });
    expect(longer.totals).to.include({ turns: 1, answered: 1 });
    expect(longer.totals.first_response_minutes.median).to.equal(9 * 24 * 60);
  });

  it('agents: their conversations, their customers’ reply times and their tickets', async () => {
    const { agents, unassigned } = await call('get_agent_stats', { period: '7d' });
    const byName = Object.fromEntries(agents.map((a: any) => [a.nickname, a]));
    expect(byName.Ana).to.deep.include({
      agent_id: ana.id,
      full_name: 'Ana López',
      // The customer's first message (from the real inbound route) is still unread.
      conversations: { total_now: 1, unread_now: 1 },
      tickets: { open_now: 1, resolved: 1, resolution_hours_median: 4 },
    });
    expect(byName.Ana.responses).to.deep.include({ turns: 2, answered: 2, unanswered: 0 });
    expect(byName.Ana.responses.first_response_minutes.median).to.equal(35);
    expect(byName.Ben).to.deep.include({
      conversations: { total_now: 0, unread_now: 0 },
      tickets: { open_now: 1, resolved: 0, resolution_hours_median: null },
    });
    expect(byName.Ben.responses.turns).to.equal(0);
    expect(unassigned.responses).to.include({ turns: 2, answered: 0, unanswered: 2 });
    expect(unassigned.conversations.total_now).to.equal(4);
  });

  it('channel health: connection, failure share and the commonest failure reasons', async () => {
    let health = (await call('get_channel_health')).lines;
    expect(health).to.have.length(1);
    expect(health[0]).to.include({ session_id: line.id, label: 'Main', status: 'connected', health: 'ok', inbound: 6 });
    expect(health[0].sent).to.equal(5);
    // 20 more sends today, 3 of them failed: over 5 % of at least 20 → degraded.
    for (let i = 0; i < 20; i++)
      await sql(
        `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, credits_charged, error, created_at, updated_at)
         values (?, ?, ?, 'outbound', 'x', ?, true, 0, ?, now(), now())`,
        [
          shop.shopId,
          line.id,
          B,
          i < 3 ? 'failed' : 'read',
          i < 2 ? 'recipient not on the network' : i < 3 ? 'timeout' : null,
        ],
      );
    health = (await call('get_channel_health', { period: 'today' })).lines;
    expect(health[0]).to.include({ sent: 20, failed: 3, failure_pct: 15, read_pct: 85, health: 'degraded' });
    expect(health[0].top_errors).to.deep.equal([
      { error: 'recipient not on the network', messages: 2 },
      { error: 'timeout', messages: 1 },
    ]);
    await sql(`update chatapp_sessions set status = 'disconnected', disconnected_at = now() where id = ?`, [line.id]);
    health = (await call('get_channel_health')).lines;
    expect(health[0]).to.include({ status: 'disconnected', health: 'down' });
    expect(health[0].disconnected_at).to.be.a('string');
  });

  it('CSV of the new reports, and charts', async () => {
    const csv = await call('export_stats_csv', { report: 'agents', period: '7d' });
    expect(csv.csv.split('\r\n')[0]).to.match(/^agent_id,nickname,/);
    expect(csv.rows).to.equal(3);
    const conv = await call('export_stats_csv', { report: 'conversations', period: '7d' });
    expect(conv.csv.split('\r\n')[0]).to.equal(
      'period,turns,answered,unanswered,first_response_minutes_average,first_response_minutes_median,first_response_minutes_p90',
    );
    const lines = await call('export_stats_csv', { report: 'channels', period: '7d' });
    expect(lines.rows).to.equal(1);
    for (const tool of ['get_conversation_stats', 'get_agent_stats', 'get_channel_health']) {
      const res = await k.rpc(
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: { chart: true } } },
        shop.token,
      );
      const image = res.body.result.content[1];
      expect(image, tool).to.include({ type: 'image', mimeType: 'image/png' });
    }
  });

  it('another shop sees none of it', async () => {
    const other = await k.shops.create({ name: 'Other responses' });
    const conv = await ok(k, other.token, 'get_conversation_stats', { period: '30d' });
    expect(conv.totals.turns).to.equal(0);
    expect(conv.inbox.total_now).to.equal(0);
    const agents = await ok(k, other.token, 'get_agent_stats');
    expect(agents.agents).to.deep.equal([]);
    expect(agents.unassigned.responses.turns).to.equal(0);
    expect((await ok(k, other.token, 'get_channel_health')).lines).to.deep.equal([]);
  });

  it('without the groups they read, the reports say so', async () => {
    const bare = await bootKernel({ groups: ['stats'] });
    try {
      const other = await bare.newShop('Bare responses');
      await fails(bare, other.token, 'get_conversation_stats', {}, 'group_not_enabled');
      await fails(bare, other.token, 'get_agent_stats', {}, 'group_not_enabled');
      await fails(bare, other.token, 'get_channel_health', {}, 'group_not_enabled');
    } finally {
      await bare.close();
    }
  });
});
