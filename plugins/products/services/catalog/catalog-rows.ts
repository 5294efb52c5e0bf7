import { createHash } from 'node:crypto';
import type SanitizeHtml from 'sanitize-html';
import { loadAtFirstUse } from '../../../../core/index.js';
import type { StoreProduct } from '../../../integrations/surface.js';

/** A product as one row of the catalogue upsert (snake_case: jsonb_to_recordset reads it so). */
export interface ProductRow {
  external_id: string;
  handle: string | null;
  title: string;
  description_html: string | null;
  brand: string | null;
  product_type: string | null;
  tags: string[];
  status: 'active' | 'draft' | 'archived';
  url: string | null;
  images: string[];
  price_min: string | null;
  price_max: string | null;
  in_stock: boolean;
  total_stock: number | null;
  translations: StoreProduct['translations'];
  search_source: string;
  external_updated_at: string | null;
  content_hash: string;
  variants: StoreProduct['variants'];
}

// Loaded by the first catalogue sync: ~2 MB of heap a server without a store never needs.
const sanitizer = loadAtFirstUse<typeof SanitizeHtml>(import.meta.url, 'sanitize-html');

/** Descriptions come from a store's editor: what a product page may show, no scripts or handlers. */
function clean(html: string | null): string | null {
  if (!html) return null;
  const sanitizeHtml = sanitizer();
  return sanitizeHtml(html, { allowedTags: sanitizeHtml.defaults.allowedTags, allowedAttributes: { a: ['href'] } });
}

const byPrice = (a: string, b: string) => Number(a) - Number(b);

export function productRow(p: StoreProduct): ProductRow {
  const prices = p.variants
    .map((v) => v.price)
    .filter((x): x is string => x !== null && x !== '')
    .sort(byPrice);
  const stocks = p.variants.map((v) => v.stock).filter((s): s is number => s !== null);
  const translations = Object.fromEntries(
    Object.entries(p.translations).map(([locale, t]) => [
      locale,
      { ...t, descriptionHtml: clean(t.descriptionHtml ?? null) ?? undefined },
    ]),
  );
  const row: Omit<ProductRow, 'content_hash'> = {
    external_id: p.externalId,
    handle: p.handle,
    title: p.title,
    description_html: clean(p.descriptionHtml),
    brand: p.brand,
    product_type: p.productType,
    tags: p.tags,
    status: p.status,
    url: p.url,
    images: p.images,
    price_min: prices[0] ?? null,
    price_max: prices.at(-1) ?? null,
    in_stock: p.variants.some((v) => v.available),
    total_stock: stocks.length > 0 ? stocks.reduce((a, b) => a + b, 0) : null,
    translations,
    search_source: [
      p.title,
      ...Object.values(p.translations).map((t) => t.title ?? ''),
      p.brand ?? '',
      p.productType ?? '',
      ...p.tags,
      ...p.variants.flatMap((v) => [v.sku ?? '', v.barcode ?? '']),
    ]
      .filter(Boolean)
      .join(' '),
    external_updated_at: p.updatedAt,
    variants: p.variants,
  };
  // What the store says about the product, not when it was read: an unchanged product is skipped.
  const { external_updated_at: _at, ...content } = row;
  return { ...row, content_hash: createHash('sha1').update(JSON.stringify(content)).digest('hex') };
}
