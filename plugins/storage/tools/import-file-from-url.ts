import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { filenameArg, purposeArg } from './args.js';
import { StoredResult } from './outputs.js';

export const importFileFromUrl = defineTool({
  name: 'import_file_from_url',
  title: 'Import file from URL',
  description:
    'Downloads a file from a public http(s) URL into the shop’s storage (private and internal addresses are refused, also after redirects), checked like an upload: the purpose’s types and size, the bytes’ real type, the quota.',
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
