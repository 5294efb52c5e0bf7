import { Nullable, parseShopTime, Type, DateTimeArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { RuleOutput } from './outputs.js';

export const testAutoReplyRules = defineTool({
  name: 'test_auto_reply_rules',
  title: 'Test auto-reply rules',
  description:
    'Which rule would answer a message and what it would say, with every match and its cooldown. Sends and records nothing.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    text: Type.String({ minLength: 1, maxLength: 4096 }),
    phone: Type.Optional(Type.String({ description: 'The customer (their history decides welcome and cooldowns).' })),
    session_id: Type.Optional(Type.Integer({ minimum: 1 })),
    at: Type.Optional(DateTimeArg('When the message arrives; default now.')),
  }),
  output: Type.Object({
    fires: Nullable(
      Type.Object({
        rule: RuleOutput,
        reply: Nullable(Type.String()),
        assistant_answers: Type.Boolean(),
      }),
    ),
    matching: Type.Array(
      Type.Object({ rule_id: Type.Integer(), name: Type.String(), type: Type.String(), in_cooldown: Type.Boolean() }),
    ),
    situation: Type.Object({
      first_of_conversation: Type.Boolean(),
      inside_business_hours: Type.Boolean(),
      at: Type.String(),
    }),
  }),
  handler: async ({ text, phone, session_id, at }, { services, shop }) =>
    services.automationRulesService.test({
      text,
      ...(phone !== undefined && { phone }),
      ...(session_id !== undefined && { session_id }),
      ...(at !== undefined && { at: parseShopTime(at, shop.timezone, 'at') }),
    }),
});
