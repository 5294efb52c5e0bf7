import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { noEffect, phoneArg } from './args.js';
import { EngineFields } from './outputs.js';

export const autoTagCustomer = defineTool({
  name: 'auto_tag_customer',
  title: 'Auto-tag customer',
  description:
    'Suggests tags for a customer from their last 50 messages on every line: the shop’s existing tags (by the shop’s tag rules, by the tag’s words in what the customer wrote, or by a tag named like the conversation’s topic or intent), new ones only with allow_new. Fewer than 3 customer messages: no suggestions, reason not_enough_messages. Tags the customer already has are listed apart. Writes nothing (add_customer_tag does).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  action: 'auto',
  input: Type.Object({
    phone: phoneArg(),
    allow_new: Type.Optional(
      Type.Boolean({ default: false, description: 'Also propose tags the shop does not use yet.' }),
    ),
    summary_type: noEffect.summary_type(),
    days: noEffect.days(),
    tone: noEffect.tone(),
    hours: noEffect.hours(),
    limit: noEffect.limit(),
    target_language: noEffect.target_language(),
    last_n: noEffect.last_n(),
  }),
  output: Type.Object({
    phone: Type.String(),
    suggestions: Type.Array(
      Type.Object({ tag: Type.String(), new: Type.Boolean(), score: Type.Number(), reason: Type.String() }),
    ),
    already_tagged: Type.Array(Type.String()),
    customer_messages: Type.Integer(),
    reason: Type.Union([Type.Literal('not_enough_messages'), Type.Null()]),
    ...EngineFields,
  }),
  handler: async ({ phone, allow_new }, { services }) =>
    services.analysisTaggingService.suggest(phone, allow_new ?? false),
});
