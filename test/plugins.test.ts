import { expect } from 'chai';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup, thirdPartyPackageDir } from './fixtures/fixture-groups.js';
import { seenAtSetup } from './fixtures/groups/fx_lifecycle/index.js';
import { KernelError } from '../core/errors/kernel-error.js';
import { groupEntryFile } from '../core/plugin/package-entry.js';
import type { GroupEntry } from '../core/config/config-schema.js';

/** Boots with exactly these groups and returns the boot error; fails the test if it booted. */
async function bootFailure(groups: Record<string, GroupEntry>): Promise<KernelError> {
  let kernel: TestKernel | undefined;
  try {
    kernel = await bootKernel({ groups: [], overrides: { groups } });
  } catch (err) {
    expect(err).to.be.instanceOf(KernelError);
    return err as KernelError;
  }
  await kernel.close();
  expect.fail(`booted although ${Object.keys(groups).join(', ')} should have failed`);
}

const rpcId = (() => {
  let id = 1;
  return () => id++;
})();

describe('plugins: loading groups from config', () => {
  describe('boot failures', () => {
    it('a missing dependency → KRN_ERR_GROUP_DEPENDENCY_MISSING naming both groups', async () => {
      const err = await bootFailure({ fx_needs_missing: fixtureGroup('fx_needs_missing') });
      expect(err.code).to.equal('KRN_ERR_GROUP_DEPENDENCY_MISSING');
      expect(err.message).to.contain('"fx_needs_missing"').and.contain('"fx_absent"');
      expect(err.details).to.deep.equal({ group: 'fx_needs_missing', dependency: 'fx_absent' });
    });

    it('a dependency on a group that is configured but disabled is missing too', async () => {
      const err = await bootFailure({
        fx_dependent: fixtureGroup('fx_dependent'),
        fx_widgets: { ...fixtureGroup('fx_widgets'), enabled: false },
      });
      expect(err.code).to.equal('KRN_ERR_GROUP_DEPENDENCY_MISSING');
      expect(err.message).to.contain('"fx_dependent"').and.contain('"fx_widgets"');
    });

    it('a dependency cycle → KRN_ERR_GROUP_DEPENDENCY_CYCLE naming the groups', async () => {
      const err = await bootFailure({ fx_cycle_a: fixtureGroup('fx_cycle_a'), fx_cycle_b: fixtureGroup('fx_cycle_b') });
      expect(err.code).to.equal('KRN_ERR_GROUP_DEPENDENCY_CYCLE');
      expect(err.message).to.contain('fx_cycle_a').and.contain('fx_cycle_b');
      expect(err.details?.groups).to.include.members(['fx_cycle_a', 'fx_cycle_b']);
    });

    it('an incompatible kernel range → KRN_ERR_GROUP_KERNEL_VERSION', async () => {
      const err = await bootFailure({ fx_future_kernel: fixtureGroup('fx_future_kernel') });
      expect(err.code).to.equal('KRN_ERR_GROUP_KERNEL_VERSION');
      expect(err.message).to.contain('fx_future_kernel').and.contain('^2.0.0');
    });

    it('an invalid group config → KRN_ERR_GROUP_CONFIG_INVALID listing every bad path', async () => {
      const err = await bootFailure({
        fx_configured: fixtureGroup('fx_configured', { retries: -1, mode: 'turbo', colour: 'red' }),
      });
      expect(err.code).to.equal('KRN_ERR_GROUP_CONFIG_INVALID');
      const errors = err.details?.errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path)).to.have.members(['greeting', 'retries', 'mode', 'colour']);
      for (const path of ['greeting', 'retries', 'mode', 'colour'])
        expect(err.message).to.contain(`groups.fx_configured.config.${path}`);
    });

    it('config for a group that takes none → KRN_ERR_GROUP_CONFIG_INVALID', async () => {
      const err = await bootFailure({ fx_widgets: fixtureGroup('fx_widgets', { speed: 1 }) });
      expect(err.code).to.equal('KRN_ERR_GROUP_CONFIG_INVALID');
      expect(err.message).to.contain('speed');
    });

    it('a manifest whose name differs from its config key → KRN_ERR_GROUP_INVALID', async () => {
      const err = await bootFailure({ fx_alias: { enabled: true, resolve: fixtureGroup('fx_widgets').resolve! } });
      expect(err.code).to.equal('KRN_ERR_GROUP_INVALID');
      expect(err.message).to.contain('"fx_alias"').and.contain('"fx_widgets"');
    });

    it('the same tool name in two groups → KRN_ERR_DUPLICATE_TOOL naming both groups', async () => {
      const err = await bootFailure({
        fx_widgets: fixtureGroup('fx_widgets'),
        fx_duplicate_tool: fixtureGroup('fx_duplicate_tool'),
      });
      expect(err.code).to.equal('KRN_ERR_DUPLICATE_TOOL');
      expect(err.details?.tool).to.equal('fx_list_widgets');
      expect(err.details?.groups).to.have.members(['fx_widgets', 'fx_duplicate_tool']);
    });

    it('a group that cannot be found → KRN_ERR_GROUP_NOT_FOUND', async () => {
      const err = await bootFailure({ fx_nowhere: { enabled: true, resolve: join(tmpdir(), 'sb-no-such-group') } });
      expect(err.code).to.equal('KRN_ERR_GROUP_NOT_FOUND');
      expect(err.message).to.contain('fx_nowhere');
    });
  });

  describe('an enabled set of groups', () => {
    let k: TestKernel;
    let token: string;

    before(async () => {
      k = await bootKernel({
        groups: ['general'],
        overrides: {
          groups: {
            fx_dependent: fixtureGroup('fx_dependent'),
            fx_widgets: fixtureGroup('fx_widgets'),
            fx_configured: fixtureGroup('fx_configured', { greeting: 'hi' }),
            fx_vendor: { enabled: true, resolve: thirdPartyPackageDir, config: { greeting: 'Ahoy' } },
          },
        },
      });
      ({ token } = await k.newShop('Plugins shop'));
    });
    after(() => k.close());

    const listTools = async (cursor?: string) => {
      const res = await k.rpc(
        { jsonrpc: '2.0', id: rpcId(), method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        token,
      );
      return res.body;
    };

    it('boots groups after the groups they depend on', () => {
      const order = k.plugins.map((p) => p.plugin.name);
      expect(order.indexOf('fx_widgets')).to.be.lessThan(order.indexOf('fx_dependent'));
    });

    it('a group config is validated, defaulted and handed to its tools', async () => {
      const { payload } = await k.call(token, 'fx_show_config');
      expect(payload.config).to.deep.equal({ greeting: 'hi', retries: 2, mode: 'safe' });
    });

    it('a third-party group loaded from a package folder through `resolve` is listed and callable', async () => {
      const { result } = await listTools();
      expect(result.tools.map((t: any) => t.name)).to.include('fx_vendor_greet');
      const { payload, isError } = await k.call(token, 'fx_vendor_greet');
      expect(isError).to.equal(false);
      expect(payload).to.deep.equal({ success: true, message: 'Ahoy, Plugins shop' });
      expect(k.plugins.find((p) => p.plugin.name === 'fx_vendor')?.plugin.version).to.equal('1.2.0');
    });

    it('by default tools/list is one page with every tool and no nextCursor', async () => {
      const { result } = await listTools();
      expect(result.nextCursor).to.equal(undefined);
      expect(result.tools.map((t: any) => t.name)).to.have.members(k.registry.all().map((t) => t.definition.name));
    });

    it('every tool has name, description, a closed JSON Schema and all five annotations', async () => {
      const { result } = await listTools();
      for (const tool of result.tools) {
        expect(tool.name, JSON.stringify(tool)).to.match(/^[a-z][a-z0-9_]*$/);
        expect(tool.description, tool.name).to.be.a('string').that.is.not.empty;
        expect(tool.inputSchema, tool.name).to.include({ type: 'object', additionalProperties: false });
        expect(tool.inputSchema.properties, tool.name).to.be.an('object');
        expect(tool.annotations, tool.name).to.have.all.keys(
          'title',
          'readOnlyHint',
          'destructiveHint',
          'idempotentHint',
          'openWorldHint',
        );
        expect(tool.annotations.title, tool.name).to.be.a('string').that.is.not.empty;
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
          expect(tool.annotations[hint], `${tool.name} ${hint}`).to.be.a('boolean');
        const kind = k.registry.get(tool.name)!.definition.kind;
        expect(tool.annotations.readOnlyHint, tool.name).to.equal(kind === 'query');
        if (kind === 'query') expect(tool.annotations.destructiveHint, tool.name).to.equal(false);
      }
      const byName = Object.fromEntries(result.tools.map((t: any) => [t.name, t]));
      expect(byName.fx_scrap_widget.annotations).to.include({
        readOnlyHint: false,
        destructiveHint: true,
        openWorldHint: true,
        idempotentHint: false,
      });
      expect(byName.fx_paint_widget.annotations).to.include({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
      });
      expect(byName.fx_create_widget.inputSchema.properties.action).to.include({ const: 'create' });
      expect(byName.fx_create_widget.inputSchema.required).to.include.members(['action', 'name', 'size']);
    });

    it('invalid arguments → isError with every failing field listed', async () => {
      const { payload, isError } = await k.call(token, 'fx_create_widget', {
        action: 'make',
        size: 'big',
        colour: 'red',
      });
      expect(isError).to.equal(true);
      expect(payload).to.include({ success: false, error_code: 'invalid_arguments' });
      const errors = Object.fromEntries(
        (payload.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
      );
      expect(errors).to.have.all.keys('action', 'name', 'size', 'colour');
      expect(errors.action).to.contain('"create"');
      expect(errors.name).to.match(/required/);
      expect(errors.size).to.match(/integer/);
      expect(errors.colour).to.match(/not a known argument/);
      for (const path of ['action', 'name', 'size', 'colour']) expect(payload.message).to.contain(path);
    });

    it('a wrong enum value and an out-of-range number are named too', async () => {
      const { payload } = await k.call(token, 'fx_paint_widget', { action: 'paint', widget_id: 0, color: 'green' });
      const paths = (payload.errors as { path: string; message: string }[]).map((e) => e.path);
      expect(paths).to.have.members(['widget_id', 'color']);
      expect(payload.errors.find((e: any) => e.path === 'color').message)
        .to.contain('"red"')
        .and.contain('"blue"');
    });

    it('valid arguments run the handler with schema defaults applied', async () => {
      const { payload, isError } = await k.call(token, 'fx_create_widget', { action: 'create', name: 'gear', size: 3 });
      expect(isError).to.equal(false);
      expect(payload).to.deep.equal({ success: true, widget: { name: 'gear', size: 3, color: 'red' } });
    });

    it('an unknown tool → -32602', async () => {
      const res = await k.rpc(
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fx_no_such_tool', arguments: {} } },
        token,
      );
      expect(res.body.error.code).to.equal(-32602);
      expect(res.body.error.message).to.contain('fx_no_such_tool');
    });

    it('the groups’ jobs are scheduled', () => {
      expect(k.scheduler.names()).to.include('fx_widgets.sweep');
    });
  });

  describe('the kernel owns the container', () => {
    let k: TestKernel;
    let token: string;

    before(async () => {
      k = await bootKernel({
        groups: [],
        overrides: {
          groups: {
            fx_configured: fixtureGroup('fx_configured', { greeting: 'hi' }),
            fx_lifecycle: fixtureGroup('fx_lifecycle', { label: 'own' }),
          },
        },
      });
      ({ token } = await k.newShop('Container shop'));
    });
    after(() => k.close());

    it("a service gets its own group's validated config as `config`, and the base URL", async () => {
      const { payload } = await k.call(token, 'fx_lifecycle_state');
      expect(payload.config).to.deep.equal({ label: 'own' });
      expect(payload.base_url).to.equal(k.baseUrl());
    });

    it('setup provides values and resolves the long-lived services it may, and learns which are there', () => {
      expect(seenAtSetup).to.deep.include({
        secrets: 'function',
        providedResolves: true,
        hasOwn: true,
        hasMissing: false,
      });
    });

    it('setup may not resolve a per-call service, nor provide one named config', () => {
      expect(seenAtSetup.perCall).to.equal('KRN_ERR_SERVICE_PER_CALL');
      expect(seenAtSetup.configTaken).to.equal('KRN_ERR_DUPLICATE_SERVICE');
    });

    it('onReady ran once the server was ready, with the config; onClose runs at close', async () => {
      const steps = seenAtSetup.worker!.steps;
      expect(steps).to.deep.equal(['ready:own']);
      await k.close();
      expect(steps).to.deep.equal(['ready:own', 'closed']);
    });
  });

  describe('a disabled group', () => {
    let k: TestKernel;
    let token: string;

    before(async () => {
      k = await bootKernel({
        groups: ['general'],
        overrides: { groups: { fx_widgets: { ...fixtureGroup('fx_widgets'), enabled: false } } },
      });
      ({ token } = await k.newShop('Disabled groups shop'));
    });
    after(() => k.close());

    it('has no tools in tools/list, its tools answer -32602, and its jobs are not scheduled', async () => {
      const list = await k.rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, token);
      const names = list.body.result.tools.map((t: any) => t.name);
      expect(names).to.include('ping');
      expect(names.filter((n: string) => n.startsWith('fx_'))).to.deep.equal([]);
      for (const name of ['fx_list_widgets', 'fx_create_widget']) {
        const res = await k.rpc(
          { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: { action: 'create' } } },
          token,
        );
        expect(res.body.error.code, name).to.equal(-32602);
      }
      expect(k.scheduler.names().filter((n) => n.startsWith('fx_widgets.'))).to.deep.equal([]);
      expect(k.plugins.map((p) => p.plugin.name)).to.not.include('fx_widgets');
    });
  });

  describe('tools/list pagination', () => {
    let k: TestKernel;
    let token: string;

    before(async () => {
      k = await bootKernel({
        groups: ['general'],
        overrides: {
          tools: { pageSize: 2 },
          groups: {
            fx_widgets: fixtureGroup('fx_widgets'),
            fx_vendor: { enabled: true, resolve: thirdPartyPackageDir },
          },
        },
      });
      ({ token } = await k.newShop('Paging shop'));
    });
    after(() => k.close());

    const page = (cursor?: string) =>
      k.rpc(
        { jsonrpc: '2.0', id: rpcId(), method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        token,
      );

    it('following nextCursor visits every tool exactly once, two per page', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await page(cursor);
        expect(res.body.error, JSON.stringify(res.body.error)).to.equal(undefined);
        const { tools, nextCursor } = res.body.result;
        expect(tools.length).to.be.within(1, 2);
        seen.push(...tools.map((t: any) => t.name));
        cursor = nextCursor;
        pages++;
        expect(pages).to.be.below(20);
      } while (cursor !== undefined);
      const all = k.registry.all().map((t) => t.definition.name);
      expect(all.length).to.be.above(4);
      expect(seen).to.have.length(all.length);
      expect(new Set(seen).size).to.equal(seen.length);
      expect(seen).to.have.members(all);
      expect(pages).to.equal(Math.ceil(all.length / 2));
    });

    it('a cursor the server did not issue → -32602', async () => {
      for (const cursor of [
        'garbage',
        Buffer.from('tools:1').toString('base64url'),
        Buffer.from('tools:1000').toString('base64url'),
        '',
      ]) {
        const res = await page(cursor);
        expect(res.body.error?.code, cursor).to.equal(-32602);
      }
      const res = await k.rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 7 } }, token);
      expect(res.body.error.code).to.equal(-32602);
    });
  });

  describe('resolving a group path', () => {
    let dir: string;
    const pkg = async (name: string, manifest: Record<string, unknown>) => {
      const folder = join(dir, name);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'package.json'), JSON.stringify(manifest));
      return folder;
    };

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sb-group-paths-'));
    });

    it('a package folder resolves through exports (string, subpath or conditions), else main', async () => {
      expect(groupEntryFile(await pkg('a', { exports: './dist/a.js' }))).to.equal(join(dir, 'a/dist/a.js'));
      expect(
        groupEntryFile(
          await pkg('b', { exports: { '.': { require: './b.cjs', import: './b.mjs' }, './extra': './x.js' } }),
        ),
      ).to.equal(join(dir, 'b/b.mjs'));
      expect(groupEntryFile(await pkg('c', { exports: { default: './c.js' }, main: './ignored.js' }))).to.equal(
        join(dir, 'c/c.js'),
      );
      expect(groupEntryFile(await pkg('d', { main: './lib/d.js' }))).to.equal(join(dir, 'd/lib/d.js'));
      expect(groupEntryFile(await pkg('e', {}))).to.equal(join(dir, 'e/index.js'));
      expect(groupEntryFile(join(dir, 'a/dist/a.js'))).to.equal(join(dir, 'a/dist/a.js'));
    });

    it('a package whose exports have no importable "." entry is refused with a clear message', async () => {
      const folder = await pkg('g', { exports: { './only-sub': './s.js' } });
      expect(() => groupEntryFile(folder)).to.throw(/exports no "\." entry/);
    });

    it('a path relative to the working directory loads the fixture package too', async () => {
      const k = await bootKernel({
        groups: [],
        overrides: {
          groups: { fx_vendor: { enabled: true, resolve: `./${relative(process.cwd(), thirdPartyPackageDir)}` } },
        },
      });
      try {
        expect(k.registry.get('fx_vendor_greet')?.group).to.equal('fx_vendor');
      } finally {
        await k.close();
      }
    });
  });
});
