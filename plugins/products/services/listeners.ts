import type { Listeners } from '../../../core/index.js';

/**
 * The change feed of integrations: deleted products are marked at once; changed ones start an
 * incremental sync (or join the running one), which the resume job takes up within a minute. A
 * disconnect that asks for it drops the platform's catalogue.
 */
export const productListeners: Listeners = {
  'integrations.product_changed': async (event, { services }) => {
    if (event.deleted) await services.productCatalogStore.markDeleted(event.platform_type, event.external_ids);
    else if (await services.ecommerceConnections.find(event.platform_type))
      await services.productSync.start('incremental', event.platform_type);
  },
  'integrations.disconnected': async (event, { services }) => {
    if (event.purge_catalog) await services.productCatalogStore.purge(event.platform_type);
  },
};
