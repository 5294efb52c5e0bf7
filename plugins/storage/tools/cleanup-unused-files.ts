import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { purposeArg } from './args.js';
import { FileOutput } from './outputs.js';

export const cleanupUnusedFiles = defineTool({
  name: 'cleanup_unused_files',
  title: 'Clean up unused files',
  description:
    'Files no record uses, created more than older_than_days ago (of one purpose if given), up to 1,000 per call. Lists them (dry_run, the default); with dry_run false deletes them.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    older_than_days: Type.Integer({ minimum: 1, maximum: 3650 }),
    purpose: Type.Optional(purposeArg),
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
