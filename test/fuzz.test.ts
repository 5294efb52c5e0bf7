import fc from 'fast-check';
import { expect } from 'chai';
import type { TestKernel } from './helpers/boot.js';
import { bootOps } from './helpers/ops-kernel.js';
import { argumentsFor } from './fuzz/schema-arbitrary.js';

/** Calls per tool; FUZZ_RUNS raises it for a longer hunt. */
const RUNS_PER_TOOL = Number(process.env.FUZZ_RUNS ?? 10);
const TRANSPORT_RUNS = RUNS_PER_TOOL * 50;

/** Failures that must leave nothing written: the call was refused before or without any change. */
const REFUSALS = new Set(['invalid_arguments', 'not_found']);

/**
 * Tables a refusal may rightly write: the audit log records it, a confirmation is issued, and the
 * sandbox network writes on its own after the call that caused it has answered.
 */
const NOT_DATA = new Set(['activity_entries', 'chatapp_processed_events', 'pending_confirmations']);

describe('fuzz: the transport and every tool’s input schema (fast-check, bounded)', function () {
  this.timeout(900_000);

  let k: TestKernel;
  let token: string;
  let shopId: number;
  let fingerprintSql: string;

  before(async () => {
    k = await bootOps({
      groups: [
        'account',
        'agents',
        'calendar',
        'conversations',
        'crm',
        'customers',
        'general',
        'mass_marketing',
        'tickets',
      ],
      // The sending engine would start campaigns the fuzz schedules, between two looks at the tables.
      groupConfigs: { mass_marketing: { engine: { enabled: false } } },
      kernel: { auth: { requestsPerWindow: 1_000_000, failedAttemptsPerWindow: 20, windowSeconds: 60 } },
    });
    ({ token, shopId } = await k.newShop('Fuzz shop', { credits: 1_000_000 }));
    const tables = await k.orm.em.getConnection().execute<{ table: string }[]>(
      `select table_name as "table" from information_schema.columns where table_schema = 'public' and column_name = 'shop_id'
           and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
         order by table_name`,
    );
    fingerprintSql = tables
      .filter(({ table }) => !NOT_DATA.has(table))
      .map(({ table }) => `select '${table}' as t, count(*)::int as n from "${table}" where shop_id = ?`)
      .join(' union all ');
  });
  after(() => k?.close());

  /** Rows of the shop per table: what a refused call must leave as it was. */
  const fingerprint = async () => {
    const count = (fingerprintSql.match(/\?/g) ?? []).length;
    const rows = await k.orm.em
      .getConnection()
      .execute<{ t: string; n: number }[]>(fingerprintSql, Array(count).fill(shopId));
    return Object.fromEntries(rows.map((row) => [row.t, row.n]));
  };

  it('the transport: any body, any method, any params — never an HTTP 5xx, never -32603', async () => {
    const known = [
      'initialize',
      'ping',
      'tools/list',
      'tools/call',
      'resources/list',
      'resources/read',
      'prompts/list',
      'prompts/get',
      'completion/complete',
      'logging/setLevel',
      'resources/templates/list',
    ];
    const message = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.anything()),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.anything()),
        method: fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 20 }), fc.anything()),
        params: fc.oneof(fc.anything(), fc.dictionary(fc.string({ maxLength: 10 }), fc.anything(), { maxKeys: 4 })),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      message.map((m) => JSON.stringify(m)),
      fc.array(message, { maxLength: 5 }).map((m) => JSON.stringify(m)),
      fc.json(),
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        async (payload, type) => {
          const res = await k.app.inject({
            method: 'POST',
            url: '/',
            headers: { 'content-type': type, authorization: `Bearer ${token}` },
            payload,
          });
          expect(res.statusCode, `${payload} → ${res.statusCode} ${res.body}`).to.be.lessThan(500);
          expect(res.body, payload).not.to.match(/"code":-32603/);
          expect(res.body, payload).not.to.match(/"error_code":"internal_error"/);
        },
      ),
      { numRuns: TRANSPORT_RUNS },
    );
  });

  it('every tool: arguments shaped like its schema with hostile values — never internal_error, and a refusal writes nothing', async () => {
    const tools = k.registry.all();
    expect(tools.length).to.be.greaterThan(100);
    for (const tool of tools) {
      const name = tool.definition.name;
      await fc.assert(
        fc.asyncProperty(argumentsFor(tool.inputSchema), async (args) => {
          const before = await fingerprint();
          const res = await k.rpc(
            { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
            token,
          );
          const shown = `${name} ${JSON.stringify(args)} → ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, shown).to.be.lessThan(500);
          expect(res.body.error, shown).to.equal(undefined);
          const payload = res.body.result.structuredContent;
          expect(payload.error_code, shown).not.to.equal('internal_error');
          if (payload.success === false && REFUSALS.has(payload.error_code))
            expect(await fingerprint(), `a refused call wrote rows: ${shown}`).to.deep.equal(before);
        }),
        { numRuns: RUNS_PER_TOOL },
      );
    }
  });
});
