import { Nullable, Type } from '../../../core/index.js';
import { FIELD_TYPES } from '../../crm/surface.js';
import { defineTool } from '../define.js';
import { crmDefinitions, definitionPayload } from '../services/crm/crm-definitions.js';
import { DefinitionOutput } from './outputs.js';

export const updateCrmFieldDefinition = defineTool({
  name: 'update_crm_field_definition',
  title: 'Update CRM field definition',
  description:
    'The type changes only while no record has a value under the key; new select options apply from then on.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    definition_id: Type.Integer({ minimum: 1 }),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    type: Type.Optional(Type.Enum([...FIELD_TYPES])),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
    required: Type.Optional(Type.Boolean()),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    show_to_ai: Type.Optional(Type.Boolean()),
  }),
  output: Type.Object({ definition: DefinitionOutput }),
  handler: async ({ definition_id, ...changes }, { services }) => ({
    definition: definitionPayload(await crmDefinitions(services).update(definition_id, changes)),
  }),
});
