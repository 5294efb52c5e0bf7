import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ruleIdArg } from './args.js';
import { RuleOutput } from './outputs.js';

export const deleteAutoReplyRule = defineTool({
  name: 'delete_auto_reply_rule',
  title: 'Delete an auto-reply rule',
  description: 'Deletes the rule; a reply not sent yet is cancelled, its runs stay in the history.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ rule_id: ruleIdArg() }),
  output: Type.Object({ deleted: Type.Literal(true), rule: RuleOutput }),
  handler: async ({ rule_id }, { services }) => ({
    deleted: true as const,
    rule: await services.automationRulesService.delete(rule_id),
  }),
});
