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

/**
 * PostgreSQL's own page cache inside the embedded engine. PGlite takes it from its WASM memory at
 * start (which never shrinks), so PostgreSQL's 128 MB default is ~120 MB of RSS; the files stay in
 * the OS page cache, so a miss costs a read from memory, not from disk.
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 32;

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
        maxBatchLength: Type.Integer({
          minimum: 1,
          maximum: 1_000,
          default: 100,
          description: 'The most messages one JSON-RPC batch may hold; a longer one is refused whole',
        }),
        compressMinBytes: Type.Integer({
          minimum: 0,
          default: 1024,
          description:
            'JSON answers of this many bytes or more are compressed (brotli or gzip) for clients that accept it; SSE answers always are',
        }),
        elicitationTimeoutSeconds: Type.Integer({
          minimum: 1,
          default: 300,
          description:
            'How long a call waits for the person to answer the client’s form or page (elicitation) before giving up',
        }),
        samplingTimeoutSeconds: Type.Integer({
          minimum: 1,
          default: 60,
          description: 'How long a call waits for the client’s model to answer (sampling) before giving up',
        }),
        trustProxy: Type.Union([Type.Boolean(), Type.Array(Type.String(), { minItems: 1 })], {
          default: false,
          description:
            'Whose X-Forwarded-For to believe for the client address: false (nobody, the default), true (any proxy), or the proxies’ addresses and CIDRs',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    database: Type.Object(
      {
        url: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
        dataDir: Type.String({ default: './data' }),
        migrateOnStart: Type.Boolean({ default: true }),
        poolMax: Type.Integer({ minimum: 1, default: 10 }),
        /** Connections for statements that commit on their own while a transaction waits for them (core/db/own-statements.ts). */
        ownStatementsPoolMax: Type.Integer({ minimum: 1, default: 4 }),
        createDemoShop: Type.Boolean({ default: true }),
        /** The embedded engine's shared_buffers (see core/db/embedded-postgres.ts). */
        embeddedSharedBuffersMb: Type.Integer({ minimum: 1, maximum: 1024, default: EMBEDDED_SHARED_BUFFERS_MB }),
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
      {
        ttlSeconds: Type.Integer({ minimum: 10, default: 600 }),
        retainDays: Type.Integer({
          minimum: 1,
          default: 30,
          description: 'Confirmations are deleted this many days after they were issued',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    tools: Type.Object(
      {
        pageSize: Type.Integer({ minimum: 0, default: 0, description: '0 = every tool on one page' }),
        checkOutput: Type.Boolean({
          default: false,
          description:
            'Check every answer against its tool’s output schema; a mismatch is answered as internal_error naming the fields (tests and development)',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    jobs: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        retainDays: Type.Integer({
          minimum: 1,
          default: 14,
          description: 'Job run records are deleted after this many days',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    retention: Type.Object(
      {
        batchSize: Type.Integer({
          minimum: 100,
          maximum: 50_000,
          default: 5_000,
          description: 'Rows one retention statement deletes; each batch is its own short transaction',
        }),
        maxBatchesPerRun: Type.Integer({
          minimum: 1,
          default: 200,
          description: 'Batches one table gets per retention run; the rest waits for the next run',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    credits: Type.Object(
      {
        lowBalance: Type.Integer({
          minimum: 0,
          default: 10_000,
          description: 'A debit that takes a shop below this balance fires credits.low (once per crossing; 0: never)',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    metrics: Type.Object(
      {
        enabled: Type.Boolean({ default: true, description: 'Serve /metrics (Prometheus text) on the main port' }),
        allowFrom: Type.Array(Type.String({ minLength: 1 }), {
          default: [],
          description: 'Addresses or CIDRs that may read /metrics; empty: any address',
        }),
        token: Type.Optional(
          Type.String({ minLength: 16, description: 'When set, /metrics needs Authorization: Bearer <token>' }),
        ),
      },
      { additionalProperties: false, default: {} },
    ),
    redis: Type.Object(
      {
        url: Type.Optional(
          Type.String({
            pattern: '^rediss?://',
            description: 'When set, the request and failed-auth limits are shared by every process through Redis',
          }),
        ),
        keyPrefix: Type.String({
          pattern: '^[A-Za-z0-9_:.-]+$',
          default: 'switchboard',
          description: 'Prefix of the keys the limits keep in Redis (deployments sharing one Redis tell theirs apart)',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    outbox: Type.Object(
      {
        pollMs: Type.Integer({
          minimum: 10,
          default: 1_000,
          description: 'How often the relay looks for due messages when no commit woke it',
        }),
        batchSize: Type.Integer({
          minimum: 1,
          maximum: 1_000,
          default: 100,
          description: 'Messages one relay pass claims',
        }),
        concurrency: Type.Integer({
          minimum: 1,
          maximum: 64,
          default: 8,
          description: 'Deliveries one relay runs at once',
        }),
        leaseMs: Type.Integer({
          minimum: 1_000,
          default: 120_000,
          description: 'How long a claim holds a message from other relays',
        }),
        deliveryTimeoutMs: Type.Integer({
          minimum: 100,
          default: 30_000,
          description: 'A delivery running longer fails its attempt; below leaseMs',
        }),
        retryScheduleMs: Type.Array(Type.Integer({ minimum: 0 }), {
          maxItems: 50,
          // Svix's schedule: 8 attempts over about 27 hours.
          default: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
          description: 'Waits before attempts 2, 3, …, unless a group sets its own',
        }),
        retainDays: Type.Integer({
          minimum: 1,
          default: 14,
          description: 'Finished messages are deleted after this many days',
        }),
      },
      { additionalProperties: false, default: {} },
    ),
    network: Type.Object(
      {
        allowLoopback: Type.Boolean({
          default: false,
          description: 'Let shop-supplied URLs and hosts reach loopback addresses (tests and local fakes only)',
        }),
        trustedCaPem: Type.Optional(
          Type.String({
            minLength: 1,
            description:
              'Certificates (PEM) trusted for HTTPS to shop-supplied URLs besides the system’s: a private CA, or the tests’ local receivers',
          }),
        ),
      },
      { additionalProperties: false, default: {} },
    ),
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
