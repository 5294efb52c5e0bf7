import type { ToolRegistry } from '../tools/tool-registry.js';
import type { LoadedPlugin } from './load-plugins.js';

export interface GroupInfo {
  name: string;
  version: string;
  description: string;
  tools: string[];
}

/** Read-only facts about the enabled groups, registered in DI as `kernelCatalog`. */
export class GroupCatalog {
  private readonly info: GroupInfo[];

  constructor(plugins: LoadedPlugin[], registry: ToolRegistry) {
    this.info = plugins.map(({ plugin }) => ({
      name: plugin.name,
      version: plugin.version,
      description: plugin.description,
      tools: registry
        .all()
        .filter((t) => t.group === plugin.name)
        .map((t) => t.definition.name),
    }));
  }

  groups(): GroupInfo[] {
    return this.info;
  }

  names(): string[] {
    return this.info.map((g) => g.name);
  }
}
