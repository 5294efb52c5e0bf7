import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { FAST_SANDBOX, uniqueEngineName } from './helpers/session-service-instance.js';
import { connectedLine, fails, ok } from './helpers/ops-kernel.js';
import { unstorableTextErrors } from '../core/tools/unstorable-text.js';
import { redactUrl } from '../core/logging/redact-url.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * What an attacker and a careless client found by probing the server, each held to its
 * fix: bounded batches, NUL and out-of-range integers as invalid_arguments, one failed-auth limit
 * for every authenticated route, no credentials in request logs, and the small ones.
 */
describe('robustness: what probing the server found', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let url: string;
  let token: string;
  let otherToken: string;
  const log = new PassThrough();
  const logLines: string[] = [];
  log.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

  before(async () => {
    k = await bootKernel({
      groups: ['activity', 'agents', 'customers', 'whatsapp_ops', 'conversations', 'mass_marketing'],
      logStream: log,
      overrides: {
        auth: { failedAttemptsPerWindow: 3 },
        groups: {
          whatsapp_ops: {
            enabled: true,
            config: { sandbox: { engineName: uniqueEngineName('robust'), ...FAST_SANDBOX } },
          },
        },
      },
    });
    url = await k.listen();
    ({ token } = await k.newShop('Probed shop', { credits: 10_000 }));
    ({ token: otherToken } = await k.newShop('Other probed shop'));
  });
  after(() => k?.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

  describe('batches', () => {
    /** The probe's body: a batch of 524,287 numbers, 1,048,575 bytes, sent with no token. */
    const hugeInvalidBatch = `[${Array(524_287).fill('1').join(',')}]`;

    it('the 1 MB batch of numbers gets one small error, and /health stays fast while four of them arrive', async () => {
      expect(hugeInvalidBatch.length).to.equal(1_048_575);
      let slowest = 0;
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const started = performance.now();
          expect((await fetch(`${url}/health`)).status).to.equal(200);
          slowest = Math.max(slowest, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const answers = await Promise.all(Array.from({ length: 4 }, () => post(hugeInvalidBatch)));
      probing = false;
      await probe;
      for (const res of answers) {
        expect(res.status).to.equal(400);
        const text = await res.text();
        expect(text.length).to.be.lessThan(300);
        const body = JSON.parse(text);
        expect(body).to.not.be.an('array');
        expect(body.error.code).to.equal(-32600);
        expect(body.error.message).to.match(/at most 100 messages; this one holds 524287/);
      }
      // Before the fix each such request blocked the event loop for 3–10 s.
      expect(slowest, 'the slowest /health answer (ms)').to.be.lessThan(1_500);
    });

    it('a batch of 100 runs; one of 101 is refused whole with one error', async () => {
      const hundred = await post(JSON.stringify(Array.from({ length: 100 }, (_, i) => ping(i))), {
        authorization: `Bearer ${token}`,
      });
      expect(hundred.status).to.equal(200);
      expect((await hundred.json()).map((r: any) => r.id)).to.have.length(100);
      const tooLong = await post(JSON.stringify(Array.from({ length: 101 }, (_, i) => ping(i))), {
        authorization: `Bearer ${token}`,
      });
      expect(tooLong.status).to.equal(400);
      const body = await tooLong.json();
      expect(body).to.include({ id: null });
      expect(body.error.message).to.match(/at most 100 messages; this one holds 101/);
    });

    it('a batch with no valid element gets an error per element, as JSON-RPC 2.0 answers [1,2,3]; so does one with a valid element', async () => {
      const invalid = await post('[1,2,3]');
      expect(invalid.status).to.equal(200);
      const body = await invalid.json();
      expect(body).to.be.an('array').with.length(3);
      for (const error of body)
        expect(error).to.deep.equal({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Invalid Request: expected a JSON-RPC object' },
        });
      const echoed = await (await post('[{"jsonrpc":"1.0","id":4,"method":"ping"},{}]')).json();
      expect(echoed.map((r: any) => [r.id, r.error.code])).to.deep.equal([
        [4, -32600],
        [null, -32600],
      ]);
      // The answer grows with the batch only up to its length limit.
      const longest = await post(`[${Array(100).fill('1').join(',')}]`);
      expect(longest.status).to.equal(200);
      expect((await longest.text()).length).to.be.lessThan(100 * 120);
      const mixed = await post(JSON.stringify([1, ping(7)]), { authorization: `Bearer ${token}` });
      expect(mixed.status).to.equal(200);
      expect((await mixed.json()).map((r: any) => [r.id, r.error?.code ?? 'ok'])).to.deep.equal([
        [null, -32600],
        [7, 'ok'],
      ]);
    });
  });

  describe('arguments PostgreSQL cannot hold', () => {
    it('a NUL character in a string argument is invalid_arguments naming the field, never internal_error', async () => {
      const refused = await fails(k, token, 'list_agents', { query: 'a\u0000b' }, 'invalid_arguments');
      expect(refused.errors).to.deep.include({
        path: 'query',
        message: 'must not contain the NUL character (\\u0000)',
      });
      const nested = await fails(
        k,
        token,
        'create_contact_list',
        { action: 'create', name: 'List', phones: ['+34600000001', '+3460\u00000002'] },
        'invalid_arguments',
      );
      expect(nested.errors.map((e: any) => e.path)).to.include('phones.1');
    });

    it('finds NUL and lone surrogates anywhere: in nested values and in object keys; a surrogate pair is fine', () => {
      expect(
        unstorableTextErrors({ a: { b: ['ok', 'x\u0000', 'y\udc00'] }, ['k\u0000']: 1, ['\ud800k']: 2 }),
      ).to.deep.equal([
        { path: 'a.b.1', message: 'must not contain the NUL character (\\u0000)' },
        { path: 'a.b.2', message: 'must not contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)' },
        { path: 'k\u0000', message: 'is a name with the NUL character (\\u0000)' },
        { path: '\ud800k', message: 'is a name with a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)' },
      ]);
      expect(unstorableTextErrors({ a: 'fine 🙂', n: 1, z: null, ['🙂']: '\ud83d\ude42' })).to.deep.equal([]);
    });

    it('a lone surrogate in a string argument is invalid_arguments naming the field, and the refusal is audited', async () => {
      const agent = { action: 'create', nickname: 'ana\ud800', full_name: 'Ana', email: 'ana@example.com' };
      const refused = await fails(k, token, 'create_agent', agent, 'invalid_arguments');
      expect(refused.errors).to.deep.equal([
        { path: 'nickname', message: 'must not contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)' },
      ]);
      const nested = await fails(
        k,
        token,
        'create_contact_list',
        { action: 'create', name: 'List', phones: ['+34600000001', '+3460\udc000002'] },
        'invalid_arguments',
      );
      expect(nested.errors).to.deep.include({
        path: 'phones.1',
        message: 'must not contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)',
      });
      const key = await fails(k, token, 'list_agents', { ['q\ud800']: 'x' }, 'invalid_arguments');
      expect(key.errors.map((e: any) => [e.path, e.message])).to.deep.include([
        'q\ud800',
        'is a name with a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)',
      ]);
      // The refused call is in the audit log, its text made storable.
      const { entries } = await ok(k, token, 'list_activity', {
        tool: 'create_agent',
        error_code: 'invalid_arguments',
      });
      expect(entries[0].arguments).to.include({ nickname: 'ana\ufffd' });
      expect((await ok(k, token, 'create_agent', { ...agent, nickname: 'ana🙂' })).agent.nickname).to.equal('ana🙂');
    });

    it('a NUL character in a refused mutation is audited too, as U+FFFD', async () => {
      const agent = { action: 'create', nickname: 'nul\u0000', full_name: 'Nul', email: 'nul@example.com' };
      await fails(k, token, 'create_agent', agent, 'invalid_arguments');
      const { entries } = await ok(k, token, 'list_activity', {
        tool: 'create_agent',
        error_code: 'invalid_arguments',
      });
      expect(entries[0].arguments).to.include({ nickname: 'nul\ufffd' });
    });

    it('prompt arguments and completion values are held to the same rule: -32602 naming the field', async () => {
      const nul = 'the NUL character (\\u0000)';
      const prompt = await post(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'prompts/get',
          params: { name: 'launch_campaign', arguments: { list: '1\u0000' } },
        }),
        { authorization: `Bearer ${token}` },
      );
      expect(await prompt.json()).to.deep.equal({
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: -32602,
          message: `Invalid params: params.arguments.list must not contain ${nul}`,
          data: { errors: [{ path: 'params.arguments.list', message: `must not contain ${nul}` }] },
        },
      });
      const completion = await post(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 4,
          method: 'completion/complete',
          params: {
            ref: { type: 'ref/prompt', name: 'launch_campaign' },
            argument: { name: 'list', value: 'a\u0000' },
          },
        }),
        { authorization: `Bearer ${token}` },
      );
      expect((await completion.json()).error).to.deep.include({
        code: -32602,
        message: `Invalid params: params.argument.value must not contain ${nul}`,
      });
    });

    it('integers beyond the column are invalid_arguments: 1e21 as an offset, 2147483648 as an id', async () => {
      const offset = await fails(
        k,
        token,
        'search_conversations',
        { query: 'hello', offset: 1e21 },
        'invalid_arguments',
      );
      expect(offset.errors.map((e: any) => e.path)).to.deep.equal(['offset']);
      const runId = await fails(
        k,
        token,
        'get_campaign_logs',
        { campaign_id: 1, run_id: 2_147_483_648 },
        'invalid_arguments',
      );
      expect(runId.errors.map((e: any) => e.path)).to.deep.equal(['run_id']);
      const threshold = await fails(k, token, 'list_agents', { limit: 5, offset: 2_147_483_648 }, 'invalid_arguments');
      expect(threshold.errors.map((e: any) => e.path)).to.deep.equal(['offset']);
    });
  });

  describe('nesting', () => {
    const rpcCall = (params: string, id = 1) =>
      post(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${params}}`, {
        authorization: `Bearer ${token}`,
      });
    const objects = (levels: number, leaf = '"x"') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
    const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    /** Where the first object past level 32 sits, the arguments (or the params) being level 1. */
    const past = (first: string) => [first, ...Array(31).fill('a')].join('.');

    it('arguments nested past 32 levels are invalid_arguments naming the place, at any depth the body allows', async () => {
      for (const levels of [32, 300, 10_000]) {
        const res = await rpcCall(`{"name":"list_agents","arguments":{"query":${objects(levels)}}}`);
        expect(res.status).to.equal(200);
        const { result } = await res.json();
        expect(result.structuredContent).to.include({ success: false, error_code: 'invalid_arguments' });
        expect(result.structuredContent.errors).to.deep.equal([
          { path: past('query'), message: 'nests deeper than the 32 levels arguments may have' },
        ]);
      }
      // 400,000 levels of arrays: the deepest a body under the 1 MB limit can be.
      const deepest = await (await rpcCall(`{"name":"list_agents","arguments":{"query":${arrays(400_000)}}}`)).json();
      expect(deepest.result.structuredContent.errors[0].path).to.equal(['query', ...Array(31).fill('0')].join('.'));
      // 31 levels below the arguments is within the limit: the schema answers.
      const within = await (await rpcCall(`{"name":"list_agents","arguments":{"query":${objects(31)}}}`)).json();
      expect(within.result.structuredContent.errors).to.deep.equal([{ path: 'query', message: 'must be string' }]);
    });

    it('a refused mutation nested too deep is audited with the nesting cut', async () => {
      const res = await rpcCall(
        `{"name":"create_agent","arguments":{"action":"create","nickname":${objects(5_000)},"full_name":"Deep","email":"deep@example.com"}}`,
      );
      expect((await res.json()).result.structuredContent.error_code).to.equal('invalid_arguments');
      const { entries } = await ok(k, token, 'list_activity', {
        tool: 'create_agent',
        error_code: 'invalid_arguments',
      });
      let nickname = entries[0].arguments.nickname;
      for (let level = 2; level <= 32; level++) nickname = nickname.a;
      expect(nickname).to.equal('[nested too deep]');
    });

    it('other params nested past 32 levels are -32600 naming the place; the rest of a batch still runs', async () => {
      const meta = await rpcCall(`{"name":"ping","arguments":{},"_meta":${objects(10_000)}}`, 5);
      expect(meta.status).to.equal(400);
      const body = await meta.json();
      expect(body.id).to.equal(5);
      expect(body.error.code).to.equal(-32600);
      expect(body.error.message).to.equal(
        `Invalid Request: params nest deeper than 32 levels (at params.${past('_meta')})`,
      );
      const batch = await post(
        `[{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"x","arguments":${objects(300)}}},${JSON.stringify(ping(2))}]`,
        { authorization: `Bearer ${token}` },
      );
      expect((await batch.json()).map((r: any) => [r.id, r.error?.code ?? 'ok'])).to.deep.equal([
        [1, -32600],
        [2, 'ok'],
      ]);
    });
  });

  describe('authenticated routes share one failed-auth limit', () => {
    it('after the MCP endpoint’s limit, the sandbox routes answer a wrong token from that address with 429; a valid token still passes', async () => {
      const from = (address: string, auth: string, path: string, body: unknown) =>
        k.app.inject({
          method: 'POST',
          url: path,
          remoteAddress: address,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
          payload: JSON.stringify(body),
        });
      for (let i = 0; i < 3; i++) expect((await from('10.7.0.1', 'sbt_wrong', '/', ping(i))).statusCode).to.equal(401);
      const inbound = { from: '+34600000009', text: 'hi' };
      const blocked = await from('10.7.0.1', 'sbt_wrong', '/sandbox/sessions/any-key/inbound', inbound);
      expect(blocked.statusCode).to.equal(429);
      expect(Number(blocked.headers['retry-after'])).to.be.greaterThan(0);
      expect(blocked.json().code).to.equal('rate_limited');
      // The shop's own token passes the limit: the route answers for the session itself.
      const valid = await from('10.7.0.1', token, '/sandbox/sessions/any-key/inbound', inbound);
      expect(valid.statusCode).to.equal(404);

      // Failures on the sandbox route count too.
      for (let i = 0; i < 3; i++)
        expect((await from('10.7.0.2', 'sbt_wrong', '/sandbox/sessions/k/inbound', inbound)).statusCode).to.equal(401);
      expect((await from('10.7.0.2', 'sbt_wrong', '/', ping(1))).statusCode).to.equal(429);
    });
  });

  describe('request logs', () => {
    it('never hold the grant in a download link, a pairing link or a confirmation link', async () => {
      const secrets = ['exportgrant0123456789', 'pairsecret0123456789', 'confirmsecret0123456789'];
      await fetch(`${url}/mass-marketing/exports?token=${secrets[0]}&format=csv`);
      await fetch(`${url}/sandbox/pair/${secrets[1]}`);
      await fetch(`${url}/confirmations/${secrets[2]}`);
      // A request's line is written once its answer has gone out.
      const loggedUrls = () =>
        logLines.map((l) => JSON.parse(l)).flatMap((l) => (l.msg === 'request' ? [l.req.url] : []));
      const urls = await waitFor('the last request’s line', () =>
        loggedUrls().includes('/confirmations/[redacted]') ? loggedUrls() : undefined,
      );
      expect(urls).to.include.members([
        '/mass-marketing/exports?token=[redacted]&format=csv',
        '/sandbox/pair/[redacted]',
        '/confirmations/[redacted]',
      ]);
      for (const secret of secrets) expect(logLines.join('\n')).to.not.contain(secret);
    });

    it('redacts secret-named query parameters and route parameters, and nothing else', () => {
      expect(redactUrl('/a?api_key=1&page=2&access_token=3&sig=4')).to.equal(
        '/a?api_key=[redacted]&page=2&access_token=[redacted]&sig=[redacted]',
      );
      expect(redactUrl('/sessions/abc/connect', '/sessions/:key/connect')).to.equal('/sessions/[redacted]/connect');
      expect(redactUrl('/tickets/42', '/tickets/:id')).to.equal('/tickets/42');
      expect(redactUrl('/plain')).to.equal('/plain');
    });
  });

  describe('small ones', () => {
    it('list_blacklist and get_unsubscribed_list refuse a query without digits instead of listing everything', async () => {
      for (const tool of ['list_blacklist', 'get_unsubscribed_list']) {
        const refused = await fails(k, token, tool, { query: 'abc' }, 'invalid_arguments');
        expect(refused.errors).to.deep.equal([{ path: 'query', message: 'must contain at least one digit' }]);
        expect((await ok(k, token, tool, { query: '+34 6' })).count).to.equal(0);
      }
    });

    it('cancel_scheduled_message with another shop’s agent is refused on the first call, with no confirmation issued', async () => {
      await connectedLine(k, token, {}, '+34711000900');
      const { scheduled_message: row } = await ok(k, token, 'schedule_chatapp_message', {
        phone: '+34600555999',
        message: 'Reminder',
        send_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      const theirs = (
        await ok(k, otherToken, 'create_agent', {
          action: 'create',
          nickname: 'theirs',
          full_name: 'Their Agent',
          email: 'theirs@example.com',
        })
      ).agent;
      const before = Number((await k.orm.em.fork().execute('select count(*) as n from pending_confirmations'))[0].n);
      const refused = await fails(
        k,
        token,
        'cancel_scheduled_message',
        { action: 'cancel', id: row.id, agent_id: theirs.id },
        'not_found',
      );
      expect(refused).to.not.have.property('requires_confirmation');
      const after = Number((await k.orm.em.fork().execute('select count(*) as n from pending_confirmations'))[0].n);
      expect(after).to.equal(before);
    });
  });
});
