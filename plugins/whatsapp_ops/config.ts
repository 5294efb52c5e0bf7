import { Type, type Static } from '../../core/index.js';

const SessionServiceConfig = Type.Object(
  {
    url: Type.String({ pattern: '^https?://', description: 'The direct session service ({vps_url}).' }),
    sharedSecret: Type.String({
      minLength: 16,
      description: "The service's SESSION_SERVICE_SHARED_SECRET: verifies its webhooks, signs session creations.",
    }),
    webhookPath: Type.String({
      pattern: '^/',
      default: '/webhooks/session-service',
      description:
        "Where this server receives the signed events (the service's SESSION_SERVICE_WEBHOOK_URL points here).",
    }),
    timeoutMs: Type.Integer({ minimum: 100, default: 10_000 }),
  },
  { additionalProperties: false },
);

const SandboxConfig = Type.Object(
  {
    /** Rows of other engine instances in a shared database are never touched (tests give each file its own). */
    engineName: Type.String({ minLength: 1, maxLength: 40, default: 'switchboard' }),
    deliveredAfterMs: Type.Integer({ minimum: 0, default: 1500 }),
    readAfterMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { default: 4000 }),
    pollIntervalMs: Type.Integer({ minimum: 10, default: 250 }),
  },
  { additionalProperties: false, default: {} },
);

const CloudApiConfig = Type.Object(
  {
    /** Meta's Graph API; a test points it at the local fake. */
    baseUrl: Type.String({ pattern: '^https?://', default: 'https://graph.facebook.com' }),
    /** Pinned in every path: a new version is a deliberate change, tested against its shapes. */
    graphVersion: Type.String({ pattern: '^v\\d+\\.\\d+$', default: 'v23.0' }),
    /** Per request. A send that passes it has an unknown outcome and is not sent again blindly. */
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000 }),
    /** Messages a second per number, counted across processes (Meta's default; it raises a number's up to 1,000). */
    messagesPerSecond: Type.Integer({ minimum: 1, maximum: 1000, default: 80 }),
    /** Between two messages from one number to one customer (Meta's pair rate, 131056); 0 paces none. */
    pairIntervalMs: Type.Integer({ minimum: 0, maximum: 60_000, default: 6000 }),
    /** A send refused for throughput (130429) or pair rate (131056) is tried again this many times … */
    throttleRetries: Type.Integer({ minimum: 0, maximum: 10, default: 3 }),
    /** … after this, then twice as long each time; then it waits for the retry job. */
    throttleBackoffMs: Type.Integer({ minimum: 10, maximum: 60_000, default: 1000 }),
    /** Inbound media larger than this is not kept (the network allows up to 100 MB documents). */
    mediaMaxBytes: Type.Integer({ minimum: 1024, default: 16_777_216 }),
    /**
     * Status and message notifications that arrive while earlier ones are being stored wait for
     * each other and are stored together, one transaction for the group (wiring/group-commit.ts):
     * what lets one-status notifications reach thousands a second. A notification is answered once
     * its group committed. When nothing is being stored a group goes at once; otherwise it goes
     * when the commit before it ends, when `maxNotifications` wait, or `maxWaitMs` after its first
     * (a commit slower than that, e.g. waiting on a lock, then gets a second group alongside).
     */
    webhookGroup: Type.Object(
      {
        maxNotifications: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
        maxWaitMs: Type.Integer({ minimum: 0, maximum: 1000, default: 20 }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false, default: {} },
);

/** The shops' own WAHA and Evolution API servers (configure_chatapp_provider). */
const SessionProvidersConfig = Type.Object(
  {
    /** Per request. A send that passes it has an unknown outcome and is not sent again blindly. */
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000 }),
    /** How long creating or connecting a line waits for the server's first QR. */
    qrWaitMs: Type.Integer({ minimum: 0, maximum: 60_000, default: 15_000 }),
  },
  { additionalProperties: false, default: {} },
);

/**
 * adapter: `sandbox` (default) runs the simulated network in-process; `session-service` talks to
 * the direct session service over HTTP and then needs `sessionService`.
 */
export const WhatsappOpsConfig = Type.Refine(
  Type.Object(
    {
      adapter: Type.Union([Type.Literal('sandbox'), Type.Literal('session-service')], { default: 'sandbox' }),
      sessionService: Type.Optional(SessionServiceConfig),
      sandbox: SandboxConfig,
      /** The shops' own Cloud API providers (configure_chatapp_provider) reach Meta with this. */
      cloudApi: CloudApiConfig,
      sessionProviders: SessionProvidersConfig,
      /** The contact window when the shop has not set its own (update_chatapp_eligibility_settings). */
      eligibilityWindowHours: Type.Integer({ minimum: 1, maximum: 720, default: 24 }),
      /** Credits per outbound message; campaigns pass their own cost. */
      messageCost: Type.Integer({ minimum: 0, default: 500 }),
      retainDays: Type.Object(
        {
          processedEvents: Type.Integer({ minimum: 1, default: 30 }),
          sandboxEvents: Type.Integer({ minimum: 1, default: 7 }),
          /** The send ledger of networks without idempotency keys: beyond the 24 h of retries. */
          sendAttempts: Type.Integer({ minimum: 2, default: 30 }),
        },
        { additionalProperties: false, default: {} },
      ),
    },
    { additionalProperties: false },
  ),
  (config: { adapter: string; sessionService?: unknown }) =>
    config.adapter !== 'session-service' || config.sessionService !== undefined,
  () => 'sessionService { url, sharedSecret } is required when adapter is "session-service"',
);

export type WhatsappOpsConfig = Static<typeof WhatsappOpsConfig>;
