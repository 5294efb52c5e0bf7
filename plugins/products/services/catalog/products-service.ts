import { invalidArguments, notFound, type Paging, type Services } from '../../../../core/index.js';
import { Product } from '../../entities/product.entity.js';
import { ProductVariant } from '../../entities/product-variant.entity.js';
import type { ProductStatus } from '../../entities/values.js';

export interface ProductFilter {
  status?: ProductStatus;
  inStock?: boolean;
  brand?: string;
  updatedSince?: Date;
}

export interface ProductKey {
  product_id?: number;
  external_id?: string;
  sku?: string;
  handle?: string;
}

/** The shop's catalogue as synced: lists with brand facets, one product by any of its keys, the shop's notes. */
export class ProductsService {
  constructor(private readonly deps: Services) {}

  async list(
    filter: ProductFilter,
    paging: Paging,
  ): Promise<{ products: Product[]; count: number; brands: { brand: string; count: number }[] }> {
    const { em, shop } = this.deps;
    const where = {
      shopId: shop.id,
      status: filter.status ?? { $ne: 'deleted' as const },
      ...(filter.inStock !== undefined && { inStock: filter.inStock }),
      ...(filter.brand && { brand: filter.brand }),
      ...(filter.updatedSince && { externalUpdatedAt: { $gte: filter.updatedSince } }),
    };
    const [products, count] = await em.findAndCount(Product, where, {
      orderBy: { title: 'asc', id: 'asc' },
      ...paging,
    });
    const brands = await em.getConnection().execute<{ brand: string; count: string }[]>(
      `select brand, count(*) as count from products where shop_id = ? and status <> 'deleted' and brand is not null
        group by brand order by count(*) desc, brand limit 50`,
      [shop.id],
    );
    return { products, count, brands: brands.map((b) => ({ brand: b.brand, count: Number(b.count) })) };
  }

  async get(key: ProductKey): Promise<{ product: Product; variants: ProductVariant[] }> {
    const { em, shop } = this.deps;
    let product: Product | null = null;
    if (key.product_id !== undefined) product = await em.findOne(Product, { shopId: shop.id, id: key.product_id });
    else if (key.external_id)
      product = await em.findOne(
        Product,
        { shopId: shop.id, externalId: key.external_id },
        { orderBy: { id: 'desc' } },
      );
    else if (key.handle)
      product = await em.findOne(Product, { shopId: shop.id, handle: key.handle, status: { $ne: 'deleted' } });
    else if (key.sku) {
      const variant = await em.findOne(ProductVariant, { shopId: shop.id, sku: key.sku });
      if (variant) product = await em.findOne(Product, { shopId: shop.id, id: variant.productId });
    } else
      throw invalidArguments('Give product_id, external_id, sku or handle.', [
        { path: '', message: 'a product key is required' },
      ]);
    if (!product) throw notFound('product', key.product_id ?? key.external_id ?? key.sku ?? key.handle);
    const variants = await em.find(
      ProductVariant,
      { shopId: shop.id, productId: product.id },
      { orderBy: { id: 'asc' } },
    );
    return { product, variants };
  }

  /** The shop's overlay the assistant reads; a sync never touches it. */
  async updateNotes(
    productId: number,
    changes: { ai_notes?: string | null; hidden_from_ai?: boolean },
  ): Promise<Product> {
    if (changes.ai_notes === undefined && changes.hidden_from_ai === undefined)
      throw invalidArguments('Nothing to change: give ai_notes or hidden_from_ai.', [
        { path: '', message: 'no field to change' },
      ]);
    const { product } = await this.get({ product_id: productId });
    if (changes.ai_notes !== undefined) product.aiNotes = changes.ai_notes?.trim() || null;
    if (changes.hidden_from_ai !== undefined) product.hiddenFromAi = changes.hidden_from_ai;
    await this.deps.em.flush();
    return product;
  }
}
