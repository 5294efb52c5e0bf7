import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { crmDefinitions } from '../services/crm/crm-definitions.js';

export const deleteCrmFieldDefinition = defineTool({
  name: 'delete_crm_field_definition',
  title: 'Delete CRM field definition',
  description:
    'Deletes a definition; its values become free-form. delete_values also removes the key from every CRM record.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({
    definition_id: Type.Integer({ minimum: 1 }),
    delete_values: Type.Optional(Type.Boolean({ default: false })),
  }),
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer(), values_deleted: Type.Integer() }),
  handler: async ({ definition_id, delete_values = false }, { services }) => ({
    deleted: true,
    id: definition_id,
    ...(await crmDefinitions(services).delete(definition_id, delete_values)),
  }),
});
