import { Type } from '../../../core/index.js';
import { RULE_MATCHES, RULE_TYPES, RULE_WHEN } from '../entities/values.js';

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

export const workflowIdArg = () => Type.Integer({ minimum: 1, description: 'A workflow id (list_chatapp_workflows).' });
export const runIdArg = () => Type.Integer({ minimum: 1, description: 'A run id (list_chatapp_workflow_runs).' });
export const ruleIdArg = () => Type.Integer({ minimum: 1, description: 'A rule id (list_auto_reply_rules).' });

/** The definition's parts as arguments; their full rules are checked with errors at JSON paths (get_automation_catalog lists them). */
export const definitionArgs = () => ({
  trigger: Type.Object(
    {
      type: Type.String({
        description: 'message_received, conversation_opened, customer_tagged, … (get_automation_catalog).',
      }),
    },
    {
      additionalProperties: true,
      description:
        'One trigger: { type, conditions?: { all | any: [{ attribute, operator, value }] }, idle_hours?, tag? }.',
    },
  ),
  steps: Type.Array(
    Type.Object(
      { id: Type.String({ description: 'Unique in the workflow: a-z, 0-9, _ and -.' }), type: Type.String() },
      {
        additionalProperties: true,
        description: '{ id, type, params?, next? (step id; null ends; omitted: the following step), paths? }',
      },
    ),
    { minItems: 1, maxItems: 100 },
  ),
  settings: Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        '{ once_per_contact?, reentry_cooldown_minutes?, error_policy?: stop | continue, inputs?: [variable names] }',
    },
  ),
});

export const ruleArgs = () => ({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  session_ids: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: 50,
    description: 'Lines it answers on; empty or left out: all.',
  }),
  keywords: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    minItems: 1,
    maxItems: 50,
    description: 'keyword rules only.',
  }),
  match: literals(RULE_MATCHES, 'Case and accents ignored; word (default) matches whole words and plurals.'),
  reply_text: Type.String({
    minLength: 1,
    maxLength: 4096,
    description: 'The reply; placeholders {nombre}, {telefono}, {tienda}.',
  }),
  ai_reply: Type.Boolean({ description: 'The assistant answers instead of reply_text.' }),
  when: literals(RULE_WHEN, 'Against business hours; default outside_hours for away, always otherwise.'),
  cooldown_hours: Type.Integer({
    minimum: 0,
    maximum: 720,
    description: 'Hours before it answers the same customer again; default 24 for welcome and away, else 0.',
  }),
  priority: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'When several match, the highest answers.',
  }),
  enabled: Type.Boolean(),
});

export const ruleTypeArg = () =>
  literals(
    RULE_TYPES,
    "welcome (first message after a day of silence), away (outside hours), keyword, ai_reply (the assistant answers from the shop's knowledge).",
  );

/** validate_workflow and test_workflow: a stored workflow or a definition given inline. */
export const workflowOrDefinitionArgs = () => ({
  workflow_id: Type.Optional(Type.Integer({ minimum: 1 })),
  definition: Type.Optional(
    Type.Unknown({ description: '{ trigger, steps, settings }, as create_workflow takes them.' }),
  ),
});
