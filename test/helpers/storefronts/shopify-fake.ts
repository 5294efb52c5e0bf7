import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  buildSchema,
  execute,
  Kind,
  parse,
  validate,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { FakeServer } from './fake-server.js';
import { phoneTail, type FakeOrder, type FakeProduct, type StoreData } from './store-data.js';

/**
 * The subset of Shopify's Admin GraphQL schema the connector reads (API 2025-10 shapes: `nodes`
 * connections with pageInfo, money bags, display statuses, webhook subscriptions).
 */
const SDL = /* GraphQL */ `
  scalar DateTime
  scalar URL
  enum ProductSortKeys {
    UPDATED_AT
    ID
    TITLE
  }
  enum OrderSortKeys {
    CREATED_AT
    UPDATED_AT
    ID
  }
  enum ProductStatus {
    ACTIVE
    DRAFT
    ARCHIVED
  }
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE
    ORDERS_UPDATED
    PRODUCTS_CREATE
    PRODUCTS_UPDATE
    PRODUCTS_DELETE
  }
  enum WebhookSubscriptionFormat {
    JSON
    XML
  }
  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }
  type Count {
    count: Int!
  }
  type Shop {
    name: String!
    currencyCode: String!
    ianaTimezone: String!
    myshopifyDomain: String!
  }
  type ShopLocale {
    locale: String!
    name: String!
    primary: Boolean!
    published: Boolean!
  }
  type AccessScope {
    handle: String!
  }
  type AppInstallation {
    accessScopes: [AccessScope!]!
  }
  type MoneyV2 {
    amount: String!
    currencyCode: String!
  }
  type MoneyBag {
    shopMoney: MoneyV2!
  }
  type Customer {
    id: ID!
    displayName: String!
    email: String
    phone: String
    numberOfOrders: String!
  }
  type CustomerConnection {
    nodes: [Customer!]!
    pageInfo: PageInfo!
  }
  type LineItem {
    title: String!
    sku: String
    quantity: Int!
    originalUnitPriceSet: MoneyBag!
  }
  type LineItemConnection {
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }
  type TrackingInfo {
    company: String
    number: String
    url: URL
  }
  type Fulfillment {
    trackingInfo(first: Int): [TrackingInfo!]!
  }
  type Order {
    id: ID!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    cancelledAt: DateTime
    displayFinancialStatus: String
    displayFulfillmentStatus: String!
    email: String
    phone: String
    currencyCode: String!
    totalPriceSet: MoneyBag!
    customer: Customer
    lineItems(first: Int!): LineItemConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }
  type OrderConnection {
    nodes: [Order!]!
    pageInfo: PageInfo!
  }
  type Image {
    url: URL!
  }
  type ImageConnection {
    nodes: [Image!]!
    pageInfo: PageInfo!
  }
  type SelectedOption {
    name: String!
    value: String!
  }
  type ProductVariant {
    id: ID!
    sku: String
    barcode: String
    title: String!
    price: String!
    inventoryQuantity: Int
    availableForSale: Boolean!
    selectedOptions: [SelectedOption!]!
  }
  type ProductVariantConnection {
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }
  type Product {
    id: ID!
    handle: String!
    title: String!
    descriptionHtml: String!
    vendor: String!
    productType: String!
    tags: [String!]!
    status: ProductStatus!
    onlineStoreUrl: URL
    updatedAt: DateTime!
    images(first: Int!): ImageConnection!
    variants(first: Int!): ProductVariantConnection!
  }
  type ProductConnection {
    nodes: [Product!]!
    pageInfo: PageInfo!
  }
  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
  }
  type UserError {
    field: [String!]
    message: String!
  }
  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }
  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }
  input WebhookSubscriptionInput {
    callbackUrl: URL!
    format: WebhookSubscriptionFormat
  }
  type Query {
    shop: Shop!
    shopLocales: [ShopLocale!]!
    productsCount: Count
    currentAppInstallation: AppInstallation!
    customers(first: Int!, after: String, query: String): CustomerConnection!
    orders(first: Int!, after: String, query: String, sortKey: OrderSortKeys, reverse: Boolean): OrderConnection!
    order(id: ID!): Order
    product(id: ID!): Product
    products(first: Int!, after: String, query: String, sortKey: ProductSortKeys, reverse: Boolean): ProductConnection!
  }
  type Mutation {
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  }
`;

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
const numeric = (id: string) => Number(id.slice(id.lastIndexOf('/') + 1));
const MAX_COST = 1000;

