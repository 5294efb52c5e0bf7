import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { fileIdArg } from './args.js';
import { UrlOutput } from './outputs.js';

export const getFileUrl = defineTool({
  name: 'get_file_url',
  title: 'Get file URL',
  description:
    "A signed link to read the file, valid expires_minutes: usable as a campaign's media_url or for a customer. HTML and SVG always download.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    file_id: fileIdArg,
    expires_minutes: Type.Integer({ minimum: 1, maximum: 10_080, default: 60 }),
    disposition: Type.Enum(['inline', 'attachment'], { default: 'inline' }),
  }),
  output: UrlOutput,
  handler: async ({ file_id, expires_minutes, disposition }, { services }) =>
    services.storageFilesService.url(file_id, expires_minutes!, disposition as 'inline' | 'attachment'),
});
