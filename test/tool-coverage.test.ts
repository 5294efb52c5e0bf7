import { expect } from 'chai';
import Fastify from 'fastify';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defineTool, Type } from '../core/index.js';
import { ToolRegistry } from '../core/tools/tool-registry.js';
import { REPO_ROOT } from './harness/groups-under-test.js';
import { recordToolCalls, toolsCalled } from './tool-coverage.js';

const run = promisify(execFile);

describe('tool coverage', () => {
  describe('recordToolCalls', () => {
    // A transport stand-in: 200 for authorised requests, 401 otherwise, the body kept as a string like the MCP route.
    const app = Fastify();
    before(() => {
      app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      app.post('/', async (request, reply) => reply.code(request.headers.authorization ? 200 : 401).send({}));
      const registry = new ToolRegistry();
      registry.add(
        'witness',
        defineTool({
          name: 'coverage_witness',
          title: 'w',
          description: 'w',
          kind: 'query',
          hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
          output: Type.Object({}, { additionalProperties: true }),
          input: Type.Object({}),
          handler: async () => ({}),
        }),
      );
      recordToolCalls({ app, registry });
    });
    const post = (body: unknown, authorised = true) =>
      app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json', ...(authorised && { authorization: 'Bearer t' }) },
        payload: JSON.stringify(body),
      });
    const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

    after(() => app.close());

    it('does not count listing tools, refused requests or unknown tools', async () => {
      await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      await post(call('coverage_witness'), false);
      await post(call('coverage_unknown'));
      expect(toolsCalled().has('coverage_witness')).to.equal(false);
      expect(toolsCalled().has('coverage_unknown')).to.equal(false);
    });

    it('counts a tools/call answered, also inside a batch', async () => {
      await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }, call('coverage_witness')]);
      expect(toolsCalled().has('coverage_witness')).to.equal(true);
    });
  });

  describe('the root hook', function () {
    this.timeout(60_000);
    let dir: string;
    before(async () => {
      await mkdir(join(REPO_ROOT, 'tmp'), { recursive: true });
      dir = await mkdtemp(join(REPO_ROOT, 'tmp', 'coverage-'));
      await writeFile(
        join(dir, 'sample.test.ts'),
        "describe('sample', () => { it('one', () => {}); it('two', () => {}); });\n",
      );
    });
    after(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const mocha = async (env: Record<string, string>, ...extra: string[]) => {
      const args = [
        join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
        '--no-config',
        '--import=tsx/esm',
        '--require',
        'test/tool-coverage.ts',
        ...extra,
        join(dir, 'sample.test.ts'),
      ];
      try {
        // The lane this test runs in collects its own coverage: the sample run must not write over it.
        const { stdout } = await run(process.execPath, args, {
          cwd: REPO_ROOT,
          env: { ...process.env, SWITCHBOARD_TOOL_COVERAGE_FILE: '', ...env },
        });
        return { code: 0, output: stdout };
      } catch (err) {
        const e = err as { code: number; stdout: string; stderr: string };
        return { code: e.code, output: e.stdout + e.stderr };
      }
    };

    it('fails a full run, exiting non-zero and naming the tools nobody called', async () => {
      const res = await mocha({ SWITCHBOARD_TOOL_COVERAGE: '1' });
      expect(res.code, res.output).to.not.equal(0);
      expect(res.output)
        .to.include('tool coverage: these tools are registered but no test called them')
        .and.include('general: ');
    });

    it('leaves partial runs alone: without SWITCHBOARD_TOOL_COVERAGE, or filtered with --grep', async () => {
      const plain = await mocha({ SWITCHBOARD_TOOL_COVERAGE: '' });
      expect(plain.code, plain.output).to.equal(0);
      const filtered = await mocha({ SWITCHBOARD_TOOL_COVERAGE: '1' }, '--grep', 'one');
      expect(filtered.code, filtered.output).to.equal(0);
    });
  });
});
