import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { rulePayload } from '../services/rules/rules-service.js';
import { ruleArgs, ruleTypeArg } from './args.js';
import { RuleOutput } from './outputs.js';

const a = ruleArgs();

export const createAutoReplyRule = defineTool({
  name: 'create_auto_reply_rule',
  title: 'Create an auto-reply rule',
  description:
    "An automatic answer to customers' messages: welcome, away, keyword or ai_reply. One rule answers a message, then waits cooldown_hours per customer. Replies go through the send path (opt-outs, contact window, credits). For multi-step flows use create_workflow.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    type: ruleTypeArg(),
    name: a.name,
    session_ids: Type.Optional(a.session_ids),
    keywords: Type.Optional(a.keywords),
    match: Type.Optional(a.match),
    reply_text: Type.Optional(a.reply_text),
    ai_reply: Type.Optional(a.ai_reply),
    when: Type.Optional(a.when),
    cooldown_hours: Type.Optional(a.cooldown_hours),
    priority: Type.Optional(a.priority),
    enabled: Type.Optional(a.enabled),
  }),
  output: Type.Object({ rule: RuleOutput }),
  handler: async (args, { services }) => ({ rule: rulePayload(await services.automationRulesService.create(args)) }),
});
