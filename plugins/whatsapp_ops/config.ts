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
      /** The contact window when the shop has not set its own (update_chatapp_eligibility_settings). */
      eligibilityWindowHours: Type.Integer({ minimum: 1, maximum: 720, default: 24 }),
      /** Credits per outbound message; campaigns pass their own cost. */
      messageCost: Type.Integer({ minimum: 0, default: 500 }),
      retainDays: Type.Object(
        {
          processedEvents: Type.Integer({ minimum: 1, default: 30 }),
          sandboxEvents: Type.Integer({ minimum: 1, default: 7 }),
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
