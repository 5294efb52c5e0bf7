import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { crmDefinitions, definitionPayload } from '../services/crm/crm-definitions.js';
import { DefinitionOutput } from './outputs.js';

export const listCrmFieldDefinitions = defineTool({
  name: 'list_crm_field_definitions',
  title: 'List CRM field definitions',
  description: "The typed CRM custom fields, in definition order (the CSV export's column order).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ definitions: Type.Array(DefinitionOutput), count: Type.Integer() }),
  handler: async (_args, { services }) => {
    const defs = await crmDefinitions(services).list();
    return { definitions: defs.map(definitionPayload), count: defs.length };
  },
});
