import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import {
  CONDITION_ATTRIBUTE_MEANINGS,
  CONDITION_ATTRIBUTES,
  CONDITION_OPERATORS,
} from '../services/definition/conditions.js';
import { LIMITS, TRIGGER_TYPES } from '../services/definition/definition.js';
import { CUSTOMER_PLACEHOLDERS } from '../services/definition/placeholders.js';
import { STEP_TYPES } from '../services/definition/step-types.js';
import { Loose } from './outputs.js';

export const getAutomationCatalog = defineTool({
  name: 'get_automation_catalog',
  title: 'Get the automation catalogue',
  description:
    'What a workflow definition may use: trigger types, condition attributes and operators, step types with their parameters and exits, placeholders and limits. Read it before create_workflow.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    triggers: Type.Array(Type.String()),
    condition_attributes: Type.Record(Type.String(), Type.String(), { description: 'Attribute → its kind.' }),
    condition_attribute_meanings: Type.Record(Type.String(), Type.String(), {
      description: 'What the attributes whose kind does not say it mean.',
    }),
    condition_operators: Type.Array(Type.String()),
    steps: Type.Array(Loose),
    placeholders: Type.Array(Type.String()),
    limits: Type.Record(Type.String(), Type.Integer()),
  }),
  handler: async () => ({
    triggers: [...TRIGGER_TYPES],
    condition_attributes: { ...CONDITION_ATTRIBUTES, 'var.<name>': 'text' },
    condition_attribute_meanings: { ...CONDITION_ATTRIBUTE_MEANINGS },
    condition_operators: [...CONDITION_OPERATORS],
    steps: Object.entries(STEP_TYPES).map(([type, s]) => ({
      type,
      description: s.description,
      params: s.params,
      paths: s.paths,
      sends: s.sends === true,
    })),
    placeholders: [...CUSTOMER_PLACEHOLDERS.map((p) => `{${p}}`), '{var.<name>}'],
    limits: { ...LIMITS },
  }),
});
