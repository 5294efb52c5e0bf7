import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { assistantIdArg } from './args.js';
import { FileStatusOutput } from './outputs.js';

export const addDocqaFile = defineTool({
  name: 'add_docqa_file',
  title: 'Add a file to a document Q&A assistant',
  description:
    'Gives the assistant a document: a stored file read in the background (see check_docqa_file_status), or a text with its name, ready at once.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    assistant_id: assistantIdArg(),
    storage_file_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'A file of the storage group (upload_file_base64…).' }),
    ),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000_000 })),
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'What citations call it (required with text).' }),
    ),
    format: Type.Optional(
      Type.Union([Type.Literal('text'), Type.Literal('markdown'), Type.Literal('html')], {
        description: 'Of text; default text.',
      }),
    ),
  }),
  output: Type.Object({ file: FileStatusOutput }),
  handler: async ({ assistant_id, ...fields }, { services }) =>
    services.widgetDocqaService.addFile(assistant_id, fields),
});
