import { randomBytes } from 'node:crypto';
import type { IntegrationsConfig } from '../config.js';
import { invalidArguments, ToolError, type ToolContext, type ServiceDeps } from '../../../core/index.js';
import { EcommerceConnection } from '../entities/ecommerce-connection.entity.js';
import { connectorFor } from './connectors/connector-factory.js';
import { PLATFORM_NAMES, type PlatformType, type StoreConnector, type StoreInfo } from './connectors/types.js';
import { credentialsFrom, hintsOf, type StoreCredentials, type StoreSecrets } from './credentials.js';
import { againstStore, storeFailure } from './store-failure.js';
import { checkedLocales, type LocaleSettings } from './locale-rules.js';

export type Transaction = ToolContext['transaction'];

/** connect_ecommerce's arguments (the platform's fields, platform_enabled, the ecomA locale fields). */
export type ConnectArgs = { platform_type: PlatformType; platform_enabled?: string } & LocaleSettings &
  Record<string, unknown>;

export interface UpdateArgs {
  platform_type: PlatformType;
  platform_enabled?: string;
  [field: string]: unknown;
}

export const HOOK_PATH = '/integrations/hooks';

/** platform_enabled is a string in the spec: true/false and their usual spellings. */
export function enabledFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on', 'enabled'].includes(v)) return true;
  if (['false', '0', 'no', 'off', 'disabled'].includes(v)) return false;
  throw invalidArguments('platform_enabled is "true" or "false".', [
    { path: 'platform_enabled', message: 'not true or false' },
  ]);
}

/**
 * The shop's storefront connections: credentials checked against the store before anything is
 * stored (and before a confirmation is issued), sealed, replaced only by a confirmed connect; one
 * connection per platform, one of them enabled for the assistant; the platform's webhooks
 * registered where the platform and the server's public URL allow, polling otherwise.
 */
export class EcommerceConnectionsService {
  constructor(private readonly deps: ServiceDeps<IntegrationsConfig>) {}

  list(): Promise<EcommerceConnection[]> {
    return this.deps.em.find(EcommerceConnection, { shopId: this.deps.shop.id }, { orderBy: { platformType: 'asc' } });
  }

  /** The platform's connection, or the enabled one when none is named. */
  find(platform?: PlatformType): Promise<EcommerceConnection | null> {
    return this.deps.em.findOne(EcommerceConnection, {
      shopId: this.deps.shop.id,
      ...(platform ? { platformType: platform } : { enabled: true }),
    });
  }

  async require(platform?: PlatformType): Promise<EcommerceConnection> {
    const found = await this.find(platform);
    if (found) return found;
    throw new ToolError(
      'not_connected',
      platform
        ? `The shop has no ${PLATFORM_NAMES[platform]} (${platform}) connection: connect it with connect_ecommerce.`
        : 'The shop has no enabled storefront connection: connect one with connect_ecommerce.',
      { platform_type: platform ?? null },
    );
  }

  credentialsOf(connection: EcommerceConnection): StoreCredentials {
    return {
      platform: connection.platformType,
      storeUrl: connection.storeUrl,
      accountName: connection.accountName ?? null,
      secrets: JSON.parse(this.deps.secrets.open(connection.credentialsSealed)) as StoreSecrets,
    };
  }

  connector(connection: EcommerceConnection, timeoutMs = this.deps.config.requestTimeoutMs): StoreConnector {
    return this.connectorOf(
      this.credentialsOf(connection),
      timeoutMs,
      connection.timezone ?? null,
      connection.authMode,
    );
  }

  /** The store's identity, read with these credentials: connection_failed when it cannot be. */
  probe(credentials: StoreCredentials): Promise<StoreInfo> {
    const connector = this.connectorOf(credentials, this.deps.config.probeTimeoutMs, null);
    return againstStore('connection_failed', () => connector.probe());
  }

  /** connect_ecommerce's checks, all made before a confirmation is issued: fields, URL, credentials, locales. */
  async check(args: ConnectArgs): Promise<{ credentials: StoreCredentials; info: StoreInfo; enabled: boolean }> {
    const enabled = enabledFlag(args.platform_enabled) ?? true;
    const credentials = credentialsFrom(args, this.deps.config);
    // The probe goes through the network guard, which refuses an internal address (url_not_allowed).
    const info = await this.probe(credentials);
    checkedLocales(args, null, info.locales);
    this.deps.ecommerceProbeMemo.keep(this.deps.shop.id, args.platform_type, info);
    return { credentials, info, enabled };
  }

  /** The store the credentials reach, as the precheck found it a moment ago (the summary never sees the secrets). */
  probed(platform: PlatformType): StoreInfo | null {
    return this.deps.ecommerceProbeMemo.take(this.deps.shop.id, platform);
  }

