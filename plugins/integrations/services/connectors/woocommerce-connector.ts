import { StoreError } from './store-error.js';
import type { StoreHttp, StoreResponse } from './store-http.js';
import type {
  WooAddress,
  WooCustomer,
  WooError,
  WooOrder,
  WooProduct,
  WooRoot,
  WooSystemStatus,
  WooTracking,
  WooVariation,
} from './woocommerce-wire.js';
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

/** header: HTTP Basic. query: the keys in the query string, for hosts that strip Authorization. */
export type WooAuthMode = 'header' | 'query';

const HOOK_TOPICS = ['order.created', 'order.updated', 'product.created', 'product.updated', 'product.deleted'];
const STATUS: Record<string, OrderStatus> = {
  pending: 'pending',
  processing: 'processing',
  'on-hold': 'on_hold',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: 'failed',
  'checkout-draft': 'pending',
};
const WOO_STATUS: Partial<Record<OrderStatus, string>> = {
  pending: 'pending',
  processing: 'processing',
  on_hold: 'on-hold',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: 'failed',
};
const PAGE_MAX = 100;

const meta = (o: WooOrder, key: string) => (o.meta_data ?? []).find((m) => m.key === key)?.value;
const fullName = (a: WooAddress | undefined) => [a?.first_name, a?.last_name].filter(Boolean).join(' ') || null;

function toOrder(o: WooOrder): StoreOrder {
  const tracking = (meta(o, '_wc_shipment_tracking_items') ?? []) as WooTracking[];
  return {
    externalId: String(o.id),
    number: String(o.number ?? o.id),
    createdAt: o.date_created_gmt ? `${o.date_created_gmt}Z` : null,
    updatedAt: o.date_modified_gmt ? `${o.date_modified_gmt}Z` : null,
    platformStatus: o.status,
    status: STATUS[o.status] ?? 'on_hold',
    paymentStatus: o.date_paid_gmt ? 'paid' : o.status === 'pending' ? 'pending' : null,
    fulfillmentStatus: o.status === 'completed' ? 'fulfilled' : null,
    currency: o.currency ?? null,
    total: o.total ?? null,
    customer: {
      externalId: o.customer_id ? String(o.customer_id) : null,
      name: fullName(o.billing),
      email: o.billing?.email || null,
      phone: o.billing?.phone || null,
    },
    items: (o.line_items ?? []).map((i) => ({
      title: i.name,
      sku: i.sku || null,
      quantity: i.quantity,
      unitPrice: i.price === undefined ? null : String(i.price),
    })),
    tracking: tracking.map((t) => ({
      company: t.tracking_provider || t.custom_tracking_provider || null,
      number: t.tracking_number || null,
      url: t.custom_tracking_link || null,
    })),
  };
}

/**
 * ecomB as WooCommerce: REST API v3 under /wp-json/wc/v3 with the consumer key and secret as HTTP
 * Basic over HTTPS. Some hosts drop the Authorization header and the store then answers 401 as if
 * no key were sent: the client tries once more with the keys in the query string (WooCommerce's
 * documented fallback) and, when that works, keeps that mode (`onAuthMode` stores it).
 */
export class WooCommerceConnector implements StoreConnector {
  readonly platform = 'ecomB' as const;

  constructor(
    private readonly http: StoreHttp,
    private readonly storeUrl: URL,
    private readonly key: string,
    private readonly secret: string,
    private authMode: WooAuthMode,
    private readonly onAuthMode: (mode: WooAuthMode) => void,
  ) {}

  async probe(): Promise<StoreInfo> {
    const status = (await this.get('system_status')).json<WooSystemStatus>();
    const root = await this.http.send({ method: 'GET', url: this.url('', {}, '/wp-json/') });
    const site: WooRoot = root.status === 200 ? root.json<WooRoot>() : {};
    const count = await this.get('products', { per_page: '1', status: 'any' });
    const language: string | null = status.environment?.language ?? null;
    return {
      name: site.name || status.environment?.site_title || this.storeUrl.hostname,
      currency: status.settings?.currency ?? null,
      timezone: site.timezone_string || null,
      locales: language ? [{ code: language.replace('_', '-'), name: null, primary: true, published: true }] : [],
      productCount: Number(count.headers.get('x-wp-total') ?? NaN) || 0,
    };
  }

  async missingPermissions(): Promise<string[]> {
    const missing: string[] = [];
    for (const resource of ['products', 'orders', 'customers']) {
      try {
        await this.get(resource, { per_page: '1' });
      } catch (err) {
        if (err instanceof StoreError && err.kind === 'permission') missing.push(resource);
        else throw err;
      }
    }
    return missing;
  }

