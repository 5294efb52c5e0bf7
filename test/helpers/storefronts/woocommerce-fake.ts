import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FakeServer } from './fake-server.js';
import { phoneTail, type FakeOrder, type FakeProduct, type StoreData } from './store-data.js';

export interface WooFakeOptions {
  consumerKey: string;
  consumerSecret: string;
  /** A host that strips the Authorization header (some Apache/CGI setups): only query-string keys work. */
  dropAuthorization?: boolean;
  /** Resources the key may read (all by default). */
  readable?: string[];
  /** Requests per second before 429 with Retry-After. */
  requestsPerSecond?: number;
}

const gmt = (d: Date) => d.toISOString().slice(0, 19);
const STATUS: Record<FakeOrder['state'], string> = {
  pending: 'pending',
  processing: 'processing',
  shipped: 'completed',
  delivered: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};
const wpError = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) => reply.code(status).send({ code, message, data: { status, ...extra } });

/**
 * A WooCommerce store's REST API v3 under /wp-json/wc/v3: the consumer key and secret as HTTP
 * Basic or in the query string, WooCommerce's error bodies (`woocommerce_rest_authentication_error`,
 * `woocommerce_rest_cannot_view`, `rest_invalid_param` for per_page above 100, `rest_no_route`),
 * page/per_page paging with X-WP-Total and X-WP-TotalPages, `modified_after`, variations, the
 * Shipment Tracking meta, webhooks it signs as WooCommerce does (base64 HMAC-SHA256 of the body),
 * and 429 with Retry-After over a request rate.
 */
export class WooCommerceFake extends FakeServer {
  readonly webhooks: { id: number; topic: string; delivery_url: string; secret: string }[] = [];
  rateLimited = 0;
  private window = { second: 0, count: 0 };
  private nextHookId = 1;

  constructor(
    readonly data: StoreData,
    readonly options: WooFakeOptions,
  ) {
    super();
  }

