import { StoreError } from './store-error.js';
import type { StoreHttp } from './store-http.js';
import type {
  Page,
  ShopifyCustomer,
  ShopifyOrder,
  ShopifyProduct,
  ShopifyShop,
  ShopifyUserErrors,
} from './shopify-wire.js';
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

/** The app's access scopes every feature needs; read_translations only for catalogue languages. */
const REQUIRED_SCOPES = ['read_products', 'read_orders', 'read_customers', 'read_inventory'];
/** Shopify refuses a query whose requested cost is above this. */
const MAX_QUERY_COST = 1000;
const HOOK_TOPICS = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE'];

const ORDER_FIELDS = `id name createdAt updatedAt cancelledAt displayFinancialStatus displayFulfillmentStatus
  email phone currencyCode totalPriceSet { shopMoney { amount currencyCode } }
  customer { id displayName email phone }
  lineItems(first: 5) { nodes { title sku quantity originalUnitPriceSet { shopMoney { amount } } } }
  fulfillments(first: 3) { trackingInfo(first: 2) { company number url } }`;
/** 1 (order) + customer 1 + money 2 + lineItems (2 + 5 × 3) + fulfillments (2 + 3 × (1 + 2 + 2)). */
const ORDER_COST = 1 + 1 + 2 + 17 + 17;

const VARIANTS_PER_PRODUCT = 20;
const IMAGES_PER_PRODUCT = 5;
const PRODUCT_FIELDS = `id handle title descriptionHtml vendor productType tags status onlineStoreUrl updatedAt
  images(first: ${IMAGES_PER_PRODUCT}) { nodes { url } }
  variants(first: ${VARIANTS_PER_PRODUCT}) { nodes { id sku barcode title price inventoryQuantity availableForSale selectedOptions { name value } } }`;
/** 1 + images (2 + 5) + variants (2 + 20 × 2). */
const PRODUCT_COST = 1 + 7 + 42;

export const shopifyId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);
const gid = (type: string, id: string) => (id.startsWith('gid://') ? id : `gid://shopify/${type}/${id}`);
/** A value inside Shopify's search syntax: quoted, with its own quotes escaped. */
const term = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

interface GqlAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: {
    cost?: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}

function orderStatus(
  o: Pick<ShopifyOrder, 'cancelledAt' | 'displayFinancialStatus' | 'displayFulfillmentStatus'>,
): OrderStatus {
  if (o.cancelledAt) return 'cancelled';
  const paid = String(o.displayFinancialStatus ?? '');
  const shipped = String(o.displayFulfillmentStatus ?? '');
  if (paid === 'REFUNDED') return 'refunded';
  if (shipped === 'FULFILLED') return 'shipped';
  if (shipped === 'ON_HOLD') return 'on_hold';
  if (paid === 'PENDING' || paid === 'AUTHORIZED') return 'pending';
  if (paid === 'VOIDED') return 'cancelled';
  return 'processing';
}

function toOrder(o: ShopifyOrder): StoreOrder {
  return {
    externalId: shopifyId(o.id),
    number: o.name,
    createdAt: o.createdAt ?? null,
    updatedAt: o.updatedAt ?? null,
    platformStatus: [o.displayFinancialStatus, o.displayFulfillmentStatus].filter(Boolean).join('/'),
    status: orderStatus(o),
    paymentStatus: o.displayFinancialStatus?.toLowerCase() ?? null,
    fulfillmentStatus: o.displayFulfillmentStatus?.toLowerCase() ?? null,
    currency: o.totalPriceSet?.shopMoney?.currencyCode ?? o.currencyCode ?? null,
    total: o.totalPriceSet?.shopMoney?.amount ?? null,
    customer: {
      externalId: o.customer ? shopifyId(o.customer.id) : null,
      name: o.customer?.displayName ?? null,
      email: o.email ?? o.customer?.email ?? null,
      phone: o.phone ?? o.customer?.phone ?? null,
    },
    items: (o.lineItems?.nodes ?? []).map((i) => ({
      title: i.title,
      sku: i.sku ?? null,
      quantity: i.quantity,
      unitPrice: i.originalUnitPriceSet?.shopMoney?.amount ?? null,
    })),
    tracking: (o.fulfillments ?? []).flatMap((f) =>
      (f.trackingInfo ?? []).map((t) => ({
        company: t.company ?? null,
        number: t.number ?? null,
        url: t.url ?? null,
      })),
    ),
  };
}

