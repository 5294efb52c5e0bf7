import { DateTime } from 'luxon';
import { StoreError } from './store-error.js';
import type { StoreHttp, StoreResponse } from './store-http.js';
import type {
  PsAddress,
  PsProduct,
  PsCombination,
  PsCustomer,
  PsErrors,
  PsLists,
  PsMultilang,
  PsOrder,
  PsStock,
} from './prestashop-wire.js';
import type {
  ChangeBatch,
  OrderQuery,
  OrderStatus,
  ProductPage,
  StoreConnector,
  StoreCustomer,
  StoreInfo,
  StoreOrder,
  StoreProduct,
} from './types.js';

/** The resources the features read; a key without one of them is named by test_ecommerce_connection. */
const RESOURCES = [
  'configurations',
  'currencies',
  'languages',
  'products',
  'combinations',
  'stock_availables',
  'customers',
  'addresses',
  'orders',
  'order_states',
  'order_carriers',
];
/** PrestaShop's stock order states, by id; a shop's own states fall back to their flags. */
const DEFAULT_STATES: Record<string, OrderStatus> = {
  '1': 'pending',
  '2': 'processing',
  '3': 'processing',
  '4': 'shipped',
  '5': 'delivered',
  '6': 'cancelled',
  '7': 'refunded',
  '8': 'failed',
  '9': 'on_hold',
  '10': 'pending',
  '11': 'processing',
  '12': 'on_hold',
  '13': 'pending',
};
const PAGE_MAX = 100;

/** A multilingual field: `[{ id, value }]` per language, or a plain string with language=… */
const inLanguage = (field: PsMultilang | undefined, languageId: string | null): string | null => {
  if (typeof field === 'string') return field || null;
  if (!Array.isArray(field)) return null;
  const hit = field.find((f) => String(f.id) === languageId) ?? field[0];
  return hit?.value || null;
};
const ids = (values: string[]) => `[${values.join('|')}]`;

/**
 * ecomC as PrestaShop: the Webservice under /api/ with the key as the HTTP Basic user and an empty
 * password (never `ws_key` in the URL, which logs would keep), JSON output, `limit=offset,count`
 * paging and `date=1` filters on date_upd. Dates are the shop's local time, so the connector
 * converts with the store's timezone. There are no webhooks: the change feed polls.
 */
export class PrestaShopConnector implements StoreConnector {
  readonly platform = 'ecomC' as const;
  private languages: { id: string; code: string; name: string; active: boolean }[] | null = null;
  private defaultLanguageId: string | null = null;
  private readonly currencies = new Map<string, string>();

  constructor(
    private readonly http: StoreHttp,
    private readonly storeUrl: URL,
    private readonly key: string,
    private readonly timezone: string | null,
  ) {}

  async probe(): Promise<StoreInfo> {
    const config = await this.configuration(['PS_SHOP_NAME', 'PS_CURRENCY_DEFAULT', 'PS_TIMEZONE', 'PS_LANG_DEFAULT']);
    this.defaultLanguageId = config.PS_LANG_DEFAULT ?? null;
    const languages = await this.loadLanguages();
    return {
      name: config.PS_SHOP_NAME ?? this.storeUrl.hostname,
      currency: config.PS_CURRENCY_DEFAULT ? await this.currency(config.PS_CURRENCY_DEFAULT) : null,
      timezone: config.PS_TIMEZONE ?? null,
      locales: languages.map((l) => ({
        code: l.code,
        name: l.name,
        primary: l.id === this.defaultLanguageId,
        published: l.active,
      })),
      productCount: null,
    };
  }

  async missingPermissions(): Promise<string[]> {
    const missing: string[] = [];
    for (const resource of RESOURCES) {
      const response = await this.http.send({ method: 'HEAD', url: this.url(resource, {}), headers: this.auth() });
      if (response.status === 401 || response.status === 403) missing.push(resource);
      else this.check(response, resource, []);
    }
    return missing;
  }

