import type { NetworkGuard } from '../../../../core/index.js';
import type { IntegrationsConfig } from '../../config.js';
import { vtexUrl, type StoreCredentials } from '../credentials.js';
import { PrestaShopConnector } from './prestashop-connector.js';
import { ShopifyConnector } from './shopify-connector.js';
import { ConnectionLane, StoreHttp } from './store-http.js';
import type { StoreConnector } from './types.js';
import { VtexConnector } from './vtex-connector.js';
import { WooCommerceConnector, type WooAuthMode } from './woocommerce-connector.js';

/** Concurrency per connection: Shopify and VTEX are paced by their own limits; Woo and PrestaShop hosts are fragile. */
const CONCURRENCY = { ecomA: 4, ecomB: 2, ecomC: 2, ecomD: 4 } as const;

/**
 * Lanes per connection in this process, so every call to one store shares its waits, its
 * concurrency and Shopify's cost bucket. Keyed by platform and store; a lane idle for ten
 * minutes is dropped.
 */
export class StoreLanes {
  private readonly lanes = new Map<string, { lane: ConnectionLane; usedAt: number }>();

  of(credentials: StoreCredentials): ConnectionLane {
    const key = `${credentials.platform} ${credentials.accountName ?? credentials.storeUrl}`;
    const now = Date.now();
    for (const [k, v] of this.lanes) if (now - v.usedAt > 600_000) this.lanes.delete(k);
    let entry = this.lanes.get(key);
    if (!entry) {
      entry = { lane: new ConnectionLane(CONCURRENCY[credentials.platform]), usedAt: now };
      this.lanes.set(key, entry);
    }
    entry.usedAt = now;
    return entry.lane;
  }
}

export interface ConnectorOptions {
  guard: NetworkGuard;
  lanes: StoreLanes;
  config: IntegrationsConfig;
  timeoutMs: number;
  timezone?: string | null;
  authMode?: WooAuthMode;
  onAuthMode?: (mode: WooAuthMode) => void;
}

/** The adapter for a connection's platform, with its credentials in the clear for the length of a call. */
export function connectorFor(credentials: StoreCredentials, options: ConnectorOptions): StoreConnector {
  const { config } = options;
  const http = new StoreHttp({
    platform: credentials.platform,
    guard: options.guard,
    lane: options.lanes.of(credentials),
    timeoutMs: options.timeoutMs,
    maxRetries: config.maxRetries,
    maxWaitMs: config.maxWaitMs,
  });
  const url = new URL(credentials.storeUrl);
  const s = credentials.secrets;
  switch (credentials.platform) {
    case 'ecomA':
      return new ShopifyConnector(
        http,
        url,
        s.token!,
        config.shopifyApiVersion,
        config.maxRetries,
        s.appSecret ?? null,
      );
    case 'ecomB':
      return new WooCommerceConnector(
        http,
        url,
        s.consumerKey!,
        s.consumerSecret!,
        options.authMode ?? 'header',
        options.onAuthMode ?? (() => {}),
      );
    case 'ecomC':
      return new PrestaShopConnector(http, url, s.apiKey!, options.timezone ?? null);
    case 'ecomD':
      return new VtexConnector(
        http,
        new URL(vtexUrl(config.vtexApiBase, credentials.accountName!, config.vtexEnvironment)),
        s.appKey!,
        s.appToken!,
      );
  }
}
