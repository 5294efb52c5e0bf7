import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import defaults from '../../config/default.js';
import type { GroupEntry } from '../../core/config/config-schema.js';
import { finalizeConfig } from '../../core/config/load-config.js';
import { loadPlugins, type LoadedPlugin } from '../../core/plugin/load-plugins.js';
import { ToolRegistry } from '../../core/tools/tool-registry.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A group the quality bars run over: every group enabled in config/default.ts, and the examples. */
export interface GroupUnderTest {
  name: string;
  /** Its folder: plugins/<name>, examples/<folder>, or wherever its `resolve` points. */
  dir: string;
  entry: GroupEntry;
}

const configured = (defaults.groups ?? {}) as Record<string, GroupEntry>;

export const enabledInConfig = (): string[] =>
  Object.entries(configured)
    .filter(([, entry]) => entry.enabled !== false)
    .map(([name]) => name)
    .sort();

/**
 * The example groups, each a package of its own under examples/ that npm links into
 * node_modules (root workspaces): they are enabled the way a deployment would, by package name.
 */
export async function exampleGroups(): Promise<GroupUnderTest[]> {
  const root = join(REPO_ROOT, 'examples');
  if (!existsSync(root)) return [];
  const found: GroupUnderTest[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const manifest = join(root, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const packageName = JSON.parse(readFileSync(manifest, 'utf8')).name as string;
    let name: string;
    try {
      name = (await import(packageName)).default.name;
    } catch (err) {
      throw new Error(
        `example ${folder} (${packageName}) cannot be imported by its package name; run npm install to link the workspace: ${(err as Error).message}`,
        { cause: err },
      );
    }
    found.push({ name, dir: join(root, folder), entry: { enabled: true, resolve: packageName } });
  }
  return found;
}

export async function groupsUnderTest(): Promise<GroupUnderTest[]> {
  const builtIn = enabledInConfig().map((name): GroupUnderTest => ({
    name,
    dir: groupDir(name, configured[name]!.resolve),
    entry: { ...configured[name]!, enabled: true },
  }));
  return [...builtIn, ...(await exampleGroups())];
}

/** The config `groups` map that enables exactly these groups (built-in or example). */
export async function groupEntries(names: string[]): Promise<Record<string, GroupEntry>> {
  const examples = new Map((await exampleGroups()).map((g) => [g.name, g.entry]));
  return Object.fromEntries(
    names.map((name) => [name, examples.get(name) ?? { ...(configured[name] ?? {}), enabled: true }]),
  );
}

/** The groups loaded and checked the way the server loads them, without a database. */
export async function loadGroups(groups: GroupUnderTest[]): Promise<LoadedPlugin[]> {
  return loadPlugins(finalizeConfig({ groups: Object.fromEntries(groups.map((g) => [g.name, g.entry])) }));
}

/** A sealed registry of the loaded groups' tools: the server's checks, descriptors and tools/list. */
export function registryOf(plugins: LoadedPlugin[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const { plugin } of plugins) for (const tool of plugin.tools ?? []) registry.add(plugin.name, tool);
  registry.seal(0);
  return registry;
}

/** The same lookup as the plugin loader: plugins/<name>, a path, or a package name. */
function groupDir(name: string, from: string | undefined): string {
  if (!from) return join(REPO_ROOT, 'plugins', name);
  if (from.startsWith('.') || from.startsWith('/')) return dirname(resolve(from));
  return dirname(fileURLToPath(import.meta.resolve(from)));
}
