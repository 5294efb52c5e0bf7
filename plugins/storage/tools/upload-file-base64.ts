import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { contentTypeArg, filenameArg, purposeArg } from './args.js';
import { StoredResult } from './outputs.js';

export const uploadFileBase64 = defineTool({
  name: 'upload_file_base64',
  title: 'Upload file (base64)',
  description:
    'Stores a small file sent in the call (≤ 5 MB decoded; larger through create_upload_url). The type comes from the bytes; give content_type for text formats. Equal contents are stored once.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    filename: filenameArg,
    content_base64: Type.String({ minLength: 1, maxLength: 7_000_000 }),
    purpose: purposeArg,
    content_type: Type.Optional(contentTypeArg),
  }),
  output: StoredResult,
  handler: async (args, { services }) => services.storageUploadsService.uploadBase64(args),
});
