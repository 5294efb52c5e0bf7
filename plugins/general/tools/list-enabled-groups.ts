import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listEnabledGroups = defineTool({
  name: 'list_enabled_groups',
  title: 'List enabled groups',
  description: 'The tool groups enabled on this server, with their version, description and tool names.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    count: Type.Integer(),
    groups: Type.Array(
      Type.Object(
        { name: Type.String(), version: Type.String(), description: Type.String(), tools: Type.Array(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async (_args, { services }) => {
    const groups = services.kernelCatalog.groups();
    return { count: groups.length, groups };
  },
});
