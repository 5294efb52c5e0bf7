import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantIdArg } from './args.js';
import { AnswerOutput } from './outputs.js';

export const askDocqaAssistant = defineTool({
  name: 'ask_docqa_assistant',
  title: 'Ask a document Q&A assistant',
  description: 'The answer a visitor would get, with citations. Counts against no limit.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ assistant_id: assistantIdArg(), question: Type.String({ minLength: 1, maxLength: 2_000 }) }),
  output: Type.Object(AnswerOutput),
  handler: async ({ assistant_id, question }, { services }) =>
    services.widgetPreviewService.askDocqa(assistant_id, question),
});
