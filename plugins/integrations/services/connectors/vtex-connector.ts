import { StoreError } from './store-error.js';
import type { StoreHttp, StoreResponse } from './store-http.js';
import type {
  VtexClient,
  VtexError,
  VtexInventory,
  VtexOrder,
  VtexOrderList,
  VtexOrderSummary,
  VtexPrice,
  VtexProduct,
  VtexProductAndSkuIds,
  VtexSalesChannel,
  VtexSku,
} from './vtex-wire.js';
import type {
  ChangeBatch,
  OrderQuery,
  OrderStatus,
  ProductPage,
  RegisteredHook,
  StoreConnector,
  StoreCustomer,
  StoreInfo,
  StoreOrder,
  StoreProduct,
} from './types.js';

/** The header VTEX's order hook sends back to us, with the secret we generated. */
export const VTEX_HOOK_HEADER = 'x-switchboard-hook-secret';
/** GetProductAndSkuIds pages; the search API would stop at 2,500, this one does not. */
const ID_PAGE = 50;
const HOOK_STATUSES = ['order-created', 'payment-approved', 'ready-for-handling', 'invoiced', 'canceled'];
const STATUS: Record<string, OrderStatus> = {
  'order-created': 'pending',
  'waiting-for-sellers-confirmation': 'pending',
  'payment-pending': 'pending',
  'payment-approved': 'processing',
  'ready-for-handling': 'processing',
  'start-handling': 'processing',
  handling: 'processing',
  'window-to-cancel': 'processing',
  invoice: 'processing',
  invoiced: 'shipped',
  'cancellation-requested': 'cancelled',
  canceled: 'cancelled',
  cancel: 'cancelled',
};
const cents = (value: unknown) => (typeof value === 'number' ? (value / 100).toFixed(2) : null);
const ORDER_STATUS_FILTER: Partial<Record<OrderStatus, string>> = {
  pending: 'payment-pending',
  processing: 'ready-for-handling',
  shipped: 'invoiced',
  cancelled: 'canceled',
};

function toOrder(o: VtexOrder): StoreOrder {
  const client = o.clientProfileData ?? {};
  return {
    externalId: o.orderId,
    number: String(o.sequence ?? o.orderId),
    createdAt: o.creationDate ?? null,
    updatedAt: o.lastChange ?? null,
    platformStatus: o.status,
    status: STATUS[o.status] ?? 'processing',
    paymentStatus: o.status === 'payment-pending' ? 'pending' : STATUS[o.status] === 'cancelled' ? null : 'paid',
    fulfillmentStatus: o.status === 'invoiced' ? 'invoiced' : null,
    currency: o.storePreferencesData?.currencyCode ?? o.currencyCode ?? null,
    total: cents(o.value ?? o.totalValue),
    customer: {
      externalId: client.userProfileId ?? null,
      name: [client.firstName, client.lastName].filter(Boolean).join(' ') || o.clientName || null,
      email: client.email ?? null,
      phone: client.phone ?? null,
    },
    items: (o.items ?? []).map((i) => ({
      title: i.name,
      sku: i.refId ?? null,
      quantity: i.quantity,
      unitPrice: cents(i.sellingPrice ?? i.price),
    })),
    tracking: (o.packageAttachment?.packages ?? []).map((p) => ({
      company: p.courier ?? null,
      number: p.trackingNumber ?? null,
      url: p.trackingUrl ?? null,
    })),
  };
}

/**
 * ecomD as VTEX: the app key and token headers on the account's API host. Catalogue reads go
 * through GetProductAndSkuIds (the search API stops at 2,500 products), then each product and SKU
 * with its price and inventory; 429 waits Retry-After (the shared client). Orders come from OMS;
 * changes are pushed by the orders hook, which carries a secret header we generated.
 */
export class VtexConnector implements StoreConnector {
  readonly platform = 'ecomD' as const;
  private readonly brands = new Map<number, string | null>();

  constructor(
    private readonly http: StoreHttp,
    private readonly apiBase: URL,
    private readonly appKey: string,
    private readonly appToken: string,
  ) {}

  async probe(): Promise<StoreInfo> {
    const channels = (await this.get('/api/catalog_system/pvt/saleschannel/list')).json<VtexSalesChannel[]>();
    const active = channels.filter((c) => c.IsActive !== false);
    const main = active[0] ?? channels[0];
    if (!main) throw new StoreError('ecomD', 'bad_response', 'the VTEX account has no sales channel');
    const ids = (
      await this.get('/api/catalog_system/pvt/products/GetProductAndSkuIds', { _from: '1', _to: '1' })
    ).json<VtexProductAndSkuIds>();
    const cultures = [...new Set(active.map((c) => String(c.CultureInfo)).filter(Boolean))];
    return {
      name: main.Name,
      currency: main.CurrencyCode ?? null,
      timezone: main.TimeZone ?? null,
      locales: cultures.map((code, i) => ({ code, name: null, primary: i === 0, published: true })),
      productCount: ids.range?.total ?? null,
    };
  }

