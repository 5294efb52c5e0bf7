import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { filenameArg, purposeArg } from './args.js';
import { StoredResult } from './outputs.js';

export const importFileFromUrl = defineTool({
  name: 'import_file_from_url',
  title: 'Import file from URL',
  description:
    'Downloads a file from a public http(s) URL into storage, checked like an upload (types, size, real type, quota).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    url: Type.String({ minLength: 8, maxLength: 2000 }),
    purpose: purposeArg,
    filename: Type.Optional(filenameArg),
  }),
  output: StoredResult,
  handler: async (args, { services }) => services.storageUploadsService.importFromUrl(args),
});
