import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAIN_TOKEN } from '../../core/auth/token-grant.js';
import type { LoadedPlugin } from '../../core/plugin/load-plugins.js';
import type { RegisteredTool, ToolDescriptorWithOutput } from '../../core/tools/registered-tool.js';
import type { ToolRegistry } from '../../core/tools/tool-registry.js';
import { argumentErrors } from '../../core/tools/tool-invoker.js';
import { INTEGER_MAX } from '../../core/tools/bound-integers.js';
import { loadGroups, REPO_ROOT, registryOf, type GroupUnderTest } from '../harness/groups-under-test.js';
import { readCatalogue, type SpecTool } from '../harness/spec-catalogue.js';
import { schemaNodes } from '../harness/schema-nodes.js';
import { PREFIX, portsOf, servicePrefixOf, strayServiceNames } from '../harness/service-names.js';

const GROUP_NAME = /^[a-z][a-z0-9_]*$/;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const ANNOTATIONS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

const kebab = (tool: string) => tool.replace(/_/g, '-');
const rel = (path: string) => relative(REPO_ROOT, path);

/** The groups loaded together, their sealed registry, what tools/list shows, and the spec's facts. */
export interface ContractContext {
  plugins: LoadedPlugin[];
  registry?: ToolRegistry;
  registryError?: unknown;
  listed: Map<string, ToolDescriptorWithOutput>;
  spec: Map<string, SpecTool>;
}

export interface ContractOptions {
  /** Tools that ask for confirmation although the spec does not mark them (C): tool → why. */
  extraConfirmation?: Record<string, string>;
  /** Arguments the spec marks required (`*`) that a tool leaves optional: "tool.argument" → why. */
  optionalDespiteSpec?: Record<string, string>;
}

/** Loads the groups the way the server does, without a database, and lists their tools. */
export async function contractContext(groups: GroupUnderTest[]): Promise<ContractContext> {
  const plugins = await loadGroups(groups);
  const spec = readCatalogue();
  try {
    const registry = registryOf(plugins);
    const listed = new Map(
      (
        JSON.parse(registry.page(undefined, '2025-06-18', MAIN_TOKEN)!.toString()).tools as ToolDescriptorWithOutput[]
      ).map((t) => [t.name, t]),
    );
    return { plugins, registry, listed, spec };
  } catch (err) {
    return { plugins, registryError: err, listed: new Map(), spec };
  }
}

/**
 * The contract one group keeps (a mocha `describe`): its manifest and README, annotations, bounded
 * integers, text PostgreSQL can hold, the spec's kinds, confirmations and arguments, one tool per
 * file. `context` is read when the tests run, so it may be filled in by a `before` hook.
 */
