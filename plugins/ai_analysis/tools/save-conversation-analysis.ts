import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { INTENTS } from '../services/builtin/intent-classifier.js';
import { PRIORITIES } from '../services/builtin/priority.js';
import { SENTIMENTS } from '../services/builtin/sentiment.js';
import { languageArg, phoneArg, sessionIdArg } from './args.js';
import { AnalysisOutput } from './outputs.js';

export const saveConversationAnalysis = defineTool({
  name: 'save_conversation_analysis',
  title: 'Save conversation analysis',
  description:
    "Stores analyses (from auto_categorize_conversations or an agent's judgement) on customers' conversations, all or none. They feed list_conversation_analyses and get_topic_trends.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    items: Type.Array(
      Type.Object({
        phone: phoneArg(),
        session_id: Type.Optional(sessionIdArg),
        topic: Type.String({ minLength: 1, maxLength: 40 }),
        intent: Type.Enum([...INTENTS]),
        priority: Type.Enum([...PRIORITIES]),
        sentiment: Type.Enum([...SENTIMENTS]),
        language: Type.Optional(languageArg('The conversation’s language.')),
        summary: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      }),
      { minItems: 1, maxItems: 20 },
    ),
  }),
  output: Type.Object({ saved: Type.Array(AnalysisOutput), count: Type.Integer() }),
  handler: async ({ items }, { services }) => services.analysisRecordsService.save(items),
});