/** Shopify's search syntax, the part the connector sends: `a:b AND (c:d OR c:e) AND f:>=g`. */
type Term = { field: string; op: string; value: string }[];
function parseSearch(query: string | null | undefined): Term[] {
  if (!query) return [];
  const terms: Term[] = [];
  const re = /\(([^)]*)\)|([a-z_]+):(>=|<=|>|<)?("(?:[^"\\]|\\.)*"|'[^']*'|\S+)/g;
  const unquote = (v: string) => (v.startsWith('"') || v.startsWith("'") ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v);
  for (const m of query.matchAll(re)) {
    if (m[1] !== undefined) terms.push(parseSearch(m[1].replace(/ OR /g, ' ')).flat());
    else terms.push([{ field: m[2]!, op: m[3] ?? ':', value: unquote(m[4]!) }]);
  }
  return terms;
}
const compare = (actual: string | number, op: string, value: string) => {
  const a = typeof actual === 'number' ? actual : Date.parse(actual);
  const b = Date.parse(value);
  return op === '>=' ? a >= b : op === '<=' ? a <= b : op === '>' ? a > b : op === '<' ? a < b : a === b;
};
const matches = (terms: Term[], test: (t: Term[number]) => boolean) => terms.every((any) => any.some(test));

function page<T>(items: T[], first: number, after: string | null | undefined) {
  const start = after ? Number(Buffer.from(after, 'base64').toString()) : 0;
  const nodes = items.slice(start, start + first);
  const end = start + nodes.length;
  return {
    nodes,
    pageInfo: {
      hasNextPage: end < items.length,
      endCursor: nodes.length ? Buffer.from(String(end)).toString('base64') : null,
    },
  };
}