  /**
   * Runs in the confirmed call's transaction (as create_email_account does): the store is asked
   * again, since the credentials may have changed since the first call, and nothing is stored
   * unless every step holds. The earlier connection's webhooks are removed from the store.
   */
  async connect(args: ConnectArgs): Promise<{ connection: EcommerceConnection; replaced: boolean }> {
    const { credentials, info, enabled } = await this.check(args);
    const { connection, replaced, oldHooks, oldCredentials } = await this.save(credentials, info, enabled, args);
    if (oldCredentials && oldHooks.length > 0) await this.removeHooks(oldCredentials, oldHooks).catch(() => undefined);
    return { connection: await this.registerHooks(connection), replaced };
  }

  /** Stores a checked connection in the caller's transaction (a new one, or the platform's replaced). */
  async save(
    credentials: StoreCredentials,
    info: StoreInfo,
    enabled: boolean,
    args: LocaleSettings,
  ): Promise<{
    connection: EcommerceConnection;
    replaced: boolean;
    oldHooks: EcommerceConnection['hooks'];
    oldCredentials: StoreCredentials | null;
  }> {
    const { em, secrets, events } = this.deps;
    const existing = await this.find(credentials.platform);
    const oldCredentials = existing ? this.credentialsOf(existing) : null;
    const oldHooks = existing?.hooks ?? [];
    const locales = checkedLocales(args, existing, info.locales);
    const connection =
      existing ??
      em.create(EcommerceConnection, {
        platformType: credentials.platform,
        hookKey: randomBytes(24).toString('base64url'),
        hooks: [],
      } as never);
    Object.assign(connection, {
      enabled,
      storeUrl: credentials.storeUrl,
      accountName: credentials.accountName,
      storeName: info.name,
      currency: info.currency?.slice(0, 3) ?? null,
      timezone: info.timezone,
      locales: info.locales,
      credentialsSealed: secrets.seal(JSON.stringify(credentials.secrets)),
      credentialHints: hintsOf(credentials.secrets),
      authMode: 'header',
      status: 'active',
      lastError: null,
      lastCheckedAt: new Date(),
      feedMode: 'polling',
      hooks: [],
      hooksError: null,
      hookSecretSealed: credentials.secrets.appSecret
        ? secrets.seal(credentials.secrets.appSecret)
        : secrets.seal(randomBytes(32).toString('base64url')),
      pollCursor: existing && existing.storeUrl === credentials.storeUrl ? existing.pollCursor : new Date(),
      ...locales,
    });
    if (enabled) await this.disableOthers(credentials.platform);
    await em.flush();
    await events.emit('integrations.connected', {
      platform_type: credentials.platform,
      store_url: credentials.storeUrl,
      store_name: info.name,
      enabled,
      replaced: existing !== null,
    });
    return { connection, replaced: existing !== null, oldHooks, oldCredentials };
  }

  /** update_ecommerce_connection: new credentials for the same store, probed first; the enabled flag. */
  async update(args: UpdateArgs): Promise<{ connection: EcommerceConnection; changed: string[] }> {
    const connection = await this.require(args.platform_type);
    const current = this.credentialsOf(connection);
    const secrets: StoreSecrets = { ...current.secrets };
    const changed: string[] = [];
    const set = (field: string, key: keyof StoreSecrets) => {
      const value = args[field];
      if (typeof value === 'string' && value.trim() !== '') {
        secrets[key] = value.trim();
        changed.push(field);
      }
    };
    set('ecomA_token', 'token');
    set('ecomA_webhook_secret', 'appSecret');
    set('ecomB_consumer_key', 'consumerKey');
    set('ecomB_consumer_secret', 'consumerSecret');
    set('ecomC_api_key', 'apiKey');
    set('ecomD_app_key', 'appKey');
    set('ecomD_app_token', 'appToken');
    const enabled = enabledFlag(args.platform_enabled);
    if (enabled !== undefined && enabled !== connection.enabled) changed.push('platform_enabled');
    if (changed.length === 0)
      throw invalidArguments('Nothing to change: give new credentials of this platform or platform_enabled.', [
        { path: '', message: 'no field to change' },
      ]);
    const credentials = { ...current, secrets };
    const credentialsChanged = changed.some((f) => f !== 'platform_enabled');
    const info = credentialsChanged ? await this.probe(credentials) : null;
    const saved = await this.apply(args.platform_type, credentials, info, enabled);
    // A new Shopify app secret makes webhooks possible (or changes what signs them).
    if (changed.includes('ecomA_webhook_secret')) {
      if (saved.hooks.length > 0) await this.removeHooks(credentials, saved.hooks).catch(() => undefined);
      return { connection: await this.registerHooks(saved), changed };
    }
    return { connection: saved, changed };
  }