  async findCustomers(by: { phone?: string; email?: string }): Promise<StoreCustomer[]> {
    let customerIds: string[];
    if (by.email) {
      const rows = (await this.get('customers', { 'filter[email]': `[${by.email}]`, display: '[id]' })).customers ?? [];
      customerIds = rows.map((c) => String(c.id));
    } else {
      // Phones are stored as typed ("600 100 003", "+34600100003"): the filter takes the last 3
      // digits, which the usual spellings keep together at the end, and the digits decide.
      const digits = by.phone!.replace(/\D/g, '').slice(-9);
      const found = new Set<string>();
      for (const field of ['phone', 'phone_mobile'] as const) {
        const rows: PsAddress[] =
          (
            await this.get('addresses', {
              [`filter[${field}]`]: `%[${digits.slice(-3)}]`,
              display: '[id_customer,phone,phone_mobile]',
              limit: '1000',
            })
          ).addresses ?? [];
        for (const a of rows)
          if (
            String(a.id_customer) !== '0' &&
            String(a[field] ?? '')
              .replace(/\D/g, '')
              .endsWith(digits)
          )
            found.add(String(a.id_customer));
      }
      customerIds = [...found];
    }
    if (customerIds.length === 0) return [];
    const customers =
      (await this.get('customers', { 'filter[id]': ids(customerIds), display: '[id,firstname,lastname,email]' }))
        .customers ?? [];
    const phones = await this.phonesOf(customerIds);
    return customers.map((c) => ({
      externalId: String(c.id),
      name: [c.firstname, c.lastname].filter(Boolean).join(' ') || null,
      email: c.email || null,
      phone: phones.get(String(c.id)) ?? null,
      ordersCount: null,
    }));
  }

  async listOrders(query: OrderQuery): Promise<StoreOrder[]> {
    let customerIds: string[] = [];
    if (query.customerId) customerIds = [query.customerId];
    else if (query.email || query.phone) {
      customerIds = (await this.findCustomers({ email: query.email, phone: query.phone })).map((c) => c.externalId);
      if (customerIds.length === 0) return [];
    }
    const params: Record<string, string> = {
      display: 'full',
      sort: '[date_add_DESC]',
      limit: String(Math.min(query.limit, PAGE_MAX)),
    };
    if (customerIds.length > 0) params['filter[id_customer]'] = ids(customerIds);
    if (query.dateFrom || query.dateTo) {
      params.date = '1';
      params['filter[date_add]'] =
        `[${this.localTime(query.dateFrom ?? new Date(0))},${this.localTime(query.dateTo ?? new Date())}]`;
    }
    const orders = await this.toOrders((await this.get('orders', params)).orders ?? []);
    return query.status ? orders.filter((o) => o.status === query.status) : orders;
  }

  async getOrder(by: { id?: string; number?: string }): Promise<StoreOrder | null> {
    if (by.id) {
      const response = await this.send(`orders/${encodeURIComponent(by.id)}`, {}, [404]);
      if (response.status === 404) return null;
      return (await this.toOrders([response.json<{ order: PsOrder }>().order]))[0] ?? null;
    }
    const rows = (await this.get('orders', { 'filter[reference]': `[${by.number}]`, display: 'full' })).orders ?? [];
    return (await this.toOrders(rows.slice(0, 1)))[0] ?? null;
  }

  async getProduct(externalId: string): Promise<StoreProduct | null> {
    if (!/^\d+$/.test(externalId)) return null;
    const response = await this.send(`products/${externalId}`, { display: 'full' }, [404]);
    if (response.status === 404) return null;
    return (await this.toProducts([response.json<{ product: PsProduct }>().product]))[0] ?? null;
  }

