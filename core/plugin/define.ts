import type { TSchema, TProperties } from 'typebox';
import type { JobDefinition, PluginDefinition, ResourceDefinition, ToolDefinition } from './plugin-types.js';

/**
 * Identity functions: they exist so that manifests, tools and jobs are typed where they are
 * written, and so a reader can grep for how each piece is declared.
 */
export const definePlugin = <C extends TSchema>(plugin: PluginDefinition<C>): PluginDefinition<C> => plugin;
export const defineTool = <P extends TProperties, Config = any>(
  tool: ToolDefinition<P, Config>,
): ToolDefinition<P, Config> => tool;
export const defineJob = <Config = any>(job: JobDefinition<Config>): JobDefinition<Config> => job;
export const defineResource = (resource: ResourceDefinition): ResourceDefinition => resource;

/**
 * A group's own define functions, typed with the services its handlers may use (its own, the
 * kernel's and those of the groups it declares) and its config. A group calls this once in its
 * `define.ts`; its tools and jobs import defineTool and defineJob from there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a group without a config schema accepts any manifest config type
export function defineGroup<Services, Config = any>() {
  return {
    defineTool: <P extends TProperties>(tool: ToolDefinition<P, Config, Services>) => tool,
    defineJob: (job: JobDefinition<Config, Services>) => job,
  };
}
