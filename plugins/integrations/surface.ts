/** The integrations group as other groups see it: its services and its events. */
import type { EcommerceConnectionsService } from './services/connections-service.js';
import type { EcommerceLookupsService } from './services/lookups-service.js';
import type { EcommerceFeedService } from './services/feed/feed-service.js';
import type { EcommerceLocalesService } from './services/locales-service.js';
import type { EcommerceDiagnosticsService } from './services/diagnostics-service.js';
import type { StoreLanes } from './services/connectors/connector-factory.js';
import type { ProbeMemo } from './services/probe-memo.js';
import type { PlatformType } from './services/connectors/types.js';

export { PLATFORM_TYPES } from './services/connectors/types.js';
/** What a connector call throws when the store refuses or does not answer (`kind` says which). */
export { StoreError } from './services/connectors/store-error.js';
export type {
  PlatformType,
  StoreConnector,
  StoreProduct,
  StoreVariant,
  StoreOrder,
  StoreCustomer,
  ProductPage,
} from './services/connectors/types.js';

export interface IntegrationsConnected {
  platform_type: PlatformType;
  store_url: string;
  store_name: string;
  /** Whether it is now the connection the assistant uses. */
  enabled: boolean;
  /** An earlier connection of the same platform was replaced. */
  replaced: boolean;
}

export interface IntegrationsOrderChange {
  platform_type: PlatformType;
  order_id: string;
  /** The platform's topic (`orders/create`, `order.updated`, `order.invoiced`…). */
  topic: string;
  source: 'webhook' | 'poll';
}

declare module '../../core/index.js' {
  interface GroupServices {
    /** Connections: find(platform?) / require(platform?), connector(connection) for live reads. */
    ecommerceConnections: EcommerceConnectionsService;
    /** Live customers and orders by phone or email, one order checked against the customer asking. */
    ecommerceLookups: EcommerceLookupsService;
    ecommerceFeed: EcommerceFeedService;
    /** ecomA's locale settings, and resolve(connection, detected) for the language of a conversation. */
    ecommerceLocales: EcommerceLocalesService;
    ecommerceDiagnostics: EcommerceDiagnosticsService;
    /** Provided at setup: each store's lane (concurrency, rate-limit waits) in this process. */
    ecommerceStoreLanes: StoreLanes;
    /** Provided at setup. */
    ecommerceProbeMemo: ProbeMemo;
  }
  interface EventMap {
    /** A storefront was connected (or its connection replaced) with credentials the store accepted. */
    'integrations.connected': IntegrationsConnected;
    /** The connection and its credentials were removed. purge_catalog: the shop asked for its synced catalogue to go too. */
    'integrations.disconnected': { platform_type: PlatformType; purge_catalog: boolean };
    /** An order the store reported as new (webhook, or first seen by a poll within its window). */
    'integrations.order_created': IntegrationsOrderChange;
    /** An order the store reported as changed. */
    'integrations.order_updated': IntegrationsOrderChange;
    /** Products the store reported as changed, or deleted: the catalogue syncs just those. */
    'integrations.product_changed': {
      platform_type: PlatformType;
      external_ids: string[];
      deleted: boolean;
      source: 'webhook' | 'poll';
    };
  }
}
