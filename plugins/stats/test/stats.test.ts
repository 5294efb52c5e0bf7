import { expect } from 'chai';
import { formatShopTime } from '../../../core/index.js';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, customerWrites, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

describe('stats: dashboard figures from the real tables', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let line: any;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const sql = (text: string, params: unknown[] = []) => rows(k, text, params);

  before(async () => {
    k = await bootOps({ groups: ['customers', 'tickets', 'agents', 'stats'] });
    shop = await k.shops.create({ name: 'Stats shop', timezone: 'Europe/Madrid', credits: 100_000 });
    line = await connectedLine(k, shop.token, {}, '+34611000222');
    for (const phone of ['+34600300001', '+34600300002', '+34600300003'])
      await call.ok('send_chatapp_message', { phone, message: `Hola ${phone}` });
    for (const phone of ['+34600300001', '+34600300004'])
      await customerWrites(k, shop.token, line.session_key, phone, 'Hola!');
    await waitFor(
      'the inbound messages',
      async () =>
        (
          await sql(`select count(*)::int as n from chatapp_messages where shop_id = ? and direction = 'inbound'`, [
            shop.shopId,
          ])
        )[0].n === 2,
    );
    // The sandbox's receipts (sent → delivered → read) must have landed: one arriving later would
    // change today's figures between two reads of them.
    await waitFor(
      'the receipts of the sent messages',
      async () =>
        (
          await sql(
            `select count(*)::int as n from chatapp_messages where shop_id = ? and direction = 'outbound' and status not in ('read', 'failed')`,
            [shop.shopId],
          )
        )[0].n === 0,
    );
    // One sent message ten days ago: the previous week of a 7-day overview.
    await sql(
      `update chatapp_messages set created_at = now() - interval '10 days' where id = (select min(id) from chatapp_messages where shop_id = ? and direction = 'outbound')`,
      [shop.shopId],
    );
    await call.ok('create_ai_ticket', {
      action: 'create',
      title: 'Late parcel',
      phone: '+34600300001',
      priority: 'P1',
    });
    const { ticket } = await call.ok('create_ai_ticket', {
      action: 'create',
      title: 'Refund',
      phone: '+34600300002',
      priority: 'P0',
    });
    await sql(
      `update tickets set status = 'resolved', created_at = now() - interval '6 hours', resolved_at = now() - interval '1 hour' where id = ?`,
      [ticket.id],
    );
  });
  after(async () => {
    await k?.close();
  });

  it('the overview compares the period with the one before it', async () => {
    const o = await call.ok('get_dashboard_overview', { period: '7d' });
    expect(o.range).to.include({ days: 7, timezone: 'Europe/Madrid' });
    expect(o.messages.outbound).to.deep.equal({ value: 2, previous: 1, change_pct: 100 });
    expect(o.messages.inbound).to.deep.equal({ value: 2, previous: 0, change_pct: null });
    expect(o.messages.contacts_writing.value).to.equal(2);
    expect(o.customers.new.value).to.be.greaterThan(0);
    expect(o.tickets).to.deep.include({ opened: { value: 2, previous: 0, change_pct: null }, open_now: 1 });
    expect(o.tickets.resolved.value).to.equal(1);
    expect(o.credits.spent.value).to.equal(1_500);
    expect(o.credits.balance).to.equal(98_500);
  });

  it('messages group by the shop’s days, also across the DST change', async () => {
    // 23:30 UTC on 28 March 2026 is 00:30 on the 29th in Madrid (the night the clocks go forward).
    const [first] = await sql(
      `select id from chatapp_messages where shop_id = ? and direction = 'inbound' order by id limit 1`,
      [shop.shopId],
    );
    await sql(`update chatapp_messages set created_at = '2026-03-28T23:30:00Z' where id = ?`, [first.id]);
    const stats = await call.ok('get_message_stats', { date_from: '2026-03-28', date_to: '2026-03-29' });
    expect(stats.series).to.deep.equal([
      { period: '2026-03-29', inbound: 1, outbound: 0, automatic: 0, failed: 0, delivered: 0, read: 0, credits: 0 },
    ]);
    const week = await call.ok('get_message_stats', {
      date_from: '2026-03-23',
      date_to: '2026-03-29',
      group_by: 'week',
    });
    expect(week.series.map((r: any) => r.period)).to.deep.equal(['2026-03-23']);
    const month = await call.ok('get_message_stats', { period: '30d', group_by: 'month' });
    expect(month.totals.outbound).to.equal(3);
    expect(month.totals.delivery_rate).to.be.a('number');
    // The shop's only line: its series, counted from the rows, is the shop's. The sandbox's receipts
    // may still move a message from delivered to read between two reads: read both until they agree.
    await waitFor('the line’s series to equal the shop’s', async () => {
      const shopSeries = (await call.ok('get_message_stats', { period: '30d', group_by: 'month' })).series;
      const lineSeries = (await call.ok('get_message_stats', { period: '30d', group_by: 'month', session_id: line.id }))
        .series;
      return JSON.stringify(lineSeries) === JSON.stringify(shopSeries);
    });
  });

  it('the heatmap is 7×24 on the shop’s clock', async () => {
    const [one] = await sql(
      `select id from chatapp_messages where shop_id = ? and direction = 'outbound' order by id desc limit 1`,
      [shop.shopId],
    );
    // Last Wednesday 09:15 in Madrid.
    await sql(
      `update chatapp_messages set created_at = ((date_trunc('week', now() at time zone 'Europe/Madrid') - interval '5 days' + interval '9 hours 15 minutes') at time zone 'Europe/Madrid') where id = ?`,
      [one.id],
    );
    const grid = await call.ok('get_activity_heatmap', { days: 30, direction: 'outbound' });
    expect(grid.matrix).to.have.length(7);
    expect(grid.matrix.every((h: number[]) => h.length === 24)).to.equal(true);
    // Rows by day_of_week: Wednesday is 3.
    expect(grid.matrix[3][9]).to.be.at.least(1);
    expect(grid.matrix.flat().reduce((a: number, b: number) => a + b, 0)).to.equal(grid.total);
    const busiest = Math.max(...grid.matrix.flat());
    const row = grid.matrix.findIndex((hours: number[]) => hours.includes(busiest));
    expect(grid.peak).to.include({ day_of_week: row, hour: grid.matrix[row].indexOf(busiest), messages: busiest });
    expect(grid.peak.day_name).to.equal(
      ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][row],
    );
  });

  it('tickets, customers and credits usage', async () => {
    const tickets = await call.ok('get_ticket_stats', { period: '7d' });
    expect(tickets.by_priority).to.deep.equal({ P0: 1, P1: 1 });
    expect(tickets.resolution_hours).to.deep.equal({ average: 5, median: 5 });
    expect(tickets.series.reduce((t: number, r: any) => t + r.opened, 0)).to.equal(2);
    const customers = await call.ok('get_customer_stats', { period: '7d' });
    expect(customers.totals.total).to.be.greaterThan(0);
    const credits = await call.ok('get_credits_usage_stats', { period: '30d' });
    expect(credits.by_source).to.deep.equal([{ source: 'manual', messages: 3, credits: 1_500 }]);
    expect(credits.ledger).to.include({ spend: -1_500 });
  });

  it('daily rollups give the overview counting live gives, and closed days are re-rolled for late receipts', async () => {
    // Messages spread over the last 40 days, including yesterday and today; 53 people writing now
    // and then, with gaps of every length between their days.
    await sql(
      `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, billing_source, credits_charged, created_at, updated_at)
       select ?, ?, '+3460055' || lpad(((i * i * 7) % 53)::text, 4, '0'), case when i % 3 = 0 then 'inbound' else 'outbound' end, 'x',
              case when i % 3 = 0 then 'received' when i % 7 = 0 then 'failed' else 'delivered' end, i % 2 = 0, case when i % 2 = 0 then 'campaign' end, case when i % 3 = 0 then 0 else 10 end,
              now() - (i * interval '97 minutes'), now()
       from generate_series(1, 600) i`,
      [shop.shopId, line.id],
    );
    // And the ledger's spends and top-ups over the same days.
    await sql(
      `insert into credit_movements (shop_id, amount, balance_after, kind, reason, created_at)
       select ?, case when i % 5 = 0 then 1000 else -50 end, 0, case when i % 5 = 0 then 'purchase' else 'spend' end, 'test',
              now() - (i * interval '131 minutes')
       from generate_series(1, 400) i`,
      [shop.shopId],
    );
    const day = (daysAgo: number) =>
      formatShopTime(new Date(Date.now() - daysAgo * 86_400_000), 'Europe/Madrid').slice(0, 10);
    const periods: Record<string, string>[] = [
      { period: 'today' },
      { period: '7d' },
      { period: '30d' },
      { period: '90d' },
      { date_from: day(20), date_to: day(5) },
      { date_from: day(35), date_to: day(2) },
      { date_from: day(3), date_to: day(0) },
      { date_from: day(9), date_to: day(8) },
      { date_from: day(16), date_to: day(12) },
      { date_from: day(39), date_to: day(25) },
    ];
    const figures = async (range: Record<string, string>) => {
      const { messages, credits } = await call.ok('get_dashboard_overview', range);
      return {
        messages,
        credits,
        usage: await call.ok('get_credits_usage_stats', range),
        days: await call.ok('get_message_stats', range),
        weeks: await call.ok('get_message_stats', { ...range, group_by: 'week' }),
      };
    };
    const heatmaps = async () => Promise.all([7, 30, 90].map((days) => call.ok('get_activity_heatmap', { days })));
    const liveHeatmaps = await heatmaps();
    expect(liveHeatmaps[1].total).to.be.greaterThan(0);
    const live = [];
    for (const range of periods) live.push(await figures(range));
    expect(live[2].messages.contacts_writing.value).to.be.greaterThan(0);
    // A long history is rolled over several runs (120 days each); run until today is reached.
    const today = formatShopTime(new Date(), 'Europe/Madrid').slice(0, 10);
    let state: any;
    for (let run = 0; run < 5 && state?.rolled_until !== today; run++) {
      expect(await k.scheduler.runTick('stats.roll-up-stats', new Date(Date.UTC(2007, 0, 1, 0, run)))).to.equal('ran');
      [state] = await sql('select rolled_until, zone from stats_rollup_state where shop_id = ?', [shop.shopId]);
    }
    expect(state).to.deep.equal({ rolled_until: today, zone: 'Europe/Madrid' });
    for (const [i, range] of periods.entries())
      expect(await figures(range), JSON.stringify(range)).to.deep.equal(live[i]);
    expect(await heatmaps()).to.deep.equal(liveHeatmaps);
    // A receipt arrives late for yesterday's message: the next run re-rolls it.
    await sql(
      `update chatapp_messages set status = 'failed' where id = (select max(id) from chatapp_messages where shop_id = ? and direction = 'outbound' and status = 'delivered'
         and created_at < date_trunc('day', now() at time zone 'Europe/Madrid') at time zone 'Europe/Madrid'
         and created_at >= (date_trunc('day', now() at time zone 'Europe/Madrid') - interval '1 day') at time zone 'Europe/Madrid')`,
      [shop.shopId],
    );
    const before = (await call.ok('get_dashboard_overview', { period: '7d' })).messages.failed.value;
    expect(await k.scheduler.runTick('stats.roll-up-stats', new Date(Date.UTC(2007, 0, 1, 1, 0)))).to.equal('ran');
    expect((await call.ok('get_dashboard_overview', { period: '7d' })).messages.failed.value).to.equal(before + 1);
  });

  it('a read message counts as delivered: counts and rates agree, read live and from the rollups', async () => {
    const other = await k.shops.create({ name: 'Receipts shop', timezone: 'Europe/Madrid', credits: 1_000 });
    // Per day, three days ago and today: 7 read, 2 delivered, 1 sent, 1 failed, and 2 received.
    await sql(
      `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, credits_charged, created_at, updated_at)
       select ?, ?, '+34600900001', case when s = 'received' then 'inbound' else 'outbound' end, 'x', s, false, 0, d, now()
       from unnest(array['read', 'read', 'read', 'read', 'read', 'read', 'read', 'delivered', 'delivered', 'sent', 'failed', 'received', 'received']) s,
            unnest(array[now() - interval '3 days', now()]) d`,
      [other.shopId, line.id],
    );
    const range = {
      date_from: formatShopTime(new Date(Date.now() - 3 * 86_400_000), 'Europe/Madrid').slice(0, 10),
      date_to: formatShopTime(new Date(), 'Europe/Madrid').slice(0, 10),
    };
    const check = (stats: any) => {
      expect(stats.series).to.have.length(2);
      for (const point of stats.series)
        expect(point).to.include({ inbound: 2, outbound: 11, failed: 1, delivered: 9, read: 7 });
      expect(stats.totals).to.include({ outbound: 22, delivery_rate: 81.8, read_rate: 63.6 });
    };
    const live = await ok(k, other.token, 'get_message_stats', range);
    check(live);
    expect(await k.scheduler.runTick('stats.roll-up-stats', new Date(Date.UTC(2007, 0, 1, 2, 0)))).to.equal('ran');
    const [state] = await sql('select rolled_until from stats_rollup_state where shop_id = ?', [other.shopId]);
    expect(state.rolled_until).to.equal(range.date_to);
    const rolled = await ok(k, other.token, 'get_message_stats', range);
    check(rolled);
    expect(rolled).to.deep.equal(live);
  });

  it('CSV export of a report', async () => {
    const { csv, rows: count } = await call.ok('export_stats_csv', { report: 'tickets', period: '7d' });
    expect(csv.split('\r\n')[0]).to.equal('period,opened,resolved');
    expect(count).to.equal(csv.trim().split('\r\n').length - 1);
  });

  it('a chart comes as a PNG image beside the numbers', async () => {
    for (const [tool, args] of [
      ['get_message_stats', { period: '30d' }],
      ['get_activity_heatmap', {}],
      ['get_credits_usage_stats', {}],
    ] as const) {
      const res = await k.rpc(
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: { ...args, chart: true } } },
        shop.token,
      );
      const [text, image] = res.body.result.content;
      expect(text.type).to.equal('text');
      expect(image).to.include({ type: 'image', mimeType: 'image/png' });
      expect(Buffer.from(image.data, 'base64').subarray(0, 8).toString('hex')).to.equal('89504e470d0a1a0a');
      expect(res.body.result.structuredContent.success).to.equal(true);
    }
  });

  it('another shop’s figures hold nothing of this shop, even when it names this shop’s line', async () => {
    const other = await k.shops.create({ name: 'Other' });
    const stats = await ok(k, other.token, 'get_message_stats', { period: '30d', session_id: line.id });
    expect(stats.series).to.deep.equal([]);
    expect(stats.totals).to.include({ inbound: 0, outbound: 0 });
    const o = await ok(k, other.token, 'get_dashboard_overview');
    expect(o.messages.outbound.value).to.equal(0);
    expect(o.tickets.opened.value).to.equal(0);
  });

  it('bad ranges are refused', async () => {
    await call.fails('get_message_stats', { period: 'custom', date_from: '2026-01-01' }, 'invalid_arguments');
    await call.fails('get_message_stats', { date_from: '2026-02-10', date_to: '2026-02-01' }, 'invalid_arguments');
    await call.fails('get_message_stats', { date_from: '2020-01-01', date_to: '2026-01-01' }, 'invalid_arguments');
    await call.fails('get_message_stats', { date_from: '2026-02-30', date_to: '2026-03-01' }, 'invalid_arguments');
  });

  it('says exactly what to send for a custom range: both bounds, each a date without a time', async () => {
    const half = await call.fails(
      'get_message_stats',
      { period: 'custom', date_from: '2026-01-01' },
      'invalid_arguments',
    );
    expect(half.errors).to.deep.equal([
      { path: 'date_to', message: 'is required with a custom period: a date, YYYY-MM-DD' },
    ]);
    for (const tool of ['get_message_stats', 'get_dashboard_overview', 'get_ticket_stats', 'export_stats_csv']) {
      const timed = await call.fails(
        tool,
        {
          ...(tool === 'export_stats_csv' && { report: 'messages' }),
          date_from: '2026-12-01 00:00:00',
          date_to: '2026-12-07T23:59:59Z',
        },
        'invalid_arguments',
      );
      expect(timed.errors.map((e: any) => e.path)).to.deep.equal(['date_from', 'date_to']);
      for (const e of timed.errors) expect(e.message, tool).to.match(/date only: YYYY-MM-DD/);
    }
  });

  it('without the groups it reads, a report says so and the overview leaves the section null', async () => {
    const bare = await bootKernel({ groups: ['stats'] });
    try {
      const other = await bare.newShop('Bare');
      await fails(bare, other.token, 'get_message_stats', {}, 'group_not_enabled');
      const o = await ok(bare, other.token, 'get_dashboard_overview');
      expect(o).to.include({ messages: null, customers: null, tickets: null });
    } finally {
      await bare.close();
    }
  });
});
