import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import type { SwitchboardConfig } from '../config/config-schema.js';
import { describeErrors } from '../config/schema-errors.js';
import { KernelError } from '../errors/kernel-error.js';
import { KERNEL_VERSION } from '../version.js';
import { satisfiesCaret } from './kernel-range.js';
import type { PluginDefinition } from './plugin-types.js';
import { orderByDependencies } from './order-plugins.js';
import { groupEntryFile } from './package-entry.js';

export interface LoadedPlugin {
  plugin: PluginDefinition;
  config: Readonly<Record<string, unknown>>;
}

const builtInDir = new URL('../../plugins/', import.meta.url);
/** Whether this is the compiled server (dist/, `npm start`) rather than the TypeScript run by tsx. */
const compiled = import.meta.url.endsWith('.js');
let typescriptLoader: Promise<unknown> | undefined;

/**
 * Imports every enabled group, checks its manifest, kernel range and config, and returns them
 * in dependency order. Every failure is a coded boot error naming the groups involved.
 */
export async function loadPlugins(config: Readonly<SwitchboardConfig>): Promise<LoadedPlugin[]> {
  const enabled = Object.entries(config.groups).filter(([, entry]) => entry.enabled);
  const loaded: LoadedPlugin[] = [];
  for (const [name, entry] of enabled) {
    const plugin = await importPlugin(name, entry.resolve);
    checkManifest(name, plugin);
    loaded.push({ plugin, config: validateGroupConfig(plugin, entry.config ?? {}) });
  }
  return orderByDependencies(loaded);
}

/** `from` is a package name, or a path (relative to the working directory) to a file or a package folder. */
async function importPlugin(name: string, from?: string): Promise<PluginDefinition> {
  try {
    // Third-party groups may be TypeScript: the compiled server loads tsx for them, and only then.
    if (from && compiled) await (typescriptLoader ??= import('tsx/esm/api').then(({ register }) => register()));
    const specifier = !from
      ? new URL(`${name}/index.${compiled ? 'js' : 'ts'}`, builtInDir).href
      : from.startsWith('.') || isAbsolute(from)
        ? pathToFileURL(groupEntryFile(resolve(from))).href
        : from;
    const mod = await import(specifier);
    return mod.default;
  } catch (err) {
    throw new KernelError(
      'KRN_ERR_GROUP_NOT_FOUND',
      `group "${name}" could not be loaded from ${from ?? `plugins/${name}`}: ${(err as Error).message}`,
      { group: name },
    );
  }
}

function checkManifest(name: string, plugin: PluginDefinition | undefined): asserts plugin is PluginDefinition {
  if (!plugin || typeof plugin !== 'object') {
    throw new KernelError('KRN_ERR_GROUP_INVALID', `group "${name}" has no default export made with definePlugin`, {
      group: name,
    });
  }
  if (plugin.name !== name) {
    throw new KernelError('KRN_ERR_GROUP_INVALID', `group configured as "${name}" declares the name "${plugin.name}"`, {
      group: name,
    });
  }
  for (const field of ['version', 'description', 'kernel'] as const) {
    if (typeof plugin[field] !== 'string' || !plugin[field]) {
      throw new KernelError('KRN_ERR_GROUP_INVALID', `group "${name}" lacks "${field}"`, { group: name });
    }
  }
  if (!satisfiesCaret(KERNEL_VERSION, plugin.kernel)) {
    throw new KernelError(
      'KRN_ERR_GROUP_KERNEL_VERSION',
      `group "${name}" needs kernel ${plugin.kernel}; this kernel is ${KERNEL_VERSION}`,
      { group: name },
    );
  }
}

function validateGroupConfig(
  plugin: PluginDefinition,
  raw: Record<string, unknown>,
): Readonly<Record<string, unknown>> {
  if (!plugin.configSchema) {
    if (Object.keys(raw).length > 0) {
      throw new KernelError(
        'KRN_ERR_GROUP_CONFIG_INVALID',
        `group "${plugin.name}" takes no config, got: ${Object.keys(raw).join(', ')}`,
        { group: plugin.name },
      );
    }
    return Object.freeze({});
  }
  const value = Value.Default(plugin.configSchema, structuredClone(raw)) as Record<string, unknown>;
  const validator = Compile(plugin.configSchema);
  if (!validator.Check(value)) {
    const errors = describeErrors(validator.Errors(value));
    throw new KernelError(
      'KRN_ERR_GROUP_CONFIG_INVALID',
      `group "${plugin.name}" config is invalid: ${errors.map((e) => `groups.${plugin.name}.config.${e.path} ${e.message}`).join('; ')}`,
      { group: plugin.name, errors },
    );
  }
  return Object.freeze(value);
}
