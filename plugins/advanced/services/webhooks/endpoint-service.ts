import type { AdvancedConfig } from '../../config.js';
import { invalidArguments, invalidState, type ServiceDeps } from '../../../../core/index.js';
import { WebhookEndpoint } from '../../entities/webhook-endpoint.entity.js';
import { availableTypes, TEST_EVENT_TYPE } from './event-catalogue.js';
import { checkHttpsUrl, type CheckedHttpsUrl } from '../https-url.js';

export interface WebhookSettings {
  webhook_enabled: boolean;
  webhook_url?: string;
  webhook_secret?: string;
  webhook_events?: string[];
}

/** What configure_webhooks will store, checked: the URL normalised, the events deduplicated. */
interface CheckedSettings {
  enabled: boolean;
  url?: string;
  secret?: string;
  events?: string[];
  /** About the URL, saved all the same (a name that does not resolve right now). */
  warnings: string[];
}

/** The secrets that sign a request now: the current one, and the previous one during its grace. */
export interface SigningKeys {
  url: string;
  secrets: string[];
}

/**
 * The shop's one webhook endpoint: configure_webhooks' partial update (every check made before a
 * confirmation is issued, and again when it runs), the secrets (sealed; the old one keeps signing
 * for a grace period after a rotation) and the endpoint's health.
 */
export class WebhookEndpointService {
  /** URLs checked in this call: the precheck, the summary and the confirmed run ask once each. */
  private readonly checkedUrls = new Map<string, Promise<CheckedHttpsUrl>>();

  constructor(private readonly deps: ServiceDeps<AdvancedConfig>) {}

  find(): Promise<WebhookEndpoint | null> {
    return this.deps.em.findOne(WebhookEndpoint, { shopId: this.deps.shop.id });
  }

  /** The event types this deployment offers (its enabled groups'), test events aside. */
  subscribable(): string[] {
    return availableTypes(this.deps.kernelCatalog.names())
      .map((t) => t.type)
      .filter((t) => t !== TEST_EVENT_TYPE);
  }

  /** The precheck: whatever the call would refuse, refused before the user is asked. */
  async check(settings: WebhookSettings, current?: WebhookEndpoint | null): Promise<CheckedSettings> {
    if (current === undefined) current = await this.find();
    const checked: CheckedSettings = { enabled: settings.webhook_enabled, warnings: [] };
    if (settings.webhook_url !== undefined) {
      const { url, warning } = await this.checkUrl(settings.webhook_url);
      checked.url = url;
      if (warning) checked.warnings.push(warning);
    }
    if (settings.webhook_secret !== undefined) checked.secret = settings.webhook_secret;
    if (settings.webhook_events !== undefined) checked.events = this.checkEvents(settings.webhook_events);
    if (checked.enabled) {
      const missing: { path: string; message: string }[] = [];
      if (!(checked.url ?? current?.url)) missing.push({ path: 'webhook_url', message: 'enabling needs a URL' });
      if (!(checked.secret ?? current?.secretSealed))
        missing.push({ path: 'webhook_secret', message: 'enabling needs a signing secret (16 characters or more)' });
      if ((checked.events ?? current?.events ?? []).length === 0)
        missing.push({ path: 'webhook_events', message: 'enabling needs at least one event type' });
      if (missing.length > 0)
        throw invalidArguments(`Webhooks cannot be enabled yet: ${missing.map((m) => m.message).join('; ')}.`, missing);
    }
    return checked;
  }

  /** What the shop should know about the URL it gives (for the confirmation's summary); null: nothing. */
  async urlWarning(url: string): Promise<string | null> {
    return (await this.checkUrl(url)).warning;
  }

  private checkUrl(url: string): Promise<CheckedHttpsUrl> {
    let checked = this.checkedUrls.get(url);
    if (!checked) {
      checked = checkHttpsUrl(this.deps.networkGuard, url, 'webhook_url');
      this.checkedUrls.set(url, checked);
    }
    return checked;
  }

  /** Applies a checked partial update; returns the endpoint, the fields that changed and the warnings. */
  async configure(
    settings: WebhookSettings,
  ): Promise<{ endpoint: WebhookEndpoint; changed: string[]; warnings: string[] }> {
    let endpoint = await this.find();
    const checked = await this.check(settings, endpoint);
    const { em, secrets, shop } = this.deps;
    if (!endpoint) {
      endpoint = em.create(WebhookEndpoint, {
        shopId: shop.id,
        enabled: false,
        url: null,
        secretSealed: null,
        previousSecretSealed: null,
        previousSecretUntil: null,
        events: [],
        status: 'active',
        failingSince: null,
        disabledAt: null,
      });
    }
    const changed: string[] = [];
    if (endpoint.enabled !== checked.enabled) changed.push('webhook_enabled');
    endpoint.enabled = checked.enabled;
    if (checked.enabled && endpoint.status !== 'active') {
      // Enabling again is how a shop says its receiver is back: the endpoint is healthy until it fails anew.
      endpoint.status = 'active';
      endpoint.disabledAt = null;
      changed.push('endpoint_status');
    }
    if (checked.enabled) endpoint.failingSince = null;
    if (checked.url !== undefined && checked.url !== endpoint.url) {
      endpoint.url = checked.url;
      changed.push('webhook_url');
    }
    if (checked.secret !== undefined) {
      const current = endpoint.secretSealed ? secrets.open(endpoint.secretSealed) : null;
      if (current !== checked.secret) {
        if (current !== null) {
          endpoint.previousSecretSealed = endpoint.secretSealed;
          endpoint.previousSecretUntil = new Date(Date.now() + this.deps.config.secretGraceMs);
        }
        endpoint.secretSealed = secrets.seal(checked.secret);
        changed.push('webhook_secret');
      }
    }
    if (checked.events !== undefined && JSON.stringify(checked.events) !== JSON.stringify(endpoint.events)) {
      endpoint.events = checked.events;
      changed.push('webhook_events');
    }
    await em.flush();
    return { endpoint, changed, warnings: checked.warnings };
  }

  /** Where and with what to sign now; null when there is nowhere to send. */
  signingKeys(endpoint: {
    url?: string | null;
    secretSealed?: string | null;
    previousSecretSealed?: string | null;
    previousSecretUntil?: Date | string | null;
  }): SigningKeys | null {
    if (!endpoint.url || !endpoint.secretSealed) return null;
    const { secrets } = this.deps;
    const keys = [secrets.open(endpoint.secretSealed)];
    const until = endpoint.previousSecretUntil ? new Date(endpoint.previousSecretUntil).getTime() : 0;
    if (endpoint.previousSecretSealed && until > Date.now()) keys.push(secrets.open(endpoint.previousSecretSealed));
    return { url: endpoint.url, secrets: keys };
  }

  async requireKeys(): Promise<SigningKeys> {
    const endpoint = await this.find();
    const keys = endpoint && this.signingKeys(endpoint);
    if (!keys)
      throw invalidState('No webhook URL and secret are configured: set them with configure_webhooks first.', {
        action: 'send',
      });
    return keys;
  }

  private checkEvents(events: readonly string[]): string[] {
    const valid = this.subscribable();
    const unknown = events.filter((e) => !valid.includes(e));
    if (unknown.length > 0)
      throw invalidArguments(
        `Unknown webhook event type${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Valid types: ${valid.join(', ')}.`,
        unknown.map((e) => ({ path: `webhook_events.${events.indexOf(e)}`, message: `unknown event type ${e}` })),
      );
    return [...new Set(events)];
  }
}
