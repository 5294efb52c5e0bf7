import { definePlugin } from '../../core/index.js';
import { IntegrationsConfig } from './config.js';
import { integrationsErrors } from './errors.js';
import { EcommerceConnection } from './entities/ecommerce-connection.entity.js';
import { EcommerceEvent } from './entities/ecommerce-event.entity.js';
import { IntegrationsInit } from './migrations/0001-init.js';
import { IntegrationsTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { EcommerceConnectionsService } from './services/connections-service.js';
import { EcommerceLookupsService } from './services/lookups-service.js';
import { EcommerceLocalesService } from './services/locales-service.js';
import { EcommerceDiagnosticsService } from './services/diagnostics-service.js';
import { EcommerceFeedService } from './services/feed/feed-service.js';
import { StoreLanes } from './services/connectors/connector-factory.js';
import { ProbeMemo } from './services/probe-memo.js';
import { inboundHookRoute } from './routes/inbound-hook-route.js';
import { pollStorefronts } from './jobs/poll-storefronts.js';
import { connectEcommerce } from './tools/connect-ecommerce.js';
import { listEcommerceConnections } from './tools/list-ecommerce-connections.js';
import { getEcommerceConnection } from './tools/get-ecommerce-connection.js';
import { testEcommerceConnection } from './tools/test-ecommerce-connection.js';
import { updateEcommerceConnection } from './tools/update-ecommerce-connection.js';
import { disconnectEcommerce } from './tools/disconnect-ecommerce.js';
import { configureEcommerceLocales } from './tools/configure-ecommerce-locales.js';
import { getEcommerceLocales } from './tools/get-ecommerce-locales.js';
import { findEcommerceCustomer } from './tools/find-ecommerce-customer.js';
import { listEcommerceOrders } from './tools/list-ecommerce-orders.js';
import { getEcommerceOrder } from './tools/get-ecommerce-order.js';
import { getEcommerceSyncStatus } from './tools/get-ecommerce-sync-status.js';
import { syncEcommerceChanges } from './tools/sync-ecommerce-changes.js';
import { listEcommerceWebhookEvents } from './tools/list-ecommerce-webhook-events.js';
import { resyncEcommerceWebhooks } from './tools/resync-ecommerce-webhooks.js';

/**
 * integrations: the shop's storefront. One adapter per platform behind one connector port —
 * ecomA Shopify (Admin GraphQL, paced by query cost), ecomB WooCommerce (REST v3, Basic auth with
 * the query-string fallback), ecomC PrestaShop (Webservice, key as Basic user), ecomD VTEX (app
 * key and token) — each through the network guard with per-store lanes for rate limits.
 * Credentials are probed before a confirmation is issued and sealed; orders and customers are read
 * live; changes arrive by signed webhooks or by polling with an overlap, logged once per event id
 * and passed on as domain events.
 */
export default definePlugin({
  name: 'integrations',
  version: '1.0.0',
  description:
    'Storefront connections (Shopify, WooCommerce, PrestaShop, VTEX): sealed credentials checked against the store, live order and customer lookups, languages, and a change feed by signed webhooks or polling.',
  kernel: '^1.0.0',
  servicePrefix: 'ecommerce',
  configSchema: IntegrationsConfig,
  entities: [EcommerceConnection, EcommerceEvent],
  migrations: [
    { name: '0001-init', class: IntegrationsInit },
    { name: '0002-tenant-indexes-covered', class: IntegrationsTenantIndexesCovered },
  ],
  services: {
    ecommerceConnections: EcommerceConnectionsService,
    ecommerceLookups: EcommerceLookupsService,
    ecommerceLocales: EcommerceLocalesService,
    ecommerceDiagnostics: EcommerceDiagnosticsService,
    ecommerceFeed: EcommerceFeedService,
  },
  errors: integrationsErrors,
  tools: [
    connectEcommerce,
    listEcommerceConnections,
    getEcommerceConnection,
    testEcommerceConnection,
    updateEcommerceConnection,
    disconnectEcommerce,
    configureEcommerceLocales,
    getEcommerceLocales,
    findEcommerceCustomer,
    listEcommerceOrders,
    getEcommerceOrder,
    getEcommerceSyncStatus,
    syncEcommerceChanges,
    listEcommerceWebhookEvents,
    resyncEcommerceWebhooks,
  ],
  jobs: [pollStorefronts],
  retention: [{ table: 'ecommerce_events', column: 'received_at', days: (c) => c.eventRetentionDays }],
  setup: (setup) => {
    setup.provide('ecommerceStoreLanes', new StoreLanes());
    setup.provide('ecommerceProbeMemo', new ProbeMemo());
    inboundHookRoute(setup);
  },
});
