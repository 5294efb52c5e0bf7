import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listEnabledGroups = defineTool({
  name: 'list_enabled_groups',
  title: 'List enabled groups',
  description: 'The tool groups enabled on this server, with their version, description and tool names.',
  kind: 'query',
  input: Type.Object({}),
  handler: async (_args, { services }) => {
    const groups = services.kernelCatalog.groups();
    return { count: groups.length, groups };
  },
});
