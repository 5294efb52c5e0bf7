import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { daysArg, lastNArg, phoneArg } from './args.js';

export const analyzeSentiment = defineTool({
  name: 'analyze_sentiment',
  title: 'Analyze sentiment',
  description:
    "Sentiment (negative, neutral, positive; score -1…1) of a text, or of a customer's recent messages (newer weigh more), each message scored. Give exactly one of text and phone.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    phone: Type.Optional(phoneArg()),
    last_n: Type.Optional(lastNArg('With phone: the customer’s last messages read (default 20).')),
    days: Type.Optional(daysArg('With phone: only messages of the last days.')),
  }),
  output: Type.Object({
    sentiment: Type.String(),
    score: Type.Number(),
    language: Type.String(),
    supported: Type.Boolean(),
    messages: Type.Array(
      Type.Object({
        message_id: Type.Union([Type.Integer(), Type.Null()]),
        sentiment: Type.String(),
        score: Type.Number(),
        method: Type.String(),
      }),
    ),
    engine: Type.String(),
    notice: Type.String(),
  }),
  handler: async ({ text, phone, last_n, days }, { services }) =>
    services.analysisInsightsService.sentiment({ text, phone, lastN: last_n ?? 20, days }),
});
