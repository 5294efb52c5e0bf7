import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { fileIdArg } from './args.js';

export const deleteFile = defineTool({
  name: 'delete_file',
  title: 'Delete file',
  description: 'Deletes a file (and its bytes when no other file shares them); refused while a record uses it.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ file_id: fileIdArg }),
  output: Type.Object({ deleted: Type.Literal(true), id: Type.Integer() }),
  handler: async ({ file_id }, { services }) => services.storageFilesService.delete(file_id),
});
