import { PagingArgs, Type, pageOutput, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { INTENTS } from '../services/builtin/intent-classifier.js';
import { PRIORITIES } from '../services/builtin/priority.js';
import { SENTIMENTS } from '../services/builtin/sentiment.js';
import { phoneArg } from './args.js';
import { AnalysisOutput } from './outputs.js';

export const listConversationAnalyses = defineTool({
  name: 'list_conversation_analyses',
  title: 'List conversation analyses',
  description: 'Stored conversation analyses, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    intent: Type.Optional(Type.Enum([...INTENTS])),
    priority: Type.Optional(Type.Enum([...PRIORITIES])),
    sentiment: Type.Optional(Type.Enum([...SENTIMENTS])),
    phone: Type.Optional(phoneArg()),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('analyses', AnalysisOutput),
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.analysisRecordsService.list(filters, { limit: limit!, offset: offset! }),
});
