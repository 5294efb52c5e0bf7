import type { SecretBox } from '../../../../core/index.js';
import type { WebhookEndpoint } from '../../entities/webhook-endpoint.entity.js';

/** How a receiver checks a delivery: shown with the configuration, so nobody has to guess. */
export const VERIFICATION = {
  stripe_style:
    'X-Switchboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")> (a second v1 during a secret rotation); Stripe’s verifyHeader accepts it.',
  standard_webhooks:
    'webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256(secret, "<id>.<t>.<raw body>")>; the standardwebhooks library verifies it with base64(secret) as the key.',
  tolerance_seconds: 300,
  deduplicate_on: 'the delivery id (X-Switchboard-Delivery, webhook-id, the envelope’s id): retries reuse it',
};

/** The configuration as tools show it: never the secret, only whether there is one and its last 4 characters. */
export function endpointPayload(endpoint: WebhookEndpoint | null, secrets: SecretBox) {
  const secret = endpoint?.secretSealed ? secrets.open(endpoint.secretSealed) : null;
  const graceUntil =
    endpoint?.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date()
      ? endpoint.previousSecretUntil.toISOString()
      : null;
  return {
    webhook_enabled: endpoint?.enabled ?? false,
    webhook_url: endpoint?.url ?? null,
    webhook_events: endpoint?.events ?? [],
    has_secret: secret !== null,
    secret_hint: secret === null ? null : `…${secret.slice(-4)}`,
    previous_secret_signs_until: graceUntil,
    endpoint_status: endpoint?.status ?? 'active',
    failing_since: endpoint?.failingSince?.toISOString() ?? null,
    disabled_at: endpoint?.disabledAt?.toISOString() ?? null,
    updated_at: endpoint?.updatedAt.toISOString() ?? null,
  };
}
