import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantFields, assistantIdArg } from './args.js';
import { AssistantOutput } from './outputs.js';

export const updateDocqaAssistant = defineTool({
  name: 'update_docqa_assistant',
  title: 'Update a document Q&A assistant',
  description: 'Changes an assistant; config_design and config_texts are merged.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    assistant_id: assistantIdArg(),
    display_name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    ...assistantFields,
  }),
  output: Type.Object({ assistant: AssistantOutput, changed: Type.Array(Type.String()) }),
  handler: async ({ assistant_id, ...fields }, { services }) =>
    services.widgetDocqaService.update(assistant_id, fields),
});
