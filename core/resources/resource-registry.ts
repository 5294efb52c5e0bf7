import { KernelError } from '../errors/kernel-error.js';
import type { ResourceDefinition, ResourceTemplateDefinition, ToolContext } from '../plugin/plugin-types.js';
import { compileUriTemplate, type UriTemplate } from '../mcp/uri-template.js';

export interface ResolvedResource {
  group: string;
  mimeType: string;
  read: (ctx: ToolContext) => Promise<unknown>;
}

interface TemplateEntry {
  group: string;
  definition: ResourceTemplateDefinition;
  template: UriTemplate;
}

/** The groups' resources (fixed URIs) and resource templates (a URI per record). */
export class ResourceRegistry {
  private readonly resources = new Map<string, { group: string; definition: ResourceDefinition }>();
  private readonly templates: TemplateEntry[] = [];

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

  addTemplate(group: string, definition: ResourceTemplateDefinition): void {
    const existing = this.templates.find((t) => t.definition.uriTemplate === definition.uriTemplate);
    if (existing) {
      throw new KernelError(
        'KRN_ERR_DUPLICATE_RESOURCE',
        `resource template ${definition.uriTemplate} is declared by "${existing.group}" and "${group}"`,
      );
    }
    this.templates.push({ group, definition, template: compileUriTemplate(definition.uriTemplate) });
  }

  /** What serves `uri`: its fixed resource, else the first template it fits (with the variables bound). */
  resolve(uri: string): ResolvedResource | null {
    const fixed = this.resources.get(uri);
    if (fixed) return { group: fixed.group, mimeType: fixed.definition.mimeType, read: fixed.definition.read };
    for (const { group, definition, template } of this.templates) {
      const params = template.match(uri);
      if (params) return { group, mimeType: definition.mimeType, read: (ctx) => definition.read(params, ctx) };
    }
    return null;
  }

  template(uriTemplate: string): TemplateEntry | undefined {
    return this.templates.find((t) => t.definition.uriTemplate === uriTemplate);
  }

  /** `sees`: which groups' resources to include (all by default). */
  list(sees: (group: string) => boolean = () => true) {
    return [...this.resources.values()]
      .filter(({ group }) => sees(group))
      .map(({ definition: { uri, name, description, mimeType } }) => ({
        uri,
        name,
        description,
        mimeType,
      }));
  }

  listTemplates(sees: (group: string) => boolean = () => true) {
    return this.templates
      .filter(({ group }) => sees(group))
      .map(({ definition: { uriTemplate, name, description, mimeType } }) => ({
        uriTemplate,
        name,
        description,
        mimeType,
      }));
  }
}
