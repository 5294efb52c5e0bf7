import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ruleTypeArg } from './args.js';
import { RuleOutput } from './outputs.js';

export const listAutoReplyRules = defineTool({
  name: 'list_auto_reply_rules',
  title: 'List auto-reply rules',
  description: 'Auto-reply rules, in the order they answer when several match.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    type: Type.Optional(ruleTypeArg()),
    enabled: Type.Optional(Type.Boolean()),
    session_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Rules that answer on this line.' })),
  }),
  output: Type.Object({ rules: Type.Array(RuleOutput), count: Type.Integer() }),
  handler: async (args, { services }) => services.automationRulesService.list(args),
});
