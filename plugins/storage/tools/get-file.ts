import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { fileIdArg } from './args.js';
import { FileOutput, ReferenceOutput } from './outputs.js';

export const getFile = defineTool({
  name: 'get_file',
  title: 'Get file',
  description: 'One file: name, purpose, type, size, SHA-256, tags and the records using it.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ file_id: fileIdArg }),
  output: Type.Object({ file: FileOutput, used_by: Type.Array(ReferenceOutput) }),
  handler: async ({ file_id }, { services }) => services.storageFilesService.get(file_id),
});
