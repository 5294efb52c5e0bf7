import { Type, type Static } from '../../core/index.js';

/**
 * inlineImportMaxRows: an import of at most this many rows completes inside the call; a larger one
 * is queued as a job. importChunkRows: rows checked, loaded and merged per step of an import.
 * importWorker: the in-process worker that runs queued imports (each server process runs one; they
 * share the queue through leases). maxStoredImportErrors: bad rows kept per import for
 * get_import_status (all are counted).
 * engine: the campaign sending engine each server process runs (see engine/campaign-engine.ts):
 * workers passes running at once in this process, pollMs between idle passes, claimBatch lines claimed per campaign and pass, sendBatch recipients
 * sent per transaction (through the send path's batch form), concurrency such transactions at
 * once, staleSendingSeconds before a row left in sending is reconciled. testPacingScale multiplies
 * every campaign's interval: tests shorten pacing with it; leave it at 1 anywhere else.
 * exportInlineMaxRows: export_campaign_csv answers inline up to this many rows, else with a
 * download link valid exportLinkTtlSeconds.
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
    engine: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        pollMs: Type.Integer({ minimum: 10, default: 500 }),
        workers: Type.Integer({ minimum: 1, maximum: 16, default: 3 }),
        claimBatch: Type.Integer({ minimum: 1, maximum: 5000, default: 1500 }),
        sendBatch: Type.Integer({ minimum: 1, maximum: 1000, default: 300 }),
        concurrency: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
        staleSendingSeconds: Type.Integer({ minimum: 1, default: 60 }),
        testPacingScale: Type.Number({ exclusiveMinimum: 0, maximum: 1, default: 1 }),
      },
      { additionalProperties: false, default: {} },
    ),
    exportInlineMaxRows: Type.Integer({ minimum: 0, default: 1000 }),
    exportLinkTtlSeconds: Type.Integer({ minimum: 60, maximum: 86_400, default: 900 }),
  },
  { additionalProperties: false },
);

export type MassMarketingConfig = Static<typeof MassMarketingConfig>;