function toProduct(p: ShopifyProduct): StoreProduct {
  return {
    externalId: shopifyId(p.id),
    handle: p.handle ?? null,
    title: p.title,
    descriptionHtml: p.descriptionHtml ?? null,
    brand: p.vendor || null,
    productType: p.productType || null,
    tags: p.tags ?? [],
    status: p.status === 'ACTIVE' ? 'active' : p.status === 'ARCHIVED' ? 'archived' : 'draft',
    url: p.onlineStoreUrl ?? null,
    images: (p.images?.nodes ?? []).map((i) => i.url),
    updatedAt: p.updatedAt ?? null,
    variants: (p.variants?.nodes ?? []).map((v) => ({
      externalId: shopifyId(v.id),
      sku: v.sku || null,
      barcode: v.barcode || null,
      title: v.title ?? null,
      options: Object.fromEntries((v.selectedOptions ?? []).map((o) => [o.name, o.value])),
      price: v.price ?? null,
      stock: v.inventoryQuantity ?? null,
      available: Boolean(v.availableForSale),
    })),
    translations: {},
  };
}

/**
 * ecomA as Shopify: the Admin GraphQL API with the access-token header, paced by the calculated
 * query cost. Each answer's throttleStatus refills the lane's bucket; a query waits until the
 * bucket holds its requested cost, and a THROTTLED answer waits what the bucket still lacks, so a
 * long sync never shows the user a rate limit.
 */
export class ShopifyConnector implements StoreConnector {
  readonly platform = 'ecomA' as const;

  constructor(
    private readonly http: StoreHttp,
    private readonly origin: URL,
    private readonly token: string,
    private readonly apiVersion: string,
    private readonly maxRetries: number,
    /** The app's client secret: Shopify signs webhooks with it, so without it the feed is polled. */
    private readonly appSecret: string | null,
  ) {}

  async probe(): Promise<StoreInfo> {
    const data = await this.gql<ShopifyShop>(
      `query { shop { name currencyCode ianaTimezone } shopLocales { locale name primary published } productsCount { count } }`,
      {},
      3,
    );
    return {
      name: data.shop.name,
      currency: data.shop.currencyCode ?? null,
      timezone: data.shop.ianaTimezone ?? null,
      locales: (data.shopLocales ?? []).map((l) => ({
        code: l.locale,
        name: l.name ?? null,
        primary: Boolean(l.primary),
        published: Boolean(l.published),
      })),
      productCount: data.productsCount?.count ?? null,
    };
  }

  async missingPermissions(): Promise<string[]> {
    const data = await this.gql<{ currentAppInstallation: { accessScopes: { handle: string }[] } }>(
      `query { currentAppInstallation { accessScopes { handle } } }`,
      {},
      2,
    );
    const granted = new Set(data.currentAppInstallation.accessScopes.map((s) => s.handle));
    // A write scope implies its read scope.
    return REQUIRED_SCOPES.filter((s) => !granted.has(s) && !granted.has(s.replace('read_', 'write_')));
  }

  async findCustomers(by: { phone?: string; email?: string }): Promise<StoreCustomer[]> {
    const query = by.email ? `email:${term(by.email)}` : `phone:${term(by.phone!)}`;
    const data = await this.gql<{ customers: Page<ShopifyCustomer> }>(
      `query($q: String!) { customers(first: 10, query: $q) { nodes { id displayName email phone numberOfOrders } } }`,
      { q: query },
      12,
    );
    return data.customers.nodes.map((c) => ({
      externalId: shopifyId(c.id),
      name: c.displayName ?? null,
      email: c.email ?? null,
      phone: c.phone ?? null,
      ordersCount: c.numberOfOrders === undefined ? null : Number(c.numberOfOrders),
    }));
  }

