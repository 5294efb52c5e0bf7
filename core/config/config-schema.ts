import { Type, type Static } from 'typebox';

const GROUP_NAME = '^[a-z][a-z0-9_]*$';

const GroupEntry = Type.Object(
  {
    enabled: Type.Boolean({ default: true }),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    resolve: Type.Optional(Type.String({ minLength: 1, description: 'package name or path of a third-party group' })),
  },
  { additionalProperties: false },
);

export const ConfigSchema = Type.Object(
  {
    server: Type.Object(
      {
        host: Type.String({ default: '127.0.0.1' }),
        port: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
        bodyLimitBytes: Type.Integer({ minimum: 1024, default: 1_048_576 }),
        publicBaseUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
        allowedOrigins: Type.Array(Type.String(), { default: [] }),
        shutdownGraceMs: Type.Integer({ minimum: 0, default: 10_000 }),
      },
      { additionalProperties: false, default: {} },
    ),
    database: Type.Object(
      {
        url: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
        dataDir: Type.String({ default: './data' }),
        migrateOnStart: Type.Boolean({ default: true }),
        poolMax: Type.Integer({ minimum: 1, default: 10 }),
        createDemoShop: Type.Boolean({ default: true }),
      },
      { additionalProperties: false, default: {} },
    ),
    auth: Type.Object(
      {
        requestsPerWindow: Type.Integer({ minimum: 1, default: 600 }),
        windowSeconds: Type.Integer({ minimum: 1, default: 60 }),
        failedAttemptsPerWindow: Type.Integer({ minimum: 1, default: 20 }),
      },
      { additionalProperties: false, default: {} },
    ),
    confirmation: Type.Object(
      { ttlSeconds: Type.Integer({ minimum: 10, default: 600 }) },
      { additionalProperties: false, default: {} },
    ),
    tools: Type.Object(
      { pageSize: Type.Integer({ minimum: 0, default: 0, description: '0 = every tool on one page' }) },
      { additionalProperties: false, default: {} },
    ),
    jobs: Type.Object({ enabled: Type.Boolean({ default: true }) }, { additionalProperties: false, default: {} }),
    secret: Type.Optional(Type.String({ minLength: 16 })),
    logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
    // patternProperties alone would let a key that does not match (a typo such as "Tickets") pass unchecked.
    groups: Type.Record(Type.String({ pattern: GROUP_NAME }), GroupEntry, {
      default: {},
      propertyNames: { pattern: GROUP_NAME },
    }),
  },
  { additionalProperties: false },
);

export type SwitchboardConfig = Static<typeof ConfigSchema>;
export type GroupEntry = Static<typeof GroupEntry>;

/** What config files and tests may pass: any subset, merged over the defaults. */
export type ConfigOverrides = {
  [K in keyof SwitchboardConfig]?: SwitchboardConfig[K] extends Record<string, unknown>
    ? Partial<SwitchboardConfig[K]>
    : SwitchboardConfig[K];
};