  async listProducts(options: { cursor: string | null; since: Date | null; pageSize: number }): Promise<ProductPage> {
    await this.loadLanguages();
    const offset = Number(options.cursor ?? '0');
    const count = Math.min(options.pageSize, PAGE_MAX);
    const params: Record<string, string> = {
      display: 'full',
      sort: '[date_upd_ASC,id_ASC]',
      limit: `${offset},${count}`,
    };
    if (options.since) {
      params.date = '1';
      params['filter[date_upd]'] =
        `[${this.localTime(options.since)},${this.localTime(new Date(Date.now() + 86_400_000))}]`;
    }
    const rows = (await this.get('products', params)).products ?? [];
    const products = await this.toProducts(rows);
    return { products, next: rows.length === count ? String(offset + count) : null };
  }

  private async toProducts(rows: PsProduct[]): Promise<StoreProduct[]> {
    await this.loadLanguages();
    const productIds = rows.map((p) => String(p.id));
    if (productIds.length === 0) return [];
    const [combinations, stock] = await Promise.all([
      this.get('combinations', { 'filter[id_product]': ids(productIds), display: 'full' }).then(
        (r): PsCombination[] => r.combinations ?? [],
      ),
      this.get('stock_availables', {
        'filter[id_product]': ids(productIds),
        display: '[id_product,id_product_attribute,quantity]',
      }).then((r): PsStock[] => r.stock_availables ?? []),
    ]);
    const quantities = new Map(
      stock.map((s) => [`${s.id_product} ${s.id_product_attribute}`, Number(s.quantity ?? 0)]),
    );
    const stockOf = (productId: string, attributeId: string) => quantities.get(`${productId} ${attributeId}`) ?? 0;
    const combinationsOf = new Map<string, PsCombination[]>();
    for (const c of combinations)
      combinationsOf.set(String(c.id_product), [...(combinationsOf.get(String(c.id_product)) ?? []), c]);
    return rows.map((p): StoreProduct => {
      const id = String(p.id);
      const own = combinationsOf.get(id) ?? [];
      const translations: StoreProduct['translations'] = {};
      for (const language of this.languages ?? [])
        translations[language.code] = {
          title: inLanguage(p.name, language.id) ?? undefined,
          descriptionHtml: inLanguage(p.description, language.id) ?? undefined,
        };
      const base = Number(p.price ?? 0);
      return {
        externalId: id,
        handle: inLanguage(p.link_rewrite, this.defaultLanguageId),
        title: inLanguage(p.name, this.defaultLanguageId) ?? `#${id}`,
        descriptionHtml: inLanguage(p.description, this.defaultLanguageId),
        brand: p.manufacturer_name || null,
        productType: null,
        tags: [],
        status: p.active === '1' || p.active === 1 ? 'active' : 'draft',
        url: null,
        images: [],
        updatedAt: this.utc(p.date_upd),
        variants:
          own.length === 0
            ? [
                {
                  externalId: id,
                  sku: p.reference || null,
                  barcode: p.ean13 || null,
                  title: null,
                  options: {},
                  price: base.toFixed(2),
                  stock: stockOf(id, '0'),
                  available: stockOf(id, '0') > 0,
                },
              ]
            : own.map((c) => ({
                externalId: `${id}-${c.id}`,
                sku: c.reference || null,
                barcode: c.ean13 || null,
                title: c.reference || null,
                options: {},
                price: (base + Number(c.price ?? 0)).toFixed(2),
                stock: stockOf(id, String(c.id)),
                available: stockOf(id, String(c.id)) > 0,
              })),
        translations,
      };
    });
  }

  async changesSince(since: Date): Promise<ChangeBatch> {
    const window = `[${this.localTime(since)},${this.localTime(new Date(Date.now() + 86_400_000))}]`;
    const products =
      (await this.get('products', { display: '[id,date_upd]', date: '1', 'filter[date_upd]': window })).products ?? [];
    const orders =
      (
        await this.get('orders', {
          display: '[id,reference,current_state,date_add,date_upd]',
          date: '1',
          'filter[date_upd]': window,
        })
      ).orders ?? [];
    const states = await this.states();
    return {
      products: products.map((p) => ({ externalId: String(p.id), updatedAt: this.utc(p.date_upd)! })),
      orders: orders.map((o) => ({
        externalId: String(o.id),
        number: o.reference,
        createdAt: this.utc(o.date_add),
        updatedAt: this.utc(o.date_upd)!,
        status: states.get(String(o.current_state))?.status ?? 'processing',
      })),
    };
  }

