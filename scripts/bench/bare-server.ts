/**
 * The baseline of `npm run bench:hot-path` (not part of the server): a bare Fastify process doing
 * what a Switchboard tool call does at the database, with `pg` and nothing else — no JSON-RPC,
 * auth, validation, tenancy or ORM. Its answers have the shape and size of the server's.
 *
 *   node --import tsx/esm scripts/bench/bare-server.ts <port> <database url> <shop id> <customer id>
 */
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import type * as Pg from 'pg';

const require = createRequire(import.meta.url);
const { Pool } = require('pg') as typeof Pg;

const [port, url, shopArg, customerArg] = process.argv.slice(2);
const shopId = Number(shopArg);
const customerId = Number(customerArg);
// The server's pool size (database.poolMax's default).
const pool = new Pool({ connectionString: url, max: 10 });

const rpcResult = (structured: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured },
  });

const app = Fastify({ logger: false });
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

app.post('/ping', async (req, reply) => {
  JSON.parse(req.body as string);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(rpcResult({ success: true, message: 'pong: hi', timestamp: new Date().toISOString() }));
});

app.post('/read', async (req, reply) => {
  JSON.parse(req.body as string);
  const { rows } = await pool.query('select credits_balance from shops where id = $1', [shopId]);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(rpcResult({ success: true, credits_balance: Number(rows[0].credits_balance) }));
});

// The statements add_customer_comment runs for a customer that exists, in one transaction.
app.post('/write', async (req, reply) => {
  const body = JSON.parse(req.body as string);
  const { phone, comment } = body.params.arguments;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      'insert into customers (shop_id, phone, name, email, created_at, updated_at) values ($1, $2, null, null, now(), now()) on conflict (shop_id, phone) do nothing returning id',
      [shopId, phone],
    );
    const { rows } = await client.query(
      'select c0.*, t1.id as t1__id, t1.name as t1__name, t1.color as t1__color from customers c0 left join customer_tags t1 on c0.id = t1.customer_id and t1.shop_id = $1 where c0.shop_id = $1 and c0.phone = $2',
      [shopId, phone],
    );
    const inserted = await client.query(
      'insert into customer_comments (shop_id, customer_id, body, agent_name, created_at) values ($1, $2, $3, $4, now()) returning id, created_at',
      [shopId, customerId, comment, 'Assistant'],
    );
    await client.query(
      "insert into activity_entries (actor, arguments, at, error_code, group_name, kind, outcome, request_id, resource_id, resource_type, shop_id, token, tool) values ('api_token', $1, now(), null, 'customers', 'call', 'success', $2, $3, 'comment', $4, null, 'add_customer_comment') returning id",
      [
        JSON.stringify({ phone, comment, agent_name: 'Assistant' }),
        String(req.id),
        String(inserted.rows[0].id),
        shopId,
      ],
    );
    await client.query('commit');
    const customer = rows[0];
    return reply.header('content-type', 'application/json; charset=utf-8').send(
      rpcResult({
        success: true,
        comment: { id: inserted.rows[0].id, comment, agent_name: 'Assistant', created_at: inserted.rows[0].created_at },
        customer: { id: customer.id, phone: customer.phone, name: customer.name, tags: [] },
        customer_created: false,
      }),
    );
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
});

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('ready\n');
