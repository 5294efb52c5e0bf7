import type { TSchema, TProperties } from 'typebox';
import type {
  JobDefinition,
  PluginDefinition,
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from './plugin-types.js';

/**
 * Identity functions: they exist so that manifests, tools and jobs are typed where they are
 * written, and so a reader can grep for how each piece is declared.
 */
export const definePlugin = <C extends TSchema>(plugin: PluginDefinition<C>): PluginDefinition<C> => plugin;
export const defineTool = <P extends TProperties, Config = unknown>(
  tool: ToolDefinition<P, Config>,
): ToolDefinition<P, Config> => tool;
export const defineJob = <Config = unknown>(job: JobDefinition<Config>): JobDefinition<Config> => job;
export const defineResource = (resource: ResourceDefinition): ResourceDefinition => resource;
export const defineResourceTemplate = (template: ResourceTemplateDefinition): ResourceTemplateDefinition => template;
export const definePrompt = (prompt: PromptDefinition): PromptDefinition => prompt;

/**
 * A group's own define functions, typed with its config. A group calls this once in its
 * `define.ts`; its tools and jobs import defineTool and defineJob from there.
 */
export function defineGroup<Config = unknown>() {
  return {
    defineTool: <P extends TProperties>(tool: ToolDefinition<P, Config>) => tool,
    defineJob: (job: JobDefinition<Config>) => job,
  };
}
