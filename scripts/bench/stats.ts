/**
 * Stats benchmark (not a test). Target: get_dashboard_overview p95 ≤ 100 ms on a shop
 * with 1,000,000 messages over a year and 100,000 customers, on the local PostgreSQL, over MCP
 * (tools/call through the server's route), for each period the dashboard offers, once the rollup
 * job has run. Other shops' rows are in the same tables (the shop is one of several), as in
 * production.
 *
 *   npm run bench:stats [-- --messages 1000000 --customers 100000 --runs 100]
 */
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '100' },
  },
});
const MESSAGES = Number(values.messages);
const CUSTOMERS = Number(values.customers);
const RUNS = Number(values.runs);

const { kernel, close } = await benchKernel();
const conn = kernel.orm.em.getConnection();
const { shopId, token } = await kernel.shops.create({
  name: 'Stats bench',
  timezone: 'Europe/Madrid',
  credits: 1_000_000,
});
const noise = await kernel.shops.create({ name: 'Another shop' });

/**
 * A year of traffic for both shops, written in time order as a live server writes it (so a day's
 * rows share heap pages, and the shops' rows interleave): a third inbound, every paid send a line of
 * the credits ledger at the time it was sent, customers and tickets arriving over the year.
 */
const seed = async (shops: { shop: number; messages: number; customers: number }[]) => {
  const sessions: number[] = [];
  for (const { shop } of shops) {
    const [{ id }] = await conn.execute(
      `insert into chatapp_sessions (shop_id, session_key, adapter, sandbox, routing_roles, mass_marketing_enabled, status, created_at, updated_at)
       values (?, ?, 'sandbox', true, '["general"]', false, 'connected', now(), now()) returning id`,
      [shop, `bench-${shop}-${Date.now()}`],
    );
    sessions.push(id);
  }
  const each = JSON.stringify(shops.map((s, i) => ({ ...s, session: sessions[i] })));
  const perShop = `jsonb_to_recordset(?::jsonb) as s(shop int, session int, messages int, customers int)`;
  await conn.execute(
    `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, billing_source, credits_charged, created_at, updated_at)
     select shop, session, '+3460' || lpad((i % greatest(customers, 1))::text, 7, '0'),
            case when i % 3 = 0 then 'inbound' else 'outbound' end, 'x',
            case when i % 3 = 0 then 'received' when i % 50 = 1 then 'failed' when i % 4 = 1 then 'read' else 'delivered' end,
            i % 3 = 2, case when i % 3 = 2 then 'campaign' else null end, case when i % 3 = 0 then 0 else 500 end, at, now()
     from (select s.*, i, now() - (random() * interval '365 days') as at from ${perShop}, generate_series(1, s.messages) i) m
     order by at`,
    [each],
  );
  // The inbox: one conversation per line and phone, as the conversations group keeps it.
  await conn.execute(
    `insert into conversations (shop_id, session_id, phone, unread_count, last_message_at, last_message_preview, last_direction, last_message_id, last_message_status, created_at, updated_at)
     select shop_id, session_id, phone, 0, max(created_at), 'x', 'inbound', max(id), 'received', min(created_at), now()
     from chatapp_messages group by 1, 2, 3`,
  );
  await conn.execute(
    `insert into credit_movements (shop_id, amount, balance_after, kind, reason, reference, created_at)
     select shop_id, -credits_charged, 0, 'spend', 'chatapp_message', id::text, created_at
     from chatapp_messages where credits_charged > 0 order by id`,
  );
  await conn.execute(
    `insert into customers (shop_id, phone, created_at, updated_at, last_contact_at)
     select shop, '+3460' || lpad(i::text, 7, '0'), at, now(), now() - (random() * interval '60 days')
     from (select s.*, i, now() - (random() * interval '365 days') as at from ${perShop}, generate_series(1, s.customers) i) c
     order by at`,
    [each],
  );
  await conn.execute(
    `insert into tickets (shop_id, title, priority, status, created_at, updated_at, resolved_at)
     select shop, 'bench', 'P' || (i % 4), case when i % 3 = 0 then 'open' else 'resolved' end, at, now(),
            case when i % 3 = 0 then null else at + random() * (now() - at) end
     from (select s.*, i, now() - (random() * interval '365 days') as at from ${perShop}, generate_series(1, s.customers / 5) i) t
     order by at`,
    [each],
  );
};

let t = performance.now();
await seed([
  { shop: shopId, messages: MESSAGES, customers: CUSTOMERS },
  { shop: noise.shopId, messages: Math.round(MESSAGES / 4), customers: Math.round(CUSTOMERS / 4) },
]);
// Autovacuum's steady state: statistics and the visibility map (index-only scans) up to date.
await conn.execute('vacuum analyze');
console.log(
  `seeded ${MESSAGES} messages and ${CUSTOMERS} customers (+ a quarter for another shop) in ${Math.round(performance.now() - t)} ms`,
);

// The rollup job over the year just written (120 days a run), as the server runs it every 10 minutes.
t = performance.now();
for (let run = 0; run < 5; run++)
  await kernel.scheduler.runTick('stats.roll-up-stats', new Date(Date.UTC(2001, 0, 1, 0, run)));
console.log(`rolled up a year of both shops in ${Math.round(performance.now() - t)} ms (5 runs)`);

const localDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });
const TODAY = localDay(new Date());
const YEAR_AGO = localDay(new Date(Date.now() - 365 * 86_400_000));

const callTool = mcpCaller(kernel, token);
const call = async (name: string, args: Record<string, unknown>) => {
  const started = performance.now();
  await callTool(name, args);
  return performance.now() - started;
};

// Three agents (the default plan's limit) share the shop's conversations and tickets.
const agents: number[] = [];
for (let i = 0; i < 3; i++)
  agents.push(
    (
      await callTool('create_agent', {
        action: 'create',
        nickname: `Agent ${i}`,
        full_name: `Agent ${i}`,
        email: `a${i}@example.com`,
      })
    ).agent.id,
  );
for (const table of ['conversations', 'tickets'])
  await conn.execute(
    `update ${table} set assigned_agent_id = (array[${agents.join(',')}])[1 + id % 3] where shop_id = ?`,
    [shopId],
  );
await conn.execute('vacuum analyze conversations, tickets');

for (const [tool, args] of [
  ['get_dashboard_overview', { period: 'today' }],
  ['get_dashboard_overview', { period: '7d' }],
  ['get_dashboard_overview', { period: '30d' }],
  ['get_dashboard_overview', { period: '90d' }],
  ['get_message_stats', { period: '90d' }],
  ['get_message_stats', { period: 'custom', date_from: YEAR_AGO, date_to: TODAY, group_by: 'month' }],
  ['get_activity_heatmap', { days: 90 }],
  ['get_activity_heatmap', { days: 365 }],
  ['get_credits_usage_stats', { period: '90d' }],
  ['get_conversation_stats', { period: '7d' }],
  ['get_conversation_stats', { period: '30d' }],
  ['get_agent_stats', { period: '30d' }],
  ['get_channel_health', { period: '7d' }],
] as const) {
  for (let i = 0; i < 5; i++) await call(tool, args);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await call(tool, args));
  console.log(
    `${tool} ${JSON.stringify(args)}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
  );
}
await close();
