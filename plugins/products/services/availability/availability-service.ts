import type { Services, ToolContext } from '../../../../core/index.js';
import { StoreError } from '../../../integrations/surface.js';
import type { ProductKey } from '../catalog/products-service.js';
import type { ProductVariant } from '../../entities/product-variant.entity.js';

export interface Availability {
  product_id: number;
  live: boolean;
  stale: boolean;
  /** When the figures were read from the store. */
  checked_at: string;
  age_seconds: number;
  error: string | null;
  available: boolean;
  variants: {
    variant_id: string;
    sku: string | null;
    options: Record<string, string>;
    price: string | null;
    stock: number | null;
    available: boolean;
  }[];
}

const matches = (variant: Pick<ProductVariant, 'options'>, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) =>
    Object.entries(variant.options).some(
      ([n, v]) => n.toLowerCase() === name.toLowerCase() && v.toLowerCase() === value.toLowerCase(),
    ),
  );

/**
 * Stock now: the product read live from the store (and the catalogue refreshed with it), or, when
 * the store does not answer, the stored figures marked stale with their age.
 */
export class ProductAvailabilityService {
  constructor(private readonly deps: Services) {}

  async check(
    key: ProductKey,
    options: Record<string, string>,
    live: boolean,
    transaction: ToolContext['transaction'],
  ): Promise<Availability> {
    const { productsService, ecommerceConnections } = this.deps;
    let { product, variants } = await productsService.get(key);
    let error: string | null = null;
    let fresh = false;
    if (live) {
      const connection = await ecommerceConnections.find(product.platformType);
      if (!connection) error = 'the storefront is no longer connected';
      else
        try {
          const read = await ecommerceConnections.connector(connection).getProduct(product.externalId);
          if (read) {
            await transaction(({ services }) =>
              services.productCatalogStore.upsertPage(product.platformType, null, connection.currency ?? null, [read]),
            );
            ({ product, variants } = await productsService.get({ product_id: product.id }));
            fresh = true;
          } else error = 'the store no longer has this product';
        } catch (err) {
          if (!(err instanceof StoreError)) throw err;
          error = err.message;
        }
    }
    const chosen = variants.filter((v) => matches(v, options));
    const checkedAt = product.syncedAt;
    return {
      product_id: product.id,
      live: fresh,
      stale: live && !fresh,
      checked_at: checkedAt.toISOString(),
      age_seconds: Math.max(0, Math.round((Date.now() - checkedAt.getTime()) / 1000)),
      error,
      available: chosen.some((v) => v.available),
      variants: chosen.map((v) => ({
        variant_id: v.externalId,
        sku: v.sku ?? null,
        options: v.options,
        price: v.price ?? null,
        stock: v.stock ?? null,
        available: v.available,
      })),
    };
  }
}
