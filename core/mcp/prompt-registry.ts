import { KernelError } from '../errors/kernel-error.js';
import type { PromptDefinition } from '../plugin/plugin-types.js';

/** The groups' MCP prompts, by name. */
export class PromptRegistry {
  private readonly prompts = new Map<string, { group: string; definition: PromptDefinition }>();

  add(group: string, definition: PromptDefinition): void {
    const existing = this.prompts.get(definition.name);
    if (existing)
      throw new KernelError(
        'KRN_ERR_DUPLICATE_PROMPT',
        `prompt ${definition.name} is declared by "${existing.group}" and "${group}"`,
      );
    this.prompts.set(definition.name, { group, definition });
  }

  get(name: string) {
    return this.prompts.get(name);
  }

  /** `sees`: which groups' prompts to include (all by default). */
  list(sees: (group: string) => boolean = () => true) {
    return [...this.prompts.values()]
      .filter(({ group }) => sees(group))
      .map(({ definition: { name, title, description, arguments: args = [] } }) => ({
        name,
        title,
        description,
        arguments: args.map(({ name, description, required }) => ({ name, description, required: required === true })),
      }));
  }
}