  async findCustomers(by: { phone?: string; email?: string }): Promise<StoreCustomer[]> {
    if (by.email) {
      const rows = (await this.get('customers', { email: by.email, role: 'all' })).json<WooCustomer[]>();
      return rows.map((c) => ({
        externalId: String(c.id),
        name: fullName(c) ?? fullName(c.billing),
        email: c.email || null,
        phone: c.billing?.phone || null,
        ordersCount: null,
      }));
    }
    // Customers have no phone search; their orders' billing addresses have.
    const orders = (await this.get('orders', { search: by.phone!, per_page: '50' })).json<WooOrder[]>();
    const byKey = new Map<string, StoreCustomer>();
    for (const o of orders) {
      const key = o.customer_id ? String(o.customer_id) : `guest:${o.billing?.email ?? o.id}`;
      const seen = byKey.get(key);
      if (seen) seen.ordersCount = (seen.ordersCount ?? 0) + 1;
      else
        byKey.set(key, {
          externalId: key,
          name: fullName(o.billing),
          email: o.billing?.email || null,
          phone: o.billing?.phone || null,
          ordersCount: 1,
        });
    }
    return [...byKey.values()];
  }

  async listOrders(query: OrderQuery): Promise<StoreOrder[]> {
    const params: Record<string, string> = {
      per_page: String(Math.min(query.limit, PAGE_MAX)),
      orderby: 'date',
      order: 'desc',
    };
    if (query.customerId && !query.customerId.startsWith('guest:')) params.customer = query.customerId;
    else if (query.email) params.search = query.email;
    else if (query.phone) params.search = query.phone;
    if (query.status && WOO_STATUS[query.status]) params.status = WOO_STATUS[query.status]!;
    if (query.dateFrom) params.after = query.dateFrom.toISOString();
    if (query.dateTo) params.before = query.dateTo.toISOString();
    return (await this.get('orders', params)).json<WooOrder[]>().map(toOrder);
  }

