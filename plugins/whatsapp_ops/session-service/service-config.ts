import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { describeErrors } from '../../../core/index.js';

export const SessionServiceConfigSchema = Type.Object(
  {
    host: Type.String({ default: '127.0.0.1' }),
    port: Type.Integer({ minimum: 0, maximum: 65535, default: 3100 }),
    /** The address clients and phones reach; pairing links and QR URLs are built on it. */
    publicUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
    database: Type.Object(
      {
        /** The main server's database, so shop API tokens can be checked against its shops table. */
        url: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
        dataDir: Type.String({ default: './data/session-service' }),
        poolMax: Type.Integer({ minimum: 1, default: 8 }),
      },
      { additionalProperties: false, default: {} },
    ),
    bodyLimitBytes: Type.Integer({ minimum: 1024, default: 65_536 }),
    rateLimit: Type.Object(
      {
        /** Per session API key, and per shop for POST /sessions. */
        requestsPerWindow: Type.Integer({ minimum: 1, default: 120 }),
        /** Per client address, for the routes that need no key (QR, pairing links). */
        anonymousPerWindow: Type.Integer({ minimum: 1, default: 120 }),
        failedAttemptsPerWindow: Type.Integer({ minimum: 1, default: 20 }),
        windowSeconds: Type.Integer({ minimum: 1, default: 60 }),
      },
      { additionalProperties: false, default: {} },
    ),
    /**
     * Shared with the main server: signs the webhook deliveries and verifies the main server's
     * signed session creations. Without it only shop API tokens can create sessions.
     */
    sharedSecret: Type.Optional(Type.String({ minLength: 16 })),
    webhook: Type.Object(
      {
        /** The main server's webhook route; without it events stay queued until one is configured. */
        url: Type.Optional(Type.String({ pattern: '^https?://' })),
        timeoutMs: Type.Integer({ minimum: 100, default: 5000 }),
      },
      { additionalProperties: false, default: {} },
    ),
    signatureToleranceSeconds: Type.Integer({ minimum: 1, default: 300 }),
    /**
     * What answers behind the routes: the simulation, or WhatsApp Web through Baileys (installed
     * from this folder's own package.json).
     */
    engine: Type.Union([Type.Literal('sandbox'), Type.Literal('baileys')], { default: 'sandbox' }),
    /** The engine's instance name; rows of other engines in a shared database are never touched. */
    engineName: Type.String({ minLength: 1, maxLength: 40, default: 'session-service' }),
    sandbox: Type.Object(
      {
        deliveredAfterMs: Type.Integer({ minimum: 0, default: 1500 }),
        readAfterMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { default: 4000 }),
        pollIntervalMs: Type.Integer({ minimum: 10, default: 250 }),
        maxDeliveryAttempts: Type.Integer({ minimum: 1, default: 12 }),
      },
      { additionalProperties: false, default: {} },
    ),
    baileys: Type.Object(
      {
        /**
         * Seals the sessions' WhatsApp credentials and signal keys at rest (≥ 16 characters).
         * Required by the baileys engine; losing it means pairing every session again.
         */
        authSecret: Type.Optional(Type.String({ minLength: 16 })),
        /** What the phone lists under Linked devices. */
        browserName: Type.String({ minLength: 1, maxLength: 40, default: 'Switchboard' }),
        /** The least time between two sends of one session, plus up to sendJitterMs at random. */
        sendIntervalMs: Type.Integer({ minimum: 0, default: 3000 }),
        sendJitterMs: Type.Integer({ minimum: 0, default: 4000 }),
        /** A send that would wait longer than this for its slot is answered 429 instead. */
        maxSendWaitMs: Type.Integer({ minimum: 0, default: 10_000 }),
        reconnectBaseMs: Type.Integer({ minimum: 1, default: 2000 }),
        reconnectMaxMs: Type.Integer({ minimum: 1, default: 300_000 }),
        qrWaitMs: Type.Integer({ minimum: 0, default: 15_000 }),
        resumeStaggerMs: Type.Integer({ minimum: 0, default: 500 }),
        /** The library's own log lines, below the service's level. */
        logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'warn' }),
      },
      { additionalProperties: false, default: {} },
    ),
    logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  },
  { additionalProperties: false },
);

