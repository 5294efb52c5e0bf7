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