  async apply(
    platform: PlatformType,
    credentials: StoreCredentials,
    info: StoreInfo | null,
    enabled: boolean | undefined,
  ): Promise<EcommerceConnection> {
    const connection = await this.require(platform);
    if (info) {
      Object.assign(connection, {
        credentialsSealed: this.deps.secrets.seal(JSON.stringify(credentials.secrets)),
        credentialHints: hintsOf(credentials.secrets),
        storeName: info.name,
        currency: info.currency?.slice(0, 3) ?? null,
        timezone: info.timezone,
        locales: info.locales,
        status: 'active',
        lastError: null,
        lastCheckedAt: new Date(),
        ...(credentials.secrets.appSecret && {
          hookSecretSealed: this.deps.secrets.seal(credentials.secrets.appSecret),
        }),
      });
    }
    if (enabled !== undefined) {
      connection.enabled = enabled;
      if (enabled) await this.disableOthers(platform);
    }
    await this.deps.em.flush();
    return connection;
  }

  /** disconnect_ecommerce: our webhooks removed from the store (best effort), then the connection and its credentials. */
  async disconnect(
    platform: PlatformType,
    purgeCatalog: boolean,
  ): Promise<{
    platform_type: PlatformType;
    store_url: string;
    webhooks_removed: number;
    webhook_error: string | null;
  }> {
    const connection = await this.require(platform);
    let webhookError: string | null = null;
    let removed = 0;
    if (connection.hooks.length > 0) {
      try {
        await this.removeHooks(this.credentialsOf(connection), connection.hooks);
        removed = connection.hooks.length;
      } catch (err) {
        webhookError = err instanceof Error ? err.message : String(err);
      }
    }
    await this.deps.em.remove(connection).flush();
    await this.deps.events.emit('integrations.disconnected', { platform_type: platform, purge_catalog: purgeCatalog });
    return {
      platform_type: platform,
      store_url: connection.storeUrl,
      webhooks_removed: removed,
      webhook_error: webhookError,
    };
  }

  /** Registers the platform's webhooks again (resync_ecommerce_webhooks), after removing ours. */
  async resyncHooks(platform: PlatformType): Promise<EcommerceConnection> {
    const connection = await this.require(platform);
    if (connection.hooks.length > 0)
      await againstStore('store_unavailable', () => this.removeHooks(this.credentialsOf(connection), connection.hooks));
    return this.registerHooks(connection, true);
  }

  callbackUrl(connection: EcommerceConnection): string {
    return `${this.deps.baseUrl()}${HOOK_PATH}/${connection.hookKey}`;
  }

  /** Whether a store can reach this server: its public URL is HTTPS, or the deployment says so. */
  canReceive(): boolean {
    const mode = this.deps.config.registerWebhooks;
    return mode === 'always' || (mode === 'when_public' && this.deps.baseUrl().startsWith('https://'));
  }

  private async registerHooks(connection: EcommerceConnection, strict = false): Promise<EcommerceConnection> {
    let hooks: EcommerceConnection['hooks'] | null = null;
    let error: string | null = null;
    if (this.canReceive()) {
      try {
        const secret = connection.hookSecretSealed ? this.deps.secrets.open(connection.hookSecretSealed) : '';
        hooks = await this.connector(connection).registerWebhooks(this.callbackUrl(connection), secret);
        if (!hooks)
          error =
            connection.platformType === 'ecomC'
              ? 'PrestaShop has no webhooks: changes are polled'
              : 'Shopify signs webhooks with the app’s client secret: set ecomA_webhook_secret with update_ecommerce_connection to receive them; changes are polled until then';
      } catch (err) {
        if (strict) throw storeFailure(err, 'store_unavailable');
        error = err instanceof Error ? err.message : String(err);
      }
    } else error = 'the server’s public URL is not HTTPS, so the store cannot call it: changes are polled';
    connection.hooks = hooks ?? [];
    connection.feedMode = hooks && hooks.length > 0 ? 'webhooks' : 'polling';
    connection.hooksError = error;
    await this.deps.em.flush();
    return connection;
  }

  private async removeHooks(credentials: StoreCredentials, hooks: EcommerceConnection['hooks']): Promise<void> {
    await this.connectorOf(credentials, this.deps.config.requestTimeoutMs, null).removeWebhooks(hooks);
  }

  private async disableOthers(platform: PlatformType): Promise<void> {
    for (const other of await this.deps.em.find(EcommerceConnection, {
      shopId: this.deps.shop.id,
      enabled: true,
      platformType: { $ne: platform },
    }))
      other.enabled = false;
  }

  private connectorOf(
    credentials: StoreCredentials,
    timeoutMs: number,
    timezone: string | null,
    authMode?: string,
  ): StoreConnector {
    const lanes = this.deps.ecommerceStoreLanes;
    const lane = lanes.of(credentials);
    return connectorFor(credentials, {
      guard: this.deps.networkGuard,
      lanes,
      config: this.deps.config,
      timeoutMs,
      timezone,
      authMode: lane.wooAuthMode ?? (authMode === 'query' ? 'query' : 'header'),
      onAuthMode: (mode) => {
        lane.wooAuthMode = mode;
      },
    });
  }
}
