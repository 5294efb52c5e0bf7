import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { rulePayload } from '../services/rules/rules-service.js';
import { ruleArgs, ruleIdArg } from './args.js';
import { RuleOutput } from './outputs.js';

const a = ruleArgs();

export const updateAutoReplyRule = defineTool({
  name: 'update_auto_reply_rule',
  title: 'Update an auto-reply rule',
  description: 'Changes a rule (not its type), checked as a whole. reply_text null clears it (with ai_reply true).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    rule_id: ruleIdArg(),
    name: Type.Optional(a.name),
    session_ids: Type.Optional(a.session_ids),
    keywords: Type.Optional(a.keywords),
    match: Type.Optional(a.match),
    reply_text: Type.Optional(Nullable(a.reply_text)),
    ai_reply: Type.Optional(a.ai_reply),
    when: Type.Optional(a.when),
    cooldown_hours: Type.Optional(a.cooldown_hours),
    priority: Type.Optional(a.priority),
    enabled: Type.Optional(a.enabled),
  }),
  output: Type.Object({ rule: RuleOutput }),
  handler: async ({ rule_id, ...fields }, { services }) => ({
    rule: rulePayload(await services.automationRulesService.update(rule_id, fields)),
  }),
});
