import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { contentTypeArg, filenameArg, purposeArg } from './args.js';
import { FileOutput } from './outputs.js';

export const createUploadUrl = defineTool({
  name: 'create_upload_url',
  title: 'Create upload URL',
  description:
    "A URL to PUT a file's bytes to (valid 15 minutes, any size the purpose allows). The bytes must match the declared type and size; the file is pending until they arrive.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    filename: filenameArg,
    content_type: contentTypeArg,
    size_bytes: Type.Integer({ minimum: 1, maximum: 104_857_600 }),
    purpose: purposeArg,
  }),
  output: Type.Object({
    file: FileOutput,
    upload_url: Type.String(),
    method: Type.Literal('PUT'),
    expires_at: Type.String(),
    max_bytes: Type.Integer(),
  }),
  handler: async (args, { services }) => services.storageUploadsService.createUploadUrl(args),
});
