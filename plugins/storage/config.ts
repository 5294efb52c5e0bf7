import { Type, type Static } from '../../core/index.js';

export const StorageConfig = Type.Object(
  {
    adapter: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local' }),
    /** local: the folder files are kept in; default `files` in the server's data folder (DATA_DIR). */
    localDir: Type.Optional(Type.String({ minLength: 1 })),
    /** s3: any S3-compatible service (AWS, R2, MinIO…). */
    s3: Type.Object(
      {
        bucket: Type.String({ default: '' }),
        region: Type.String({ default: 'us-east-1' }),
        endpoint: Type.Optional(Type.String({ minLength: 1 })),
        accessKeyId: Type.Optional(Type.String({ minLength: 1 })),
        secretAccessKey: Type.Optional(Type.String({ minLength: 1 })),
        forcePathStyle: Type.Boolean({ default: false }),
      },
      { additionalProperties: false, default: {} },
    ),
    /** Bytes a shop may keep (distinct contents); 0: no limit. */
    quotaBytes: Type.Integer({ minimum: 0, default: 1_073_741_824 }),
    /** How long an upload URL stays valid. */
    uploadUrlMinutes: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
    /** The largest file upload_file_base64 takes (the rest goes through an upload URL). */
    maxBase64Bytes: Type.Integer({ minimum: 1024, maximum: 20_971_520, default: 5_242_880 }),
    /** Upload URLs never used are forgotten after this. */
    pendingRetentionDays: Type.Integer({ minimum: 1, maximum: 30, default: 1 }),
  },
  { additionalProperties: false, default: {} },
);

export type StorageConfig = Static<typeof StorageConfig>;
