import type { ProductQuestion } from '../entities/product-question.entity.js';
import type { Product } from '../entities/product.entity.js';
import type { ProductSyncRun } from '../entities/product-sync-run.entity.js';
import type { ProductVariant } from '../entities/product-variant.entity.js';

export const productPayload = (p: Product) => ({
  product_id: p.id,
  platform_type: p.platformType,
  external_id: p.externalId,
  handle: p.handle ?? null,
  title: p.title,
  brand: p.brand ?? null,
  product_type: p.productType ?? null,
  tags: p.tags,
  status: p.status,
  url: p.url ?? null,
  image: p.images[0] ?? null,
  price_min: p.priceMin ?? null,
  price_max: p.priceMax ?? null,
  currency: p.currency ?? null,
  in_stock: p.inStock,
  total_stock: p.totalStock ?? null,
  ai_notes: p.aiNotes ?? null,
  hidden_from_ai: p.hiddenFromAi,
  store_updated_at: p.externalUpdatedAt?.toISOString() ?? null,
  synced_at: p.syncedAt.toISOString(),
});

export const variantPayload = (v: ProductVariant) => ({
  variant_id: v.externalId,
  sku: v.sku ?? null,
  barcode: v.barcode ?? null,
  title: v.title ?? null,
  options: v.options,
  price: v.price ?? null,
  stock: v.stock ?? null,
  available: v.available,
});

export const syncRunPayload = (r: ProductSyncRun) => ({
  sync_run_id: r.id,
  platform_type: r.platformType,
  mode: r.mode,
  status: r.status,
  since: r.since?.toISOString() ?? null,
  pages: r.pages,
  read: r.read,
  created: r.created,
  updated: r.updated,
  deleted: r.deleted,
  error: r.error ?? null,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  duration_ms: (r.finishedAt ?? new Date()).getTime() - r.startedAt.getTime(),
});

export const questionPayload = (q: ProductQuestion) => ({
  question_id: q.id,
  product_id: q.productId,
  question: q.question,
  answer: q.answer ?? null,
  status: q.status,
  source: q.source,
  customer_name: q.customerName ?? null,
  phone: q.phone ?? null,
  email: q.email ?? null,
  locale: q.locale ?? null,
  duplicates: q.duplicates,
  answered_at: q.answeredAt?.toISOString() ?? null,
  published_at: q.publishedAt?.toISOString() ?? null,
  notified_at: q.notifiedAt?.toISOString() ?? null,
  notified_via: q.notifiedVia ?? null,
  notify_error: q.notifyError ?? null,
  created_at: q.createdAt.toISOString(),
});
