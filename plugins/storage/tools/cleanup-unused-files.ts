import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { purposeFilterArg } from './args.js';
import { FileOutput } from './outputs.js';

export const cleanupUnusedFiles = defineTool({
  name: 'cleanup_unused_files',
  title: 'Clean up unused files',
  description:
    'Files no record uses, older than older_than_days, up to 1,000 per call: listed with dry_run (default), deleted with dry_run false.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    older_than_days: Type.Integer({ minimum: 1, maximum: 3650 }),
    purpose: Type.Optional(purposeFilterArg),
    dry_run: Type.Boolean({ default: true }),
  }),
  output: Type.Object({
    dry_run: Type.Boolean(),
    files: Type.Array(FileOutput),
    count: Type.Integer(),
    bytes: Type.Integer(),
  }),
  handler: async ({ older_than_days, purpose, dry_run }, { services }) =>
    services.storageFilesService.cleanup(older_than_days, purpose, dry_run!),
});