  async registerWebhooks(): Promise<null> {
    return null;
  }

  async removeWebhooks(): Promise<void> {}

  private async toOrders(rows: PsOrder[]): Promise<StoreOrder[]> {
    if (rows.length === 0) return [];
    const states = await this.states();
    const customerIds = [...new Set(rows.map((o) => String(o.id_customer)))];
    const customers = new Map<string, PsCustomer>(
      (
        (await this.get('customers', { 'filter[id]': ids(customerIds), display: '[id,firstname,lastname,email]' }))
          .customers ?? []
      ).map((c) => [String(c.id), c]),
    );
    const phones = await this.phonesOf(customerIds);
    const carriers =
      (
        await this.get('order_carriers', {
          'filter[id_order]': ids(rows.map((o) => String(o.id))),
          display: '[id_order,tracking_number]',
        })
      ).order_carriers ?? [];
    const orders: StoreOrder[] = [];
    for (const o of rows) {
      const customer = customers.get(String(o.id_customer));
      const state = states.get(String(o.current_state));
      orders.push({
        externalId: String(o.id),
        number: o.reference,
        createdAt: this.utc(o.date_add),
        updatedAt: this.utc(o.date_upd),
        platformStatus: state?.name ?? String(o.current_state),
        status: state?.status ?? 'processing',
        paymentStatus: o.valid === '1' || o.valid === 1 ? 'paid' : 'unpaid',
        fulfillmentStatus: state?.status === 'shipped' || state?.status === 'delivered' ? state.status : null,
        currency: o.id_currency ? await this.currency(String(o.id_currency)) : null,
        total: o.total_paid ? Number(o.total_paid).toFixed(2) : null,
        customer: {
          externalId: String(o.id_customer),
          name: customer ? [customer.firstname, customer.lastname].filter(Boolean).join(' ') : null,
          email: customer?.email || null,
          phone: phones.get(String(o.id_customer)) ?? null,
        },
        items: (o.associations?.order_rows ?? []).map((r) => ({
          title: r.product_name,
          sku: r.product_reference || null,
          quantity: Number(r.product_quantity),
          unitPrice: r.unit_price_tax_incl ? Number(r.unit_price_tax_incl).toFixed(2) : null,
        })),
        tracking: carriers
          .filter((c) => String(c.id_order) === String(o.id) && c.tracking_number)
          .map((c) => ({ company: null, number: c.tracking_number ?? null, url: null })),
      });
    }
    return orders;
  }

  private async phonesOf(customerIds: string[]): Promise<Map<string, string>> {
    const rows =
      (
        await this.get('addresses', {
          'filter[id_customer]': ids(customerIds),
          display: '[id_customer,phone,phone_mobile]',
        })
      ).addresses ?? [];
    const phones = new Map<string, string>();
    for (const a of rows) {
      const phone = a.phone_mobile || a.phone;
      if (phone && !phones.has(String(a.id_customer))) phones.set(String(a.id_customer), phone);
    }
    return phones;
  }

  private async states(): Promise<Map<string, { name: string; status: OrderStatus }>> {
    const rows = (await this.get('order_states', { display: '[id,name,shipped,paid]' })).order_states ?? [];
    return new Map(
      rows.map((s) => {
        const id = String(s.id);
        const status: OrderStatus =
          DEFAULT_STATES[id] ?? (s.shipped === '1' ? 'shipped' : s.paid === '1' ? 'processing' : 'pending');
        return [id, { name: inLanguage(s.name, this.defaultLanguageId) ?? id, status }];
      }),
    );
  }