/** Shopify's calculated cost: objects 1, scalars 0, a connection 2 + first × its node, a mutation 10. */
function costOf(set: SelectionSetNode | undefined, variables: Record<string, unknown>): number {
  if (!set) return 0;
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    cost += fieldCost(selection, variables);
  }
  return cost;
}
function fieldCost(field: FieldNode, variables: Record<string, unknown>): number {
  if (!field.selectionSet) return 0;
  const firstArg = field.arguments?.find((a) => a.name.value === 'first');
  if (!firstArg) return 1 + costOf(field.selectionSet, variables);
  const first = Number(valueOf(firstArg.value, variables) ?? 0);
  const nodes = field.selectionSet.selections.find(
    (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'nodes',
  );
  const node = nodes ? 1 + costOf(nodes.selectionSet, variables) : 1 + costOf(field.selectionSet, variables);
  return 2 + first * node;
}
/** What a query cost once run: the same rule over the objects the answer holds (Shopify refunds the rest). */
function actualCost(set: SelectionSetNode | undefined, value: unknown): number {
  if (!set || value === null || typeof value !== 'object') return 0;
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
    const child = (value as Record<string, unknown>)[selection.alias?.value ?? selection.name.value];
    if (child === null || child === undefined) continue;
    const hasFirst = selection.arguments?.some((a) => a.name.value === 'first');
    const nodes = selection.selectionSet.selections.find(
      (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'nodes',
    );
    if (hasFirst) {
      const items = (nodes ? (child as { nodes?: unknown[] }).nodes : child) ?? [];
      cost += 2;
      for (const item of items as unknown[])
        cost += 1 + actualCost(nodes ? nodes.selectionSet : selection.selectionSet, item);
    } else cost += 1 + actualCost(selection.selectionSet, Array.isArray(child) ? child[0] : child);
  }
  return cost;
}
const valueOf = (value: ValueNode, variables: Record<string, unknown>): unknown =>
  value.kind === Kind.VARIABLE ? variables[value.name.value] : value.kind === Kind.INT ? Number(value.value) : null;

export interface ShopifyFakeOptions {
  token: string;
  /** Scopes the token has; the connector names the missing ones. */
  scopes?: string[];
  /** The leaky bucket: Standard plan figures by default. */
  maximumAvailable?: number;
  restoreRate?: number;
  locales?: { locale: string; name: string; primary: boolean; published: boolean }[];
}

/**
 * A Shopify store's Admin GraphQL API at /admin/api/{version}/graphql.json: the
 * X-Shopify-Access-Token header, Shopify's 401 body, the calculated query cost in a real leaky
 * bucket (THROTTLED answers and extensions.cost on every response, MAX_COST_EXCEEDED above 1,000),
 * `query:` search filters, cursors, and webhook subscriptions it can deliver, signed as Shopify
 * signs them (base64 HMAC-SHA256 of the body with the app's client secret).
 */
export class ShopifyFake extends FakeServer {
  readonly webhooks: { id: number; topic: string; callbackUrl: string }[] = [];
  throttledAnswers = 0;
  private readonly schema: GraphQLSchema = buildSchema(SDL);
  private available: number;
  private at = Date.now();
  private nextHookId = 1;

  constructor(
    readonly data: StoreData,
    private readonly options: ShopifyFakeOptions,
  ) {
    super();
    this.available = options.maximumAvailable ?? 2000;
  }

  /** A delivery as Shopify would POST it to a subscription: headers and body, signed with `appSecret`. */
  delivery(topic: string, body: unknown, appSecret: string, webhookId = randomUUID()) {
    const raw = JSON.stringify(body);
    return {
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': createHmac('sha256', appSecret).update(raw).digest('base64'),
        'x-shopify-shop-domain': 'acme.myshopify.com',
        'x-shopify-webhook-id': webhookId,
        'x-shopify-api-version': '2025-10',
      },
      body: raw,
    };
  }

  protected routes(app: FastifyInstance): void {
    app.post<{ Params: { version: string }; Body: { query?: string; variables?: Record<string, unknown> } }>(
      '/admin/api/:version/graphql.json',
      async (request, reply) => {
        if (request.headers['x-shopify-access-token'] !== this.options.token)
          return reply
            .code(401)
            .send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
        const { query = '', variables = {} } = request.body ?? {};
        let document;
        try {
          document = parse(query);
        } catch (err) {
          return { errors: [{ message: (err as Error).message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] };
        }
        const invalid = validate(this.schema, document);
        if (invalid.length > 0)
          return {
            errors: invalid.map((e) => ({ message: e.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })),
          };
        const operation = document.definitions.find(
          (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
        )!;
        const requested = operation.operation === 'mutation' ? 10 : costOf(operation.selectionSet, variables);
        const throttle = this.refill();
        if (requested > MAX_COST)
          return {
            errors: [
              {
                message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_COST}).`,
                extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_COST },
              },
            ],
          };
        if (requested > this.available) {
          this.throttledAnswers++;
          return {
            errors: [
              {
                message: 'Throttled',
                extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
              },
            ],
            extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttle() } },
          };
        }
        // The requested cost is taken up front; what the answer did not use goes back.
        this.available -= requested;
        const result = await execute({
          schema: this.schema,
          document,
          rootValue: this.root(),
          variableValues: variables,
        });
        const actual =
          operation.operation === 'mutation'
            ? 10
            : Math.min(requested, actualCost(operation.selectionSet, result.data));
        this.available += requested - actual;
        return {
          ...result,
          extensions: {
            cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttle() },
          },
        };
      },
    );
  }

  /** Leaks the bucket back up to now; returns the status to report. */
  private refill() {
    const max = this.options.maximumAvailable ?? 2000;
    const rate = this.options.restoreRate ?? 100;
    const now = Date.now();
    this.available = Math.min(max, this.available + ((now - this.at) / 1000) * rate);
    this.at = now;
    return () => ({ maximumAvailable: max, currentlyAvailable: Math.floor(this.available), restoreRate: rate });
  }

  private root() {
    const data = this.data;
    const customer = (id: number) => {
      const c = data.customer(id);
      return c
        ? {
            id: gid('Customer', c.id),
            displayName: `${c.firstName} ${c.lastName}`,
            email: c.email,
            phone: c.phone,
            numberOfOrders: String(data.orders.filter((o) => o.customerId === c.id).length),
          }
        : null;
    };
    const order = (o: FakeOrder) => {
      const c = data.customer(o.customerId);
      const money = (amount: string) => ({ shopMoney: { amount, currencyCode: o.currency } });
      return {
        id: gid('Order', o.id),
        name: `#${o.number}`,
        createdAt: o.createdAt.toISOString(),
        updatedAt: o.updatedAt.toISOString(),
        cancelledAt: o.state === 'cancelled' ? o.updatedAt.toISOString() : null,
        displayFinancialStatus: o.state === 'pending' ? 'PENDING' : o.state === 'refunded' ? 'REFUNDED' : 'PAID',
        displayFulfillmentStatus: o.state === 'shipped' || o.state === 'delivered' ? 'FULFILLED' : 'UNFULFILLED',
        email: c?.email ?? null,
        phone: c?.phone ?? null,
        currencyCode: o.currency,
        totalPriceSet: money(o.total),
        customer: customer(o.customerId),
        lineItems: ({ first }: { first: number }) =>
          page(
            o.items.map((i) => ({
              title: i.title,
              sku: i.sku,
              quantity: i.quantity,
              originalUnitPriceSet: money(i.price),
            })),
            first,
            null,
          ),
        fulfillments: () => (o.tracking ? [{ trackingInfo: () => [o.tracking] }] : []),
      };
    };
    const product = (p: FakeProduct) => ({
      id: gid('Product', p.id),
      handle: p.handle,
      title: p.title,
      descriptionHtml: p.description,
      vendor: p.vendor,
      productType: p.tags[0] ?? '',
      tags: p.tags,
      status: p.status === 'active' ? 'ACTIVE' : 'DRAFT',
      onlineStoreUrl: p.status === 'active' ? `https://acme.example.com/products/${p.handle}` : null,
      updatedAt: p.updatedAt.toISOString(),
      images: ({ first }: { first: number }) => page([{ url: `https://cdn.example.com/${p.handle}.jpg` }], first, null),
      variants: ({ first }: { first: number }) =>
        page(
          p.variants.map((v) => ({
            id: gid('ProductVariant', v.id),
            sku: v.sku,
            barcode: v.barcode,
            title: Object.values(v.options).join(' / '),
            price: v.price,
            inventoryQuantity: v.stock,
            availableForSale: v.stock > 0,
            selectedOptions: Object.entries(v.options).map(([name, value]) => ({ name, value })),
          })),
          first,
          null,
        ),
    });
    const customerMatches = (terms: Term[], id: number) => {
      const c = data.customer(id)!;
      return matches(terms, (t) =>
        t.field === 'email'
          ? c.email.toLowerCase() === t.value.toLowerCase()
          : t.field === 'phone'
            ? phoneTail(c.phone) === phoneTail(t.value)
            : t.field === 'customer_id'
              ? String(c.id) === t.value
              : true,
      );
    };
    return {
      shop: {
        name: 'Acme Shopify',
        currencyCode: data.currency,
        ianaTimezone: 'Europe/Madrid',
        myshopifyDomain: 'acme.myshopify.com',
      },
      shopLocales: this.options.locales ?? [
        { locale: 'es', name: 'Spanish', primary: true, published: true },
        { locale: 'en', name: 'English', primary: false, published: true },
        { locale: 'fr', name: 'French', primary: false, published: false },
      ],
      productsCount: { count: data.products.length },
      currentAppInstallation: {
        accessScopes: (this.options.scopes ?? ['read_products', 'read_orders', 'read_customers', 'read_inventory']).map(
          (handle) => ({ handle }),
        ),
      },
      customers: ({ first, after, query }: { first: number; after?: string; query?: string }) => {
        const terms = parseSearch(query);
        return page(
          data.customers.filter((c) => customerMatches(terms, c.id)).map((c) => customer(c.id)),
          first,
          after,
        );
      },
      orders: ({
        first,
        after,
        query,
        sortKey,
        reverse,
      }: {
        first: number;
        after?: string;
        query?: string;
        sortKey?: string;
        reverse?: boolean;
      }) => {
        const terms = parseSearch(query);
        const found = data.orders.filter((o) =>
          matches(terms, (t) => {
            if (t.field === 'created_at') return compare(o.createdAt.toISOString(), t.op, t.value);
            if (t.field === 'updated_at') return compare(o.updatedAt.toISOString(), t.op, t.value);
            if (t.field === 'name') return `#${o.number}` === t.value || o.number === t.value;
            return customerMatches([[t]], o.customerId);
          }),
        );
        const key = sortKey === 'UPDATED_AT' ? 'updatedAt' : 'createdAt';
        found.sort((a, b) => a[key].getTime() - b[key].getTime() || a.id - b.id);
        if (reverse) found.reverse();
        return page(found.map(order), first, after);
      },
      order: ({ id }: { id: string }) => {
        const found = data.orders.find((o) => o.id === numeric(id));
        return found ? order(found) : null;
      },
      product: ({ id }: { id: string }) => {
        const found = data.products.find((p) => p.id === numeric(id));
        return found ? product(found) : null;
      },
      products: ({ first, after, query }: { first: number; after?: string; query?: string }) => {
        const terms = parseSearch(query);
        const found = data.products
          .filter((p) =>
            matches(terms, (t) =>
              t.field === 'updated_at' ? compare(p.updatedAt.toISOString(), t.op, t.value) : true,
            ),
          )
          .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id - b.id);
        return page(found.map(product), first, after);
      },
      webhookSubscriptionCreate: ({
        topic,
        webhookSubscription,
      }: {
        topic: string;
        webhookSubscription: { callbackUrl: string };
      }) => {
        const hook = { id: this.nextHookId++, topic, callbackUrl: webhookSubscription.callbackUrl };
        this.webhooks.push(hook);
        return { webhookSubscription: { id: gid('WebhookSubscription', hook.id), topic }, userErrors: [] };
      },
      webhookSubscriptionDelete: ({ id }: { id: string }) => {
        const at = this.webhooks.findIndex((h) => h.id === numeric(id));
        if (at < 0)
          return {
            deletedWebhookSubscriptionId: null,
            userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
          };
        this.webhooks.splice(at, 1);
        return { deletedWebhookSubscriptionId: id, userErrors: [] };
      },
    };
  }
}