export type SessionServiceConfig = Static<typeof SessionServiceConfigSchema>;

const validator = Compile(SessionServiceConfigSchema);

/** Environment first, then explicit overrides (tests); validated, defaulted and frozen once. */
export function loadSessionServiceConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Record<string, unknown> = {},
): Readonly<SessionServiceConfig> {
  const [database, rateLimit, webhook, sandbox, baileys]: Record<string, unknown>[] = [{}, {}, {}, {}, {}];
  const raw: Record<string, unknown> = { database, rateLimit, webhook, sandbox, baileys };
  const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const set = (target: Record<string, unknown>, key: string, value: unknown) =>
    value !== undefined && (target[key] = value);
  set(raw, 'host', env.SESSION_SERVICE_HOST);
  set(raw, 'port', num(env.SESSION_SERVICE_PORT));
  set(raw, 'publicUrl', env.SESSION_SERVICE_PUBLIC_URL);
  set(database, 'url', env.DATABASE_URL);
  set(database, 'dataDir', env.SESSION_SERVICE_DATA_DIR);
  set(raw, 'bodyLimitBytes', num(env.SESSION_SERVICE_BODY_LIMIT));
  set(rateLimit, 'requestsPerWindow', num(env.SESSION_SERVICE_RATE_LIMIT));
  set(raw, 'sharedSecret', env.SESSION_SERVICE_SHARED_SECRET);
  set(webhook, 'url', env.SESSION_SERVICE_WEBHOOK_URL);
  set(sandbox, 'deliveredAfterMs', num(env.SANDBOX_DELIVERED_AFTER_MS));
  if (env.SANDBOX_READ_AFTER_MS !== undefined)
    sandbox.readAfterMs = env.SANDBOX_READ_AFTER_MS === 'never' ? null : num(env.SANDBOX_READ_AFTER_MS);
  set(raw, 'engine', env.SESSION_SERVICE_ENGINE);
  set(baileys, 'authSecret', env.SESSION_SERVICE_AUTH_SECRET);
  set(baileys, 'browserName', env.BAILEYS_BROWSER_NAME);
  set(baileys, 'sendIntervalMs', num(env.BAILEYS_SEND_INTERVAL_MS));
  set(baileys, 'sendJitterMs', num(env.BAILEYS_SEND_JITTER_MS));
  set(baileys, 'maxSendWaitMs', num(env.BAILEYS_MAX_SEND_WAIT_MS));
  set(baileys, 'logLevel', env.BAILEYS_LOG_LEVEL);
  set(raw, 'logLevel', env.LOG_LEVEL);
  const merged = Value.Default(SessionServiceConfigSchema, deepMerge(raw, overrides));
  if (!validator.Check(merged)) {
    throw new Error(
      `invalid session service configuration: ${describeErrors(validator.Errors(merged))
        .map((e) => `${e.path} ${e.message}`)
        .join('; ')}`,
    );
  }
  if (merged.webhook.url && !merged.sharedSecret) {
    throw new Error(
      'invalid session service configuration: webhook.url needs sharedSecret (SESSION_SERVICE_SHARED_SECRET) to sign deliveries',
    );
  }
  if (merged.engine === 'baileys' && !merged.baileys.authSecret) {
    throw new Error(
      'invalid session service configuration: the baileys engine needs baileys.authSecret (SESSION_SERVICE_AUTH_SECRET, at least 16 characters) to seal WhatsApp credentials at rest',
    );
  }
  return deepFreeze(merged);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? deepMerge(current, value) : value;
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
