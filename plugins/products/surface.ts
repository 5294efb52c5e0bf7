/** The products group as other groups see it: its services and its events. */
import type { CatalogStore } from './services/catalog/catalog-store.js';
import type { ProductsService } from './services/catalog/products-service.js';
import type { ProductSearchService } from './services/catalog/search-service.js';
import type { ProductSyncService } from './services/sync/sync-service.js';
import type { ProductSyncWorker } from './services/sync/sync-worker.js';
import type { ProductQuestionsService } from './services/questions/questions-service.js';
import type { ProductAvailabilityService } from './services/availability/availability-service.js';
import type { PlatformType } from '../integrations/surface.js';

export interface ProductsSynced {
  sync_run_id: number;
  platform_type: PlatformType;
  mode: 'full' | 'incremental';
  created: number;
  updated: number;
  deleted: number;
}

declare module '../../core/index.js' {
  interface GroupServices {
    productCatalogStore: CatalogStore;
    /** The catalogue: list, get, notes. */
    productsService: ProductsService;
    /** search(query, options): typo-tolerant, accent-insensitive, SKU and barcode first. */
    productSearch: ProductSearchService;
    productSync: ProductSyncService;
    /** Customers' product questions; published(productId) is the product's FAQs (the product-QA widget's). */
    productQuestions: ProductQuestionsService;
    /** Stock now: live from the store, or the stored figures marked stale. */
    productAvailability: ProductAvailabilityService;
    /** Provided at setup: runs a sync's pages in this process. */
    productSyncWorker: ProductSyncWorker;
  }
  interface EventMap {
    /** A catalogue sync completed. */
    'products.synced': ProductsSynced;
  }
}
