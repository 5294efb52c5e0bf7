import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import { nextResult } from './fixtures/groups/fx_outputs/index.js';
import { KernelError } from '../core/errors/kernel-error.js';

const req = (id: number, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params !== undefined && { params }),
});

describe('protocol revisions, output schemas and hints', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({ groups: ['general'], overrides: { groups: { fx_outputs: fixtureGroup('fx_outputs') } } });
    ({ token } = await k.newShop('Outputs shop'));
  });
  after(() => k.close());

  const initialize = async (protocolVersion: string) =>
    (await k.rpc(req(1, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } })))
      .body.result.protocolVersion;
  const listed = async (version?: string) => {
    const res = await k.rpc(req(2, 'tools/list'), token, version ? { 'mcp-protocol-version': version } : {});
    expect(res.status).to.equal(200);
    return Object.fromEntries(res.body.result.tools.map((t: any) => [t.name, t]));
  };

  describe('negotiation', () => {
    it('initialize answers each revision it speaks with that revision, and anything else with its newest', async () => {
      for (const v of ['2025-03-26', '2025-06-18', '2025-11-25']) expect(await initialize(v)).to.equal(v);
      expect(await initialize('2024-11-05')).to.equal('2025-11-25');
      expect(await initialize('2099-01-01')).to.equal('2025-11-25');
    });

    it('a request carrying a revision it does not speak is refused with 400 listing those it does', async () => {
      const res = await k.rpc(req(1, 'ping'), token, { 'mcp-protocol-version': '2024-11-05' });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.contain('2025-11-25, 2025-06-18, 2025-03-26');
    });

    it('tools/list for 2025-03-26 (or no header) has no outputSchema and no top-level title', async () => {
      for (const tools of [await listed('2025-03-26'), await listed()]) {
        expect(tools.ping).to.have.all.keys('name', 'description', 'inputSchema', 'annotations');
        expect(tools.ping.annotations.title).to.equal('Ping');
      }
    });

    it('tools/list from 2025-06-18 on has the title and an object outputSchema with success', async () => {
      for (const version of ['2025-06-18', '2025-11-25']) {
        const tools = await listed(version);
        expect(tools.ping).to.include.keys('title', 'outputSchema');
        const [ok, failure] = tools.ping.outputSchema.anyOf;
        expect(tools.ping.outputSchema.type).to.equal('object');
        expect(ok.properties).to.include.keys('success', 'pong', 'shop');
        expect(ok.properties.success).to.include({ const: true });
        expect(failure.required).to.have.members(['success', 'error_code', 'message']);
      }
    });

    it('a confirmed tool’s published schema also admits the pending first answer', async () => {
      const schema = (await listed('2025-06-18')).fx_drop_gadget.outputSchema;
      expect(schema.type).to.equal('object');
      expect(schema.anyOf).to.have.length(3);
      expect(schema.anyOf[1].properties.requires_confirmation).to.include({ const: true });
    });
  });

  describe('checking results (tools.checkOutput, on in tests)', () => {
    it('a result that matches passes through', async () => {
      nextResult.value = { gadget: { id: 1, name: 'Lamp' } };
      const { payload, isError } = await k.call(token, 'fx_make_gadget');
      expect(isError).to.equal(false);
      expect(payload).to.deep.equal({ success: true, gadget: { id: 1, name: 'Lamp' } });
    });

    it('a planted mismatch (wrong type, missing field, unknown field) is answered as internal_error naming each', async () => {
      nextResult.value = { gadget: { id: 'one' }, extra: true };
      const { payload, isError } = await k.call(token, 'fx_make_gadget');
      expect(isError).to.equal(true);
      expect(payload.error_code).to.equal('internal_error');
      expect(payload.message).to.contain('fx_make_gadget does not match its output schema');
      expect(payload.output_errors).to.have.members([
        'gadget.id must be integer',
        'gadget.name is required',
        'extra is not a known argument',
      ]);
    });

    it('the pending answer of a confirmed tool passes; its confirmed result is checked too', async () => {
      nextResult.value = { gadget: { id: 2, name: 'Fan' } };
      const first = await k.call(token, 'fx_drop_gadget');
      expect(first.isError).to.equal(false);
      expect(first.payload).to.include({ success: false, requires_confirmation: true });
      nextResult.value = { gadget: { id: 2 } };
      const confirmed = await k.call(token, 'fx_drop_gadget', { confirm: true });
      expect(confirmed.payload).to.include({ success: false, error_code: 'internal_error' });
      expect(confirmed.payload.output_errors).to.deep.equal(['gadget.name is required']);
    });

    it('with the check off (the default), a result is not checked', async () => {
      const lax = await bootKernel({
        groups: [],
        overrides: { groups: { fx_outputs: fixtureGroup('fx_outputs') }, tools: { checkOutput: false } as any },
      });
      try {
        const shop = await lax.newShop('Lax shop');
        nextResult.value = { gadget: { id: 'one' } };
        expect((await lax.call(shop.token, 'fx_make_gadget')).payload).to.deep.equal({
          success: true,
          gadget: { id: 'one' },
        });
      } finally {
        await lax.close();
      }
    });
  });

  it('boot refuses a tool that does not state all four hints (KRN_ERR_TOOL_HINTS naming the missing one)', async () => {
    let err: unknown;
    try {
      const kernel = await bootKernel({
        groups: [],
        overrides: { groups: { fx_missing_hint: fixtureGroup('fx_missing_hint') } },
      });
      await kernel.close();
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('KRN_ERR_TOOL_HINTS');
    expect((err as KernelError).details).to.deep.equal({
      tool: 'fx_vague_tool',
      group: 'fx_missing_hint',
      missing: ['openWorld'],
    });
  });
});