  async listOrders(query: OrderQuery): Promise<StoreOrder[]> {
    const filters: string[] = [];
    if (query.customerId) filters.push(`customer_id:${query.customerId}`);
    else if (query.email) filters.push(`email:${term(query.email)}`);
    else if (query.phone) {
      // Orders cannot be searched by phone: the customers who have it, then their orders.
      const customers = await this.findCustomers({ phone: query.phone });
      if (customers.length === 0) return [];
      filters.push(`(${customers.map((c) => `customer_id:${c.externalId}`).join(' OR ')})`);
    }
    if (query.dateFrom) filters.push(`created_at:>=${term(query.dateFrom.toISOString())}`);
    if (query.dateTo) filters.push(`created_at:<=${term(query.dateTo.toISOString())}`);
    // A page's cost is capped at 1,000 points: a longer list takes several pages.
    const perPage = Math.floor((MAX_QUERY_COST - 2) / ORDER_COST);
    const orders: StoreOrder[] = [];
    for (let after: string | null = null; orders.length < query.limit;) {
      const first = Math.min(query.limit - orders.length, perPage);
      const data: { orders: Page<ShopifyOrder> } = await this.gql<{ orders: Page<ShopifyOrder> }>(
        `query($n: Int!, $q: String, $after: String) { orders(first: $n, after: $after, sortKey: CREATED_AT, reverse: true, query: $q) {
          pageInfo { hasNextPage endCursor } nodes { ${ORDER_FIELDS} } } }`,
        { n: first, q: filters.join(' AND ') || null, after },
        2 + first * ORDER_COST,
      );
      orders.push(...(data.orders.nodes.map(toOrder) as StoreOrder[]));
      if (!data.orders.pageInfo.hasNextPage) break;
      after = data.orders.pageInfo.endCursor;
    }
    return query.status ? orders.filter((o) => o.status === query.status) : orders;
  }

  async getOrder(by: { id?: string; number?: string }): Promise<StoreOrder | null> {
    if (by.id) {
      const data = await this.gql<{ order: ShopifyOrder | null }>(
        `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`,
        { id: gid('Order', by.id) },
        ORDER_COST,
      );
      return data.order ? toOrder(data.order) : null;
    }
    const name = by.number!.startsWith('#') ? by.number! : `#${by.number}`;
    const data = await this.gql<{ orders: Page<ShopifyOrder> }>(
      `query($q: String!) { orders(first: 1, query: $q) { nodes { ${ORDER_FIELDS} } } }`,
      { q: `name:${term(name)}` },
      2 + ORDER_COST,
    );
    const found = data.orders.nodes[0];
    return found ? toOrder(found) : null;
  }

  async listProducts(options: { cursor: string | null; since: Date | null; pageSize: number }): Promise<ProductPage> {
    const first = Math.max(1, Math.min(options.pageSize, Math.floor((MAX_QUERY_COST - 2) / PRODUCT_COST)));
    const data = await this.gql<{ products: Page<ShopifyProduct> }>(
      `query($n: Int!, $after: String, $q: String) { products(first: $n, after: $after, sortKey: UPDATED_AT, query: $q) {
        pageInfo { hasNextPage endCursor } nodes { ${PRODUCT_FIELDS} } } }`,
      {
        n: first,
        after: options.cursor,
        q: options.since ? `updated_at:>=${term(options.since.toISOString())}` : null,
      },
      2 + first * PRODUCT_COST,
    );
    const { pageInfo, nodes } = data.products;
    return { products: nodes.map(toProduct), next: pageInfo.hasNextPage ? pageInfo.endCursor : null };
  }

