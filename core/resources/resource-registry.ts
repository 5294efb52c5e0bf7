import { KernelError } from '../errors/kernel-error.js';
import type { ResourceDefinition } from '../plugin/plugin-types.js';

export class ResourceRegistry {
  private readonly resources = new Map<string, { group: string; definition: ResourceDefinition }>();

  add(group: string, definition: ResourceDefinition): void {
    const existing = this.resources.get(definition.uri);
    if (existing) {
      throw new KernelError(
        'KRN_ERR_DUPLICATE_RESOURCE',
        `resource ${definition.uri} is declared by "${existing.group}" and "${group}"`,
      );
    }
    this.resources.set(definition.uri, { group, definition });
  }

  get(uri: string) {
    return this.resources.get(uri);
  }

  list() {
    return [...this.resources.values()].map(({ definition: { uri, name, description, mimeType } }) => ({
      uri,
      name,
      description,
      mimeType,
    }));
  }
}
