import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantIdArg } from './args.js';

export const removeDocqaFile = defineTool({
  name: 'remove_docqa_file',
  title: 'Remove a file from a document Q&A assistant',
  description: 'The assistant stops answering from the file at once; a stored file stays in storage.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({
    assistant_id: assistantIdArg(),
    file_id: Type.Integer({ minimum: 1, description: 'The assistant’s file, as check_docqa_file_status lists it.' }),
  }),
  output: Type.Object({ removed: Type.Boolean(), file_id: Type.Integer() }),
  handler: async ({ assistant_id, file_id }, { services }) =>
    services.widgetDocqaService.removeFile(assistant_id, file_id),
});
