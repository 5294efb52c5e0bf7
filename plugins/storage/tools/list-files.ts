import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { purposeFilterArg } from './args.js';
import { FilePage } from './outputs.js';

export const listFiles = defineTool({
  name: 'list_files',
  title: 'List files',
  description: 'Files, newest first, by purpose, type prefix, name and whether a record uses them.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    purpose: Type.Optional(purposeFilterArg),
    content_type: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the filename.' })),
    linked: Type.Optional(Type.Boolean()),
    ...PagingArgs,
  }),
  output: FilePage,
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.storageFilesService.list(filters, { limit: limit!, offset: offset! }),
});