  async missingPermissions(): Promise<string[]> {
    const checks: [string, string, Record<string, string>][] = [
      ['Catalog', '/api/catalog_system/pvt/products/GetProductAndSkuIds', { _from: '1', _to: '1' }],
      ['OMS', '/api/oms/pvt/orders', { per_page: '1' }],
      ['Master Data', '/api/dataentities/CL/search', { _fields: 'id', _size: '1' }],
    ];
    const missing: string[] = [];
    for (const [name, path, query] of checks) {
      try {
        await this.get(path, query);
      } catch (err) {
        if (err instanceof StoreError && err.kind === 'permission') missing.push(name);
        else throw err;
      }
    }
    return missing;
  }

  async findCustomers(by: { phone?: string; email?: string }): Promise<StoreCustomer[]> {
    const rows = (
      await this.get('/api/dataentities/CL/search', {
        ...(by.email ? { email: by.email } : { phone: by.phone! }),
        _fields: 'id,userId,firstName,lastName,email,phone',
      })
    ).json<VtexClient[]>();
    return rows.map((c) => ({
      externalId: String(c.userId ?? c.id),
      name: [c.firstName, c.lastName].filter(Boolean).join(' ') || null,
      email: c.email ?? null,
      phone: c.phone ?? null,
      ordersCount: null,
    }));
  }

  async listOrders(query: OrderQuery): Promise<StoreOrder[]> {
    const params: Record<string, string> = {
      per_page: String(Math.min(query.limit, 100)),
      page: '1',
      orderBy: 'creationDate,desc',
    };
    if (query.status && ORDER_STATUS_FILTER[query.status]) params.f_status = ORDER_STATUS_FILTER[query.status]!;
    if (query.dateFrom || query.dateTo)
      params.f_creationDate = `creationDate:[${(query.dateFrom ?? new Date(0)).toISOString()} TO ${(query.dateTo ?? new Date()).toISOString()}]`;
    // OMS searches orders by email, not phone: the phone's customers in Master Data give the emails.
    const emails = query.email
      ? [query.email]
      : query.phone
        ? [
            ...new Set(
              (await this.findCustomers({ phone: query.phone }))
                .map((c) => c.email)
                .filter((e): e is string => Boolean(e)),
            ),
          ]
        : [null];
    if (emails.length === 0) return [];
    const list: VtexOrderSummary[] = [];
    for (const email of emails)
      list.push(
        ...((await this.get('/api/oms/pvt/orders', email ? { ...params, q: email } : params)).json<VtexOrderList>()
          .list ?? []),
      );
    list.sort((a, b) => String(b.creationDate).localeCompare(String(a.creationDate)));
    // The list is a summary; the lookup's answer needs items and tracking.
    const orders = await Promise.all(list.slice(0, query.limit).map((o) => this.getOrder({ id: o.orderId })));
    return orders.filter(
      (o): o is StoreOrder => o !== null && (!query.customerId || o.customer.externalId === query.customerId),
    );
  }

  async getOrder(by: { id?: string; number?: string }): Promise<StoreOrder | null> {
    let id = by.id;
    if (!id) {
      const list =
        (await this.get('/api/oms/pvt/orders', { q: by.number!, per_page: '5' })).json<VtexOrderList>().list ?? [];
      id = list.find((o) => String(o.sequence) === by.number || o.orderId === by.number)?.orderId;
      if (!id) return null;
    }
    const response = await this.get(`/api/oms/pvt/orders/${encodeURIComponent(id)}`, {}, [404]);
    return response.status === 404 ? null : toOrder(response.json<VtexOrder>());
  }

  async listProducts(options: { cursor: string | null; since: Date | null; pageSize: number }): Promise<ProductPage> {
    const from = Number(options.cursor ?? '1');
    const to = from + Math.min(options.pageSize, ID_PAGE) - 1;
    const page = (
      await this.get('/api/catalog_system/pvt/products/GetProductAndSkuIds', { _from: String(from), _to: String(to) })
    ).json<VtexProductAndSkuIds>();
    const entries = Object.entries(page.data ?? {}) as [string, number[]][];
    const products: StoreProduct[] = [];
    for (const [productId, skuIds] of entries) products.push(await this.product(productId, skuIds));
    const total = Number(page.range?.total ?? 0);
    return { products, next: to < total ? String(to + 1) : null };
  }

  async getProduct(externalId: string): Promise<StoreProduct | null> {
    if (!/^\d+$/.test(externalId)) return null;
    const response = await this.get(`/api/catalog_system/pvt/sku/stockkeepingunitByProductId/${externalId}`, {}, [404]);
    if (response.status === 404) return null;
    const skuIds = response.json<{ Id: number }[]>().map((s) => s.Id);
    if (skuIds.length === 0) return null;
    return this.product(externalId, skuIds);
  }