  private async configuration(names: string[]): Promise<Record<string, string>> {
    const rows =
      (await this.get('configurations', { 'filter[name]': ids(names), display: '[name,value]' })).configurations ?? [];
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }

  private async loadLanguages() {
    if (this.languages) return this.languages;
    if (this.defaultLanguageId === null)
      this.defaultLanguageId = (await this.configuration(['PS_LANG_DEFAULT'])).PS_LANG_DEFAULT ?? null;
    const rows = (await this.get('languages', { display: '[id,iso_code,language_code,name,active]' })).languages ?? [];
    this.languages = rows.map((l) => ({
      id: String(l.id),
      code: l.language_code || l.iso_code,
      name: l.name,
      active: l.active === '1' || l.active === 1,
    }));
    return this.languages;
  }

  private async currency(id: string): Promise<string | null> {
    if (!this.currencies.has(id)) {
      const response = await this.send(`currencies/${id}`, { display: '[iso_code]' }, [404]);
      if (response.status === 404) return null;
      const body = response.json<{ currency?: { iso_code: string }; currencies?: { iso_code: string }[] }>();
      this.currencies.set(id, (body.currency ?? body.currencies?.[0])?.iso_code ?? '');
    }
    return this.currencies.get(id) || null;
  }

  /** PrestaShop's `YYYY-MM-DD HH:MM:SS` in the shop's own zone. */
  private localTime(at: Date): string {
    return DateTime.fromJSDate(at, { zone: this.timezone ?? 'UTC' }).toFormat('yyyy-MM-dd HH:mm:ss');
  }

  private utc(local: string | undefined): string | null {
    if (!local || local.startsWith('0000')) return null;
    return DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm:ss', { zone: this.timezone ?? 'UTC' })
      .toUTC()
      .toISO();
  }

  private auth() {
    return { authorization: `Basic ${Buffer.from(`${this.key}:`).toString('base64')}` };
  }

  private url(path: string, query: Record<string, string>): URL {
    const url = new URL(`${this.storeUrl.pathname.replace(/\/$/, '')}/api/${path}`, this.storeUrl);
    url.searchParams.set('output_format', 'JSON');
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  private async get(path: string, query: Record<string, string>): Promise<PsLists> {
    const response = await this.send(path, query, []);
    // An empty list is `[]`, not an object with an empty list.
    const body = response.text.trim() === '' ? {} : response.json<PsLists | []>();
    return Array.isArray(body) ? {} : body;
  }

  private async send(path: string, query: Record<string, string>, allowed: number[]): Promise<StoreResponse> {
    const response = await this.http.send({ method: 'GET', url: this.url(path, query), headers: this.auth() });
    return this.check(response, path.split('/')[0]!, allowed);
  }

  private check(response: StoreResponse, resource: string, allowed: number[]): StoreResponse {
    if (response.status < 400 || allowed.includes(response.status)) return response;
    let error: { code?: number; message?: string } = {};
    try {
      error = response.json<PsErrors>().errors?.[0] ?? {};
    } catch {
      // A HEAD answer, or not the Webservice's JSON.
    }
    const message = `PrestaShop: ${error.message ?? `HTTP ${response.status}`}`;
    if (response.status === 503 || error.code === 22)
      throw new StoreError('ecomC', 'disabled', message, response.status);
    if (error.code === 26 || (response.status === 401 && resource !== '' && error.code === undefined))
      throw new StoreError('ecomC', 'permission', message, response.status, resource);
    if (response.status === 401 || response.status === 403)
      throw new StoreError('ecomC', 'auth', message, response.status);
    if (response.status === 404 && !allowed.includes(404))
      throw new StoreError('ecomC', 'bad_response', 'there is no PrestaShop Webservice at this store URL', 404);
    throw new StoreError('ecomC', 'bad_response', message, response.status);
  }
}
