import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { fileIdArg, filenameArg, purposeFilterArg } from './args.js';
import { FileResult } from './outputs.js';

export const updateFile = defineTool({
  name: 'update_file',
  title: 'Update file',
  description: 'Renames a file, moves it to another purpose (type and size must suit) or replaces its tags.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    file_id: fileIdArg,
    filename: Type.Optional(filenameArg),
    purpose: Type.Optional(purposeFilterArg),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 })),
  }),
  output: FileResult,
  handler: async ({ file_id, ...changes }, { services }) => ({
    file: await services.storageFilesService.update(file_id, changes),
  }),
});
