import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getStorageUsage = defineTool({
  name: 'get_storage_usage',
  title: 'Get storage usage',
  description: 'Bytes stored (each content once) against the quota, and files and bytes per purpose.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    used_bytes: Type.Integer(),
    quota_bytes: Nullable(Type.Integer({ description: 'null: no limit.' })),
    files: Type.Integer(),
    by_purpose: Type.Array(
      Type.Object(
        { purpose: Type.String(), files: Type.Integer(), bytes: Type.Integer() },
        { additionalProperties: false },
      ),
    ),
    adapter: Type.String({ description: 'local (the server’s disk) or s3.' }),
  }),
  handler: async (_args, { services }) => services.storageFilesService.usage(),
});
