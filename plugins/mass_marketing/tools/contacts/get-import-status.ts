import { PagingArgs, Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { ImportStatus } from '../outputs.js';

export const getImportStatus = defineTool({
  name: 'get_import_status',
  title: 'Get import status',
  description: "An import's status, progress, counts and error, with a page of its bad rows.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ import_id: Type.Integer({ minimum: 1 }), ...PagingArgs }),
  output: ImportStatus,
  handler: async ({ import_id, limit, offset }, { services }) =>
    services.marketingContactImportsService.status(import_id, { limit: limit!, offset: offset! }),
});