export function describeGroupContract(
  group: GroupUnderTest,
  context: () => ContractContext,
  options: ContractOptions = {},
): void {
  describe(`group ${group.name}`, () => {
    const loaded = () => context().plugins.find((p) => p.plugin.name === group.name)!;
    const tools = () => {
      const { registry, registryError } = context();
      if (!registry) throw new Error(`the tool registry refuses the groups: ${(registryError as Error).message}`);
      return registry.all().filter((t) => t.group === group.name);
    };
    const expectNone = (failures: string[], what: string) =>
      expect(failures, `${what}:\n  ${failures.join('\n  ')}`).to.deep.equal([]);

    it('has a valid manifest: name, version, description, kernel range, known dependencies', () => {
      const { plugin } = loaded();
      expect(plugin.name).to.match(GROUP_NAME);
      if (group.dir.startsWith(join(REPO_ROOT, 'plugins')))
        expect(rel(group.dir), 'folder named as the group').to.equal(join('plugins', plugin.name));
      expect(plugin.version, 'version').to.match(SEMVER);
      expect(plugin.description.trim(), 'description').to.not.equal('');
      expect(plugin.kernel, 'kernel').to.match(/^\^\d+\.\d+\.\d+$/);
      const names = new Set(context().plugins.map((p) => p.plugin.name));
      expect(
        (plugin.dependencies ?? []).filter((d) => !names.has(d)),
        'dependencies not enabled',
      ).to.deep.equal([]);
      const migrations = (plugin.migrations ?? []).map((m) => m.name);
      expect(new Set(migrations).size, `migration names must be unique: ${migrations.join(', ')}`).to.equal(
        migrations.length,
      );
    });

    // The values a group provides at setup follow the same rule; test/services.test.ts boots
    // the groups to see them, which a contract without a database cannot.
    it("names every service it registers with its prefix, unless the name is a port's", () => {
      const { plugin } = loaded();
      const prefix = servicePrefixOf(plugin);
      expect(prefix, 'servicePrefix').to.match(PREFIX);
      expectNone(
        strayServiceNames(prefix, Object.keys(plugin.services ?? {}), portsOf(context().plugins)),
        `services whose names do not start with "${prefix}"`,
      );
    });

    it('has a README.md that mentions every tool', () => {
      const readme = join(group.dir, 'README.md');
      expect(existsSync(readme), `${rel(readme)} is missing`).to.equal(true);
      const text = readFileSync(readme, 'utf8');
      expectNone(
        tools()
          .map((t) => t.definition.name)
          .filter((n) => !new RegExp(`\\b${n}\\b`).test(text)),
        `tools ${rel(readme)} does not mention`,
      );
    });

    it('gives every tool a title and all four MCP hints; queries are read-only and non-destructive', () => {
      const failures: string[] = [];
      for (const tool of tools()) {
        const name = tool.definition.name;
        const listed = context().listed.get(name)!;
        const annotations = listed.annotations as unknown as Record<string, unknown>;
        // From 2025-06-18 on the title is the tool's own; 2025-03-26 clients get it in the annotations.
        if (typeof listed.title !== 'string' || listed.title === '') failures.push(`${name}: title missing`);
        for (const hint of ANNOTATIONS)
          if (typeof annotations[hint] !== 'boolean') failures.push(`${name}: ${hint} missing`);
        if (tool.definition.kind === 'query') {
          if (annotations.readOnlyHint !== true || annotations.destructiveHint !== false)
            failures.push(`${name}: a query must be readOnly and not destructive`);
        } else if (annotations.readOnlyHint !== false) failures.push(`${name}: a mutation must not be readOnly`);
      }
      expectNone(failures, 'annotation problems');
    });

    it('bounds every integer argument: within a safe integer, and within PostgreSQL integer unless the tool declares a wider maximum', () => {
      const failures: string[] = [];
      for (const tool of tools()) {
        const declared = new Map(
          schemaNodes(tool.definition.input as object).map((n) => [n.path, n.schema as Record<string, unknown>]),
        );
        for (const { path, schema } of schemaNodes(tool.inputSchema as object)) {
          const s = schema as Record<string, unknown>;
          if (s.type !== 'integer') continue;
          const at = `${tool.definition.name}.${path}`;
          if (typeof s.minimum !== 'number' || typeof s.maximum !== 'number') failures.push(`${at}: unbounded`);
          else if (s.minimum < Number.MIN_SAFE_INTEGER || s.maximum > Number.MAX_SAFE_INTEGER)
            failures.push(`${at}: beyond a safe integer`);
          else if (s.maximum > INTEGER_MAX && declared.get(path)?.maximum !== s.maximum)
            failures.push(`${at}: wider than integer without declaring it`);
        }
      }
      expectNone(failures, 'integer arguments');
    });

    it('refuses a NUL character and a lone surrogate in every string argument as invalid_arguments naming it', () => {
      const failures: string[] = [];
      for (const tool of tools()) {
        for (const { path, schema } of schemaNodes(tool.inputSchema as object)) {
          if ((schema as { type?: unknown }).type !== 'string' || path.includes('[]')) continue;
          for (const [text, problem] of [
            ['a\u0000b', /NUL/],
            ['a\ud800b', /lone UTF-16 surrogate/],
            ['a\udc00', /lone UTF-16 surrogate/],
          ] as const) {
            const args: Record<string, unknown> = {};
            let at = args;
            const parts = path.split('.');
            parts.slice(0, -1).forEach((part) => (at = (at[part] = {}) as Record<string, unknown>));
            at[parts.at(-1)!] = text;
            const errors = argumentErrors(tool, args);
            if (!errors.some((e) => e.path === path && problem.test(e.message)))
              failures.push(`${tool.definition.name}.${path} ${JSON.stringify(text)}: ${JSON.stringify(errors)}`);
          }
        }
      }
      expectNone(failures, 'string arguments that take text PostgreSQL cannot hold');
    });

    it('declares the kind the spec gives', () => {
      const wrong = tools()
        .map((t) => [t, context().spec.get(t.definition.name)?.kind] as const)
        .filter(([t, kind]) => kind && kind !== t.definition.kind)
        .map(([t, kind]) => `${t.definition.name} is a ${t.definition.kind}; the spec says ${kind}`);
      expectNone(wrong, 'kinds');
    });

    it('asks for confirmation exactly where the spec marks (C): the agent confirms, or the user where the spec says so', () => {
      expectNone(
        tools()
          .map(confirmationProblem)
          .filter((p): p is string => p !== undefined),
        'confirmation policies',
      );
    });

    it('takes the action argument as the spec says, and the arguments the spec requires', () => {
      expectNone(tools().flatMap(argumentProblems), 'arguments');
    });

    it('keeps one tool per file, at tools/<kebab-name>.ts or tools/<capability>/<kebab-name>.ts, and registers every tool it defines', async () => {
      const failures: string[] = [];
      const toolsDir = join(group.dir, 'tools');
      const registered = new Set(tools().map((t) => t.definition));
      // A big group keeps its tools in sub-folders by capability, one level deep.
      const folders = existsSync(toolsDir)
        ? [
            '',
            ...readdirSync(toolsDir, { withFileTypes: true })
              .filter((d) => d.isDirectory())
              .map((d) => d.name),
          ]
        : [''];
      for (const tool of tools()) {
        const name = `${kebab(tool.definition.name)}.ts`;
        const file = folders.map((f) => join(toolsDir, f, name)).find((f) => existsSync(f));
        if (!file) {
          failures.push(`${tool.definition.name}: ${rel(join(toolsDir, name))} does not exist`);
          continue;
        }
        const exported = toolExports(await import(pathToFileURL(file).href));
        if (exported.length !== 1 || exported[0] !== tool.definition)
          failures.push(`${rel(file)} must export exactly one tool, the registered ${tool.definition.name}`);
      }
      const files = existsSync(toolsDir)
        ? folders.flatMap((f) =>
            readdirSync(join(toolsDir, f))
              .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
              .map((n) => join(f, n)),
          )
        : [];
      // Files of shared argument schemas are fine; a tool the manifest forgot is not.
      for (const file of files) {
        const orphans = toolExports(await import(pathToFileURL(join(toolsDir, file)).href)).filter(
          (t) => !registered.has(t as never),
        );
        if (orphans.length > 0)
          failures.push(`${rel(join(toolsDir, file))} exports a tool the manifest does not register`);
      }
      expectNone(failures, 'tool files');
    });
  });

  function confirmationProblem(tool: RegisteredTool): string | undefined {
    const name = tool.definition.name;
    const expected = context().spec.get(name)?.confirmation ?? 'none';
    if (tool.confirmation === expected) return undefined;
    if (expected === 'none' && options.extraConfirmation?.[name]) return undefined;
    if (expected === 'none')
      return `${name} asks for ${tool.confirmation} confirmation; the spec does not mark it (C) (justify it in extraConfirmation)`;
    return `${name} has confirmation "${tool.confirmation}"; the spec requires "${expected}"`;
  }

  function argumentProblems(tool: RegisteredTool): string[] {
    const name = tool.definition.name;
    const schema = tool.inputSchema as { properties: Record<string, { const?: unknown }>; required?: string[] };
    const required = new Set(schema.required ?? []);
    const action = schema.properties.action;
    const specTool = context().spec.get(name);
    const problems: string[] = [];
    const expectedAction = specTool?.actionValue ?? name.split('_')[0];
    if (specTool?.actionRequired && (!action || !required.has('action')))
      problems.push(`${name}: the spec lists action*; it must be a required argument`);
    if (action && action.const !== expectedAction) {
      problems.push(
        `${name}: action must be the constant "${expectedAction}" (${specTool?.actionValue ? "the spec's value" : "the tool's verb"}), got ${JSON.stringify(action.const)}`,
      );
    }
    if (action && !specTool) problems.push(`${name}: only tools the spec names take an action argument`);
    for (const arg of specTool?.requiredArgs ?? []) {
      if (!required.has(arg) && !options.optionalDespiteSpec?.[`${name}.${arg}`])
        problems.push(
          `${name}: the spec requires ${arg}; the tool ${arg in schema.properties ? 'leaves it optional' : 'does not take it'}`,
        );
    }
    return problems;
  }
}

/** Exports that are tool definitions (made with defineTool). */
function toolExports(mod: Record<string, unknown>): unknown[] {
  return Object.values(mod).filter(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as any).name === 'string' &&
      typeof (v as any).handler === 'function' &&
      'kind' in v &&
      'input' in v,
  );
}
