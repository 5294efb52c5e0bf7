import { Type, type Static } from '../../core/index.js';

/**
 * inlineImportMaxRows: an import of at most this many rows completes inside the call; a larger one
 * is queued as a job. importChunkRows: rows checked, loaded and merged per step of an import.
 * importWorker: the in-process worker that runs queued imports (each server process runs one; they
 * share the queue through leases). maxStoredImportErrors: bad rows kept per import for
 * get_import_status (all are counted).
 */
export const MassMarketingConfig = Type.Object(
  {
    inlineImportMaxRows: Type.Integer({ minimum: 1, default: 5000 }),
    importChunkRows: Type.Integer({ minimum: 100, maximum: 200_000, default: 20_000 }),
    maxStoredImportErrors: Type.Integer({ minimum: 0, default: 10_000 }),
    importWorker: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        pollMs: Type.Integer({ minimum: 10, default: 1000 }),
        leaseSeconds: Type.Integer({ minimum: 5, default: 120 }),
        maxAttempts: Type.Integer({ minimum: 1, default: 3 }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false },
);

export type MassMarketingConfig = Static<typeof MassMarketingConfig>;
