import { Type } from '../../../core/index.js';
import { FIELD_TYPES } from '../../crm/surface.js';
import { defineTool } from '../define.js';
import { crmDefinitions, definitionPayload } from '../services/crm/crm-definitions.js';
import { DefinitionOutput } from './outputs.js';

export const createCrmFieldDefinition = defineTool({
  name: 'create_crm_field_definition',
  title: 'Create CRM field definition',
  description:
    'Gives a CRM custom field a type: update_crm_customer then refuses values that do not match, and a required field cannot be removed. Stored values are not rewritten. At most 50 per shop.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    key: Type.String({ minLength: 1, maxLength: 64 }),
    label: Type.String({ minLength: 1, maxLength: 120 }),
    type: Type.Enum([...FIELD_TYPES]),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
    required: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    show_to_ai: Type.Optional(Type.Boolean({ description: 'Whether the assistant may see the value (default true).' })),
  }),
  output: Type.Object({ definition: DefinitionOutput }),
  handler: async (args, { services }) => ({
    definition: definitionPayload(await crmDefinitions(services).create(args)),
  }),
});