  async changesSince(since: Date): Promise<ChangeBatch> {
    // OMS filters on creation; status changes of older orders arrive through the hook.
    const list =
      (
        await this.get('/api/oms/pvt/orders', {
          f_creationDate: `creationDate:[${since.toISOString()} TO ${new Date().toISOString()}]`,
          per_page: '100',
          orderBy: 'creationDate,asc',
        })
      ).json<VtexOrderList>().list ?? [];
    return {
      products: [],
      orders: list.map((o) => ({
        externalId: o.orderId,
        number: String(o.sequence ?? o.orderId),
        createdAt: o.creationDate ?? null,
        updatedAt: o.lastChange ?? o.creationDate ?? since.toISOString(),
        status: STATUS[o.status] ?? 'processing',
      })),
    };
  }

  async registerWebhooks(callbackUrl: string, secret: string): Promise<RegisteredHook[]> {
    await this.send('POST', '/api/orders/hook/config', {}, [], {
      filter: { type: 'FromWorkflow', status: HOOK_STATUSES },
      hook: { url: callbackUrl, headers: { [VTEX_HOOK_HEADER]: secret } },
    });
    return [{ id: 'orders-hook', topic: 'orders' }];
  }

  async removeWebhooks(): Promise<void> {
    await this.send('DELETE', '/api/orders/hook/config', {}, [404]);
  }

  private async product(productId: string, skuIds: number[]): Promise<StoreProduct> {
    const product = (await this.get(`/api/catalog/pvt/product/${productId}`)).json<VtexProduct>();
    const variants = await Promise.all(skuIds.map((skuId) => this.variant(String(skuId))));
    return {
      externalId: productId,
      handle: product.LinkId ?? null,
      title: product.Name,
      descriptionHtml: product.Description || null,
      brand: product.BrandId ? await this.brand(product.BrandId) : null,
      productType: null,
      tags: (product.KeyWords ?? '')
        .split(',')
        .map((k: string) => k.trim())
        .filter(Boolean),
      status: product.IsActive ? 'active' : 'draft',
      url: product.LinkId ? `/${product.LinkId}/p` : null,
      images: variants.flatMap((v) => v.images).slice(0, 10),
      updatedAt: product.ReleaseDate ?? null,
      variants: variants.map((v) => v.variant),
      translations: {},
    };
  }

  private async brand(id: number): Promise<string | null> {
    if (!this.brands.has(id)) {
      const response = await this.get(`/api/catalog_system/pvt/brand/${id}`, {}, [404]);
      this.brands.set(id, response.status === 404 ? null : (response.json<{ name?: string }>().name ?? null));
    }
    return this.brands.get(id) ?? null;
  }

  private async variant(skuId: string) {
    const [sku, price, inventory] = await Promise.all([
      this.get(`/api/catalog_system/pvt/sku/stockkeepingunitbyid/${skuId}`).then((r) => r.json<VtexSku>()),
      this.get(`/api/pricing/prices/${skuId}`, {}, [404]).then((r) => (r.status === 404 ? null : r.json<VtexPrice>())),
      this.get(`/api/logistics/pvt/inventory/skus/${skuId}`, {}, [404]).then((r) =>
        r.status === 404 ? null : r.json<VtexInventory>(),
      ),
    ]);
    const balance = inventory?.balance ?? [];
    const unlimited = balance.some((b) => b.hasUnlimitedQuantity);
    const stock = balance.reduce((sum, b) => sum + Number(b.totalQuantity ?? 0) - Number(b.reservedQuantity ?? 0), 0);
    return {
      images: (sku.Images ?? []).map((i) => i.ImageUrl),
      variant: {
        externalId: skuId,
        sku: sku.AlternateIds?.RefId ?? null,
        barcode: sku.AlternateIds?.Ean ?? null,
        title: sku.SkuName ?? null,
        options: Object.fromEntries(
          (sku.SkuSpecifications ?? []).map((s) => [s.FieldName, (s.FieldValues ?? [])[0] ?? '']),
        ),
        price: price ? Number(price.basePrice ?? price.listPrice ?? 0).toFixed(2) : null,
        stock: unlimited ? null : stock,
        available: Boolean(sku.IsActive) && (unlimited || stock > 0),
      },
    };
  }

  private get(path: string, query: Record<string, string> = {}, allowed: number[] = []): Promise<StoreResponse> {
    return this.send('GET', path, query, allowed);
  }

  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Record<string, string>,
    allowed: number[],
    body?: unknown,
  ): Promise<StoreResponse> {
    const url = new URL(path, this.apiBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await this.http.send({
      method,
      url,
      headers: {
        'x-vtex-api-appkey': this.appKey,
        'x-vtex-api-apptoken': this.appToken,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status < 400 || allowed.includes(response.status)) return response;
    let message = `VTEX answered HTTP ${response.status}`;
    try {
      const error = response.json<VtexError>();
      const text = error.Message ?? error.message ?? error.error?.message;
      if (text) message = `VTEX: ${text}`;
    } catch {
      // An empty or HTML body: the status says enough.
    }
    if (response.status === 401) throw new StoreError('ecomD', 'auth', message, 401);
    if (response.status === 403) throw new StoreError('ecomD', 'permission', message, 403, path);
    throw new StoreError('ecomD', 'bad_response', message, response.status);
  }
}