  /** A delivery of `topic` for `resource`, signed with the webhook's secret, as WooCommerce sends it. */
  delivery(topic: string, resource: unknown, deliveryId: string) {
    const hook = this.webhooks.find((h) => h.topic === topic)!;
    const body = JSON.stringify(resource);
    return {
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-source': this.origin,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': topic.split('.')[0]!,
        'x-wc-webhook-event': topic.split('.')[1]!,
        'x-wc-webhook-signature': createHmac('sha256', hook.secret).update(body).digest('base64'),
        'x-wc-webhook-id': String(hook.id),
        'x-wc-webhook-delivery-id': deliveryId,
      },
      body,
    };
  }

  productJson(p: FakeProduct) {
    const variable = p.variants.length > 1;
    const first = p.variants[0]!;
    return {
      id: p.id,
      name: p.title,
      slug: p.handle,
      permalink: `${this.origin}/producto/${p.handle}/`,
      date_created_gmt: gmt(p.createdAt),
      date_modified_gmt: gmt(p.updatedAt),
      type: variable ? 'variable' : 'simple',
      status: p.status === 'active' ? 'publish' : 'draft',
      description: p.description,
      short_description: '',
      sku: variable ? '' : first.sku,
      price: first.price,
      regular_price: first.price,
      manage_stock: !variable,
      stock_quantity: variable ? null : first.stock,
      stock_status: p.variants.some((v) => v.stock > 0) ? 'instock' : 'outofstock',
      categories: [{ id: 1, name: p.tags[0] ?? 'General', slug: p.tags[0] ?? 'general' }],
      tags: p.tags.map((name, i) => ({ id: i + 1, name, slug: name })),
      brands: [{ id: 1, name: p.vendor }],
      images: [{ id: 1, src: `${this.origin}/wp-content/uploads/${p.handle}.jpg` }],
      variations: variable ? p.variants.map((v) => v.id) : [],
    };
  }

  orderJson(o: FakeOrder) {
    const c = this.data.customer(o.customerId)!;
    return {
      id: o.id,
      number: o.number,
      status: STATUS[o.state],
      currency: o.currency,
      date_created_gmt: gmt(o.createdAt),
      date_modified_gmt: gmt(o.updatedAt),
      date_paid_gmt: o.state === 'pending' ? null : gmt(o.createdAt),
      total: o.total,
      customer_id: c.id,
      billing: { first_name: c.firstName, last_name: c.lastName, email: c.email, phone: c.phone },
      line_items: o.items.map((i, n) => ({
        id: n + 1,
        name: i.title,
        sku: i.sku,
        quantity: i.quantity,
        price: Number(i.price),
      })),
      meta_data: o.tracking
        ? [
            {
              id: 1,
              key: '_wc_shipment_tracking_items',
              value: [
                {
                  tracking_provider: o.tracking.company,
                  tracking_number: o.tracking.number,
                  custom_tracking_link: o.tracking.url,
                },
              ],
            },
          ]
        : [],
    };
  }

  protected routes(app: FastifyInstance): void {
    app.get('/wp-json/', async () => ({
      name: 'Acme Woo',
      description: 'Tienda de prueba',
      url: this.origin,
      home: this.origin,
      gmt_offset: 1,
      timezone_string: 'Europe/Madrid',
      namespaces: ['wp/v2', 'wc/v3'],
    }));
    const guard = async (request: FastifyRequest, reply: FastifyReply, resource: string) => {
      const second = Math.floor(Date.now() / 1000);
      if (this.options.requestsPerSecond) {
        if (this.window.second !== second) this.window = { second, count: 0 };
        if (++this.window.count > this.options.requestsPerSecond) {
          this.rateLimited++;
          reply.header('retry-after', '1');
          wpError(reply, 429, 'woocommerce_rest_too_many_requests', 'Too many requests. Please wait and try again.');
          return false;
        }
      }
      const query = request.query as Record<string, string>;
      let key: string | undefined;
      let secret: string | undefined;
      const auth = request.headers.authorization;
      if (auth?.startsWith('Basic ') && !this.options.dropAuthorization)
        [key, secret] = Buffer.from(auth.slice(6), 'base64').toString().split(':');
      else if (query.consumer_key) [key, secret] = [query.consumer_key, query.consumer_secret];
      if (key === undefined) {
        wpError(reply, 401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
        return false;
      }
      if (key !== this.options.consumerKey) {
        wpError(reply, 401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
        return false;
      }
      if (secret !== this.options.consumerSecret) {
        wpError(reply, 401, 'woocommerce_rest_authentication_error', 'Consumer secret is invalid.');
        return false;
      }
      if (this.options.readable && !this.options.readable.includes(resource)) {
        wpError(reply, 401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
        return false;
      }
      return true;
    };
    /** A page of items; `json` turns the page's items (only those) into their wire form. */
    const list = <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      items: T[],
      json: (item: T) => unknown = (item) => item,
    ) => {
      const query = request.query as Record<string, string>;
      const perPage = Number(query.per_page ?? 10);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
        return wpError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
          params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
          details: {
            per_page: {
              code: 'rest_out_of_bounds',
              message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
              data: null,
            },
          },
        });
      const pageNo = Number(query.page ?? 1);
      const pages = Math.max(1, Math.ceil(items.length / perPage));
      reply.header('x-wp-total', String(items.length)).header('x-wp-totalpages', String(pages));
      const slice = items.slice((pageNo - 1) * perPage, pageNo * perPage).map(json);
      const fields = query._fields?.split(',');
      return fields ? slice.map((item) => Object.fromEntries(fields.map((f) => [f, (item as any)[f]]))) : slice;
    };
    const modifiedAfter = (q: Record<string, string>, at: Date) =>
      !q.modified_after ||
      at.getTime() > Date.parse(q.modified_after.endsWith('Z') ? q.modified_after : `${q.modified_after}Z`);
    const sortBy = <T extends { id: number }>(items: T[], q: Record<string, string>, at: (t: T) => Date) => {
      const dir = q.order === 'asc' ? 1 : -1;
      return items.sort((a, b) => dir * (at(a).getTime() - at(b).getTime() || a.id - b.id));
    };

    app.get('/wp-json/wc/v3/system_status', async (request, reply) => {
      if (!(await guard(request, reply, 'system_status'))) return reply;
      return {
        environment: { home_url: this.origin, site_url: this.origin, version: '9.8.0', language: 'es_ES' },
        settings: { api_enabled: true, currency: this.data.currency, currency_symbol: '€' },
      };
    });
    app.get('/wp-json/wc/v3/products', async (request, reply) => {
      if (!(await guard(request, reply, 'products'))) return reply;
      const q = request.query as Record<string, string>;
      const at = (p: FakeProduct) => (q.orderby === 'modified' ? p.updatedAt : p.createdAt);
      const found = this.data.products.filter(
        (p) =>
          (q.status === 'any' || !q.status ? true : (q.status === 'publish') === (p.status === 'active')) &&
          modifiedAfter(q, p.updatedAt),
      );
      return list(request, reply, sortBy(found, q, at), (p) => this.productJson(p));
    });
    app.get<{ Params: { id: string } }>('/wp-json/wc/v3/products/:id', async (request, reply) => {
      if (!(await guard(request, reply, 'products'))) return reply;
      const p = this.data.products.find((x) => x.id === Number(request.params.id));
      if (!p) return wpError(reply, 404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      return this.productJson(p);
    });
    app.get<{ Params: { id: string } }>('/wp-json/wc/v3/products/:id/variations', async (request, reply) => {
      if (!(await guard(request, reply, 'products'))) return reply;
      const p = this.data.products.find((x) => x.id === Number(request.params.id));
      if (!p) return wpError(reply, 404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      return list(
        request,
        reply,
        p.variants.map((v) => ({
          id: v.id,
          sku: v.sku,
          global_unique_id: v.barcode,
          price: v.price,
          manage_stock: true,
          stock_quantity: v.stock,
          stock_status: v.stock > 0 ? 'instock' : 'outofstock',
          attributes: Object.entries(v.options).map(([name, option], i) => ({ id: i + 1, name, option })),
        })),
      );
    });
    app.get('/wp-json/wc/v3/customers', async (request, reply) => {
      if (!(await guard(request, reply, 'customers'))) return reply;
      const q = request.query as Record<string, string>;
      const found = this.data.customers.filter((c) => !q.email || c.email.toLowerCase() === q.email.toLowerCase());
      return list(
        request,
        reply,
        found.map((c) => ({
          id: c.id,
          email: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
          role: 'customer',
          billing: { first_name: c.firstName, last_name: c.lastName, email: c.email, phone: c.phone },
        })),
      );
    });
    app.get('/wp-json/wc/v3/orders', async (request, reply) => {
      if (!(await guard(request, reply, 'orders'))) return reply;
      const q = request.query as Record<string, string>;
      const found = this.data.orders.filter((o) => {
        const c = this.data.customer(o.customerId)!;
        if (q.customer && String(c.id) !== q.customer) return false;
        if (q.status && STATUS[o.state] !== q.status) return false;
        if (q.after && o.createdAt.getTime() <= Date.parse(q.after)) return false;
        if (q.before && o.createdAt.getTime() >= Date.parse(q.before)) return false;
        if (!modifiedAfter(q, o.updatedAt)) return false;
        if (q.search) {
          const s = q.search.toLowerCase();
          const digits = phoneTail(q.search);
          const hit =
            c.email.toLowerCase().includes(s) ||
            o.number === q.search ||
            `${c.firstName} ${c.lastName}`.toLowerCase().includes(s) ||
            (digits.length >= 7 && phoneTail(c.phone) === digits);
          if (!hit) return false;
        }
        return true;
      });
      const at = (o: FakeOrder) => (q.orderby === 'modified' ? o.updatedAt : o.createdAt);
      return list(
        request,
        reply,
        sortBy(found, q, at).map((o) => this.orderJson(o)),
      );
    });
    app.get<{ Params: { id: string } }>('/wp-json/wc/v3/orders/:id', async (request, reply) => {
      if (!(await guard(request, reply, 'orders'))) return reply;
      const o = this.data.orders.find((x) => x.id === Number(request.params.id));
      if (!o) return wpError(reply, 404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
      return this.orderJson(o);
    });
    app.post('/wp-json/wc/v3/webhooks', async (request, reply) => {
      if (!(await guard(request, reply, 'webhooks'))) return reply;
      const body = request.body as { topic: string; delivery_url: string; secret: string; name: string };
      if (!body.delivery_url?.startsWith('https://'))
        return wpError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): delivery_url');
      const hook = { id: this.nextHookId++, topic: body.topic, delivery_url: body.delivery_url, secret: body.secret };
      this.webhooks.push(hook);
      return reply.code(201).send({ ...hook, name: body.name, status: 'active', secret: undefined });
    });
    app.delete<{ Params: { id: string } }>('/wp-json/wc/v3/webhooks/:id', async (request, reply) => {
      if (!(await guard(request, reply, 'webhooks'))) return reply;
      const at = this.webhooks.findIndex((h) => h.id === Number(request.params.id));
      if (at < 0) return wpError(reply, 404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
      const [hook] = this.webhooks.splice(at, 1);
      return hook;
    });
    app.setNotFoundHandler((_request, reply) =>
      wpError(reply, 404, 'rest_no_route', 'No route was found matching the URL and request method.'),
    );
  }
}