  async getOrder(by: { id?: string; number?: string }): Promise<StoreOrder | null> {
    if (by.number) {
      // Order numbers are the ids unless a numbering plugin says otherwise: search first.
      const number = by.number.replace(/^#/, '');
      const found = (await this.get('orders', { search: number, per_page: '10' })).json<WooOrder[]>();
      const order = found.find((o) => String(o.number) === number);
      if (order) return toOrder(order);
      if (!/^\d+$/.test(number)) return null;
      const byId = await this.byId(number);
      return byId && byId.number === number ? byId : null;
    }
    return this.byId(by.id!);
  }

  private async byId(id: string): Promise<StoreOrder | null> {
    if (!/^\d+$/.test(id)) return null;
    const response = await this.get(`orders/${id}`, {}, [404]);
    return response.status === 404 ? null : toOrder(response.json());
  }

  async listProducts(options: { cursor: string | null; since: Date | null; pageSize: number }): Promise<ProductPage> {
    const page = Number(options.cursor ?? '1');
    const params: Record<string, string> = {
      per_page: String(Math.min(options.pageSize, PAGE_MAX)),
      page: String(page),
      orderby: 'modified',
      order: 'asc',
      status: 'any',
    };
    if (options.since) {
      params.modified_after = options.since.toISOString();
      params.dates_are_gmt = 'true';
    }
    const response = await this.get('products', params);
    const rows = response.json<WooProduct[]>();
    // Every variable product's variations asked at once: the connection's lane keeps the store's concurrency.
    const products = await Promise.all(
      rows.map(async (p) =>
        this.toProduct(
          p,
          p.type === 'variable' && (p.variations ?? []).length > 0
            ? (await this.get(`products/${p.id}/variations`, { per_page: '100' })).json<WooVariation[]>()
            : [],
        ),
      ),
    );
    const pages = Number(response.headers.get('x-wp-totalpages') ?? '1');
    return { products, next: page < pages ? String(page + 1) : null };
  }

  async getProduct(externalId: string): Promise<StoreProduct | null> {
    if (!/^\d+$/.test(externalId)) return null;
    const response = await this.get(`products/${externalId}`, {}, [404]);
    if (response.status === 404) return null;
    const p = response.json<WooProduct>();
    const variations =
      p.type === 'variable' && (p.variations ?? []).length > 0
        ? (await this.get(`products/${p.id}/variations`, { per_page: '100' })).json<WooVariation[]>()
        : [];
    return this.toProduct(p, variations);
  }

  async changesSince(since: Date): Promise<ChangeBatch> {
    const batch: ChangeBatch = { products: [], orders: [] };
    const common = {
      modified_after: since.toISOString(),
      dates_are_gmt: 'true',
      orderby: 'modified',
      order: 'asc',
      per_page: '100',
    };
    for (let page = 1, pages = 1; page <= pages && page <= 20; page++) {
      const response = await this.get('products', {
        ...common,
        status: 'any',
        page: String(page),
        _fields: 'id,date_modified_gmt',
      });
      pages = Number(response.headers.get('x-wp-totalpages') ?? '1');
      batch.products.push(
        ...response
          .json<WooProduct[]>()
          .map((p) => ({ externalId: String(p.id), updatedAt: `${p.date_modified_gmt}Z` })),
      );
    }
    for (let page = 1, pages = 1; page <= pages && page <= 20; page++) {
      const response = await this.get('orders', {
        ...common,
        page: String(page),
        _fields: 'id,number,status,date_created_gmt,date_modified_gmt',
      });
      pages = Number(response.headers.get('x-wp-totalpages') ?? '1');
      batch.orders.push(
        ...response.json<WooOrder[]>().map((o) => ({
          externalId: String(o.id),
          number: String(o.number ?? o.id),
          createdAt: o.date_created_gmt ? `${o.date_created_gmt}Z` : null,
          updatedAt: `${o.date_modified_gmt}Z`,
          status: STATUS[o.status] ?? 'on_hold',
        })),
      );
    }
    return batch;
  }

  async registerWebhooks(callbackUrl: string, secret: string): Promise<RegisteredHook[]> {
    const hooks: RegisteredHook[] = [];
    for (const topic of HOOK_TOPICS) {
      const created = (
        await this.send('POST', 'webhooks', {}, [], {
          name: `Switchboard ${topic}`,
          topic,
          delivery_url: callbackUrl,
          secret,
          status: 'active',
        })
      ).json<{ id: number }>();
      hooks.push({ id: String(created.id), topic });
    }
    return hooks;
  }

  async removeWebhooks(hooks: RegisteredHook[]): Promise<void> {
    for (const hook of hooks) await this.send('DELETE', `webhooks/${hook.id}`, { force: 'true' }, [404]);
  }

  private toProduct(p: WooProduct, variations: WooVariation[]): StoreProduct {
    const simple = {
      externalId: String(p.id),
      sku: p.sku || null,
      barcode: p.global_unique_id || null,
      title: null,
      options: {},
      price: p.price || null,
      stock: p.manage_stock ? (p.stock_quantity ?? 0) : null,
      available: p.stock_status !== 'outofstock' && p.purchasable !== false,
    };
    return {
      externalId: String(p.id),
      handle: p.slug ?? null,
      title: p.name,
      descriptionHtml: p.description || p.short_description || null,
      brand: (p.brands ?? [])[0]?.name ?? null,
      productType: (p.categories ?? [])[0]?.name ?? null,
      tags: (p.tags ?? []).map((t) => t.name),
      status: p.status === 'publish' ? 'active' : p.status === 'trash' ? 'archived' : 'draft',
      url: p.permalink ?? null,
      images: (p.images ?? []).map((i) => i.src),
      updatedAt: p.date_modified_gmt ? `${p.date_modified_gmt}Z` : null,
      variants:
        variations.length === 0
          ? [simple]
          : variations.map((v) => ({
              externalId: String(v.id),
              sku: v.sku || null,
              barcode: v.global_unique_id || null,
              title: (v.attributes ?? []).map((a) => a.option).join(' / ') || null,
              options: Object.fromEntries((v.attributes ?? []).map((a) => [a.name, a.option])),
              price: v.price || null,
              stock: v.manage_stock ? (v.stock_quantity ?? 0) : null,
              available: v.stock_status !== 'outofstock' && v.purchasable !== false,
            })),
      translations: {},
    };
  }

  private get(path: string, query: Record<string, string> = {}, allowed: number[] = []): Promise<StoreResponse> {
    return this.send('GET', path, query, allowed);
  }

  private url(path: string, query: Record<string, string>, prefix = '/wp-json/wc/v3/'): URL {
    const url = new URL(`${this.storeUrl.pathname.replace(/\/$/, '')}${prefix}${path}`, this.storeUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Record<string, string>,
    allowed: number[],
    body?: unknown,
  ): Promise<StoreResponse> {
    const attempt = (mode: WooAuthMode) =>
      this.http.send({
        method,
        url: this.url(
          path,
          mode === 'query' ? { ...query, consumer_key: this.key, consumer_secret: this.secret } : query,
        ),
        headers: {
          ...(mode === 'header' && {
            authorization: `Basic ${Buffer.from(`${this.key}:${this.secret}`).toString('base64')}`,
          }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    let response = await attempt(this.authMode);
    if (response.status === 401 && this.authMode === 'header') {
      const retried = await attempt('query');
      if (retried.status !== 401) {
        this.authMode = 'query';
        this.onAuthMode('query');
      }
      response = retried;
    }
    if (response.status < 400 || allowed.includes(response.status)) return response;
    let code = '';
    let message = `WooCommerce answered HTTP ${response.status}`;
    try {
      const error = response.json<WooError>();
      code = error.code ?? '';
      if (error.message) message = `WooCommerce: ${error.message}`;
    } catch {
      // Not WooCommerce's JSON: the status says enough.
    }
    if (response.status === 401 && code === 'woocommerce_rest_authentication_error')
      throw new StoreError('ecomB', 'auth', message, 401);
    if (response.status === 401 || response.status === 403)
      throw new StoreError('ecomB', 'permission', message, response.status, path.split('/')[0]);
    if (response.status === 404 && code === 'rest_no_route')
      throw new StoreError('ecomB', 'bad_response', 'there is no WooCommerce REST API at this store URL', 404);
    throw new StoreError('ecomB', 'bad_response', message, response.status);
  }
}
