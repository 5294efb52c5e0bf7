import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantIdArg } from './args.js';

export const deleteDocqaAssistant = defineTool({
  name: 'delete_docqa_assistant',
  title: 'Delete a document Q&A assistant',
  description: "Deletes the assistant, its files' text and its conversations; embeds stop at once. Stored files stay.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ assistant_id: assistantIdArg() }),
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer(), files_deleted: Type.Integer() }),
  handler: async ({ assistant_id }, { services }) => services.widgetDocqaService.delete(assistant_id),
});
