import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantIdArg } from './args.js';
import { FilesOutput } from './outputs.js';

export const checkDocqaFileStatus = defineTool({
  name: 'check_docqa_file_status',
  title: 'Check a document Q&A assistant’s files',
  description: "Each file's processing state, with the reason when failed.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ assistant_id: assistantIdArg() }),
  output: Type.Object({ ...FilesOutput }),
  handler: async ({ assistant_id }, { services }) => services.widgetDocqaService.fileStatus(assistant_id),
});
