import { definePlugin } from '../../core/index.js';
import { ProductsConfig } from './config.js';
import { productsErrors } from './errors.js';
import { Product } from './entities/product.entity.js';
import { ProductVariant } from './entities/product-variant.entity.js';
import { ProductSyncRun } from './entities/product-sync-run.entity.js';
import { ProductQuestion } from './entities/product-question.entity.js';
import { ProductWord } from './entities/product-word.entity.js';
import { ProductsInit } from './migrations/0001-init.js';
import { ProductsWords } from './migrations/0002-words.js';
import { ProductsNotifiedVia } from './migrations/0003-notified-via.js';
import { ProductsTenantIndexesCovered } from './migrations/0004-tenant-indexes-covered.js';
import { CatalogStore } from './services/catalog/catalog-store.js';
import { ProductsService } from './services/catalog/products-service.js';
import { ProductSearchService } from './services/catalog/search-service.js';
import { ProductSyncService } from './services/sync/sync-service.js';
import { ProductSyncWorker } from './services/sync/sync-worker.js';
import { ProductQuestionsService } from './services/questions/questions-service.js';
import { ProductAvailabilityService } from './services/availability/availability-service.js';
import { productListeners } from './services/listeners.js';
import { resumeProductSyncs } from './jobs/resume-product-syncs.js';
import { syncProducts } from './tools/sync-products.js';
import { getProductSyncStatus } from './tools/get-product-sync-status.js';
import { listProducts } from './tools/list-products.js';
import { searchProducts } from './tools/search-products.js';
import { getProduct } from './tools/get-product.js';
import { updateProductNotes } from './tools/update-product-notes.js';
import { checkProductAvailability } from './tools/check-product-availability.js';
import { submitProductQuestion } from './tools/submit-product-question.js';
import { listProductQuestions } from './tools/list-product-questions.js';
import { answerProductQuestion } from './tools/answer-product-question.js';
import { updateProductQuestion } from './tools/update-product-question.js';
import { deleteProductQuestion } from './tools/delete-product-question.js';

/**
 * products: the shop's catalogue, synced from its storefront through the integrations
 * connector — full and incremental runs page by page with a resumable cursor, deletions only
 * after a complete full run, the change feed's product events — searchable with typos and without
 * accents on both engines, with the shop's own notes for the assistant; customers' product
 * questions, answered to them over the messaging line and published as the product's FAQs.
 */
export default definePlugin({
  name: 'products',
  version: '1.0.0',
  description:
    'The storefront catalogue synced into the shop: resumable full and incremental syncs, typo-tolerant search, product details with variants and stock, the shop’s notes for the assistant.',
  kernel: '^1.0.0',
  servicePrefix: 'product',
  dependencies: ['integrations'],
  configSchema: ProductsConfig,
  entities: [Product, ProductVariant, ProductSyncRun, ProductQuestion, ProductWord],
  optionalDependencies: ['whatsapp_ops', 'email'],
  migrations: [
    { name: '0001-init', class: ProductsInit },
    { name: '0002-words', class: ProductsWords },
    { name: '0003-notified-via', class: ProductsNotifiedVia },
    { name: '0004-tenant-indexes-covered', class: ProductsTenantIndexesCovered },
  ],
  services: {
    productCatalogStore: CatalogStore,
    productsService: ProductsService,
    productSearch: ProductSearchService,
    productSync: ProductSyncService,
    productQuestions: ProductQuestionsService,
    productAvailability: ProductAvailabilityService,
  },
  errors: productsErrors,
  tools: [
    syncProducts,
    getProductSyncStatus,
    listProducts,
    searchProducts,
    getProduct,
    updateProductNotes,
    checkProductAvailability,
    submitProductQuestion,
    listProductQuestions,
    answerProductQuestion,
    updateProductQuestion,
    deleteProductQuestion,
  ],
  jobs: [resumeProductSyncs],
  on: productListeners,
  setup: ({ provide, withShop, log }) => {
    provide('productSyncWorker', new ProductSyncWorker(withShop, log));
  },
});