  async getProduct(externalId: string): Promise<StoreProduct | null> {
    const data = await this.gql<{ product: ShopifyProduct | null }>(
      `query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
      { id: gid('Product', externalId) },
      PRODUCT_COST,
    );
    return data.product ? toProduct(data.product) : null;
  }

  async changesSince(since: Date): Promise<ChangeBatch> {
    const batch: ChangeBatch = { products: [], orders: [] };
    const q = `updated_at:>=${term(since.toISOString())}`;
    for (let after: string | null = null, pages = 0; pages < 20; pages++) {
      const data: { products: Page<ShopifyProduct> } = await this.gql<{ products: Page<ShopifyProduct> }>(
        `query($q: String!, $after: String) { products(first: 250, after: $after, sortKey: UPDATED_AT, query: $q) { pageInfo { hasNextPage endCursor } nodes { id updatedAt } } }`,
        { q, after },
        252,
      );
      batch.products.push(
        ...data.products.nodes.map((p) => ({ externalId: shopifyId(p.id), updatedAt: p.updatedAt! })),
      );
      if (!data.products.pageInfo.hasNextPage) break;
      after = data.products.pageInfo.endCursor;
    }
    for (let after: string | null = null, pages = 0; pages < 20; pages++) {
      const data: { orders: Page<ShopifyOrder> } = await this.gql<{ orders: Page<ShopifyOrder> }>(
        `query($q: String!, $after: String) { orders(first: 250, after: $after, sortKey: UPDATED_AT, query: $q) { pageInfo { hasNextPage endCursor }
          nodes { id name createdAt updatedAt cancelledAt displayFinancialStatus displayFulfillmentStatus } } }`,
        { q, after },
        252,
      );
      batch.orders.push(
        ...data.orders.nodes.map((o) => ({
          externalId: shopifyId(o.id),
          number: o.name,
          createdAt: o.createdAt ?? null,
          updatedAt: o.updatedAt!,
          status: orderStatus(o),
        })),
      );
      if (!data.orders.pageInfo.hasNextPage) break;
      after = data.orders.pageInfo.endCursor;
    }
    return batch;
  }

  async registerWebhooks(callbackUrl: string): Promise<RegisteredHook[] | null> {
    if (!this.appSecret) return null;
    const hooks: RegisteredHook[] = [];
    for (const topic of HOOK_TOPICS) {
      const data = await this.gql<{
        webhookSubscriptionCreate: ShopifyUserErrors & { webhookSubscription: { id: string } | null };
      }>(
        `mutation($topic: WebhookSubscriptionTopic!, $url: URL!) {
          webhookSubscriptionCreate(topic: $topic, webhookSubscription: { callbackUrl: $url, format: JSON }) {
            webhookSubscription { id } userErrors { field message } } }`,
        { topic, url: callbackUrl },
        10,
      );
      const result = data.webhookSubscriptionCreate;
      if (result.userErrors?.length || !result.webhookSubscription)
        throw new StoreError(
          'ecomA',
          'bad_response',
          `Shopify refused the webhook ${topic}: ${result.userErrors?.[0]?.message ?? 'no subscription was made'}`,
        );
      hooks.push({ id: shopifyId(result.webhookSubscription.id), topic });
    }
    return hooks;
  }

  async removeWebhooks(hooks: RegisteredHook[]): Promise<void> {
    for (const hook of hooks)
      await this.gql<{ webhookSubscriptionDelete: ShopifyUserErrors }>(
        `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }`,
        { id: gid('WebhookSubscription', hook.id) },
        10,
      );
  }

  /** One GraphQL call, paced by the cost bucket; THROTTLED waits for what the bucket lacks and tries again. */
  private async gql<T>(query: string, variables: Record<string, unknown>, estimate: number): Promise<T> {
    const lane = this.http.lane;
    for (let attempt = 0; ; attempt++) {
      if (lane.bucket) {
        const b = lane.bucket;
        const available = Math.min(b.maximum, b.available + ((Date.now() - b.at) / 1000) * b.restoreRate);
        if (available < estimate) await lane.wait(Math.ceil(((estimate - available) / b.restoreRate) * 1000));
      }
      const response = await this.http.send({
        method: 'POST',
        url: new URL(`/admin/api/${this.apiVersion}/graphql.json`, this.origin),
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': this.token },
        body: JSON.stringify({ query, variables }),
      });
      if (response.status === 401 || response.status === 403)
        throw new StoreError('ecomA', 'auth', 'Shopify refused the access token', response.status);
      if (response.status === 404)
        throw new StoreError('ecomA', 'bad_response', 'there is no Shopify Admin API at this store URL', 404);
      if (response.status === 402 || response.status === 423)
        throw new StoreError(
          'ecomA',
          'disabled',
          `the Shopify store is unavailable (HTTP ${response.status})`,
          response.status,
        );
      if (response.status >= 400)
        throw new StoreError('ecomA', 'bad_response', `Shopify answered HTTP ${response.status}`, response.status);
      const answer = response.json<GqlAnswer<T>>();
      const cost = answer.extensions?.cost;
      if (cost) {
        const t = cost.throttleStatus;
        lane.bucket = {
          available: t.currentlyAvailable,
          maximum: t.maximumAvailable,
          restoreRate: t.restoreRate,
          at: Date.now(),
        };
      }
      const errors = answer.errors ?? [];
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        if (attempt >= this.maxRetries || !cost)
          throw new StoreError('ecomA', 'throttled', 'Shopify is still throttling after the waits', 200);
        const t = cost.throttleStatus;
        await lane.wait(
          Math.ceil((Math.max(1, cost.requestedQueryCost - t.currentlyAvailable) / t.restoreRate) * 1000),
        );
        continue;
      }
      const denied = errors.find((e) => e.extensions?.code === 'ACCESS_DENIED');
      if (denied) throw new StoreError('ecomA', 'permission', `Shopify: ${denied.message}`, 200);
      if (errors.length > 0 || !answer.data)
        throw new StoreError('ecomA', 'bad_response', `Shopify: ${errors[0]?.message ?? 'no data in the answer'}`, 200);
      return answer.data;
    }
  }
}
