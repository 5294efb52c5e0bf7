import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { noEffect, phoneArg } from './args.js';
import { EngineFields } from './outputs.js';

export const autoTagCustomer = defineTool({
  name: 'auto_tag_customer',
  title: 'Auto-tag customer',
  description:
    "Suggests tags for a customer from their last 50 messages: the shop's existing tags (by tag rules, words or topic), new ones with allow_new. Needs 3 customer messages. Writes nothing: add_customer_tag does.",
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
