import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FakeServer } from './fake-server.js';
import { phoneTail, type FakeOrder, type StoreData } from './store-data.js';

export interface VtexFakeOptions {
  appKey: string;
  appToken: string;
  /** Modules the key's role may not use: 'Catalog', 'OMS', 'Master Data'. */
  denied?: string[];
  /** Requests per second before 429 with Retry-After. */
  requestsPerSecond?: number;
  /** The Retry-After value sent with a 429, in seconds. */
  retryAfterSeconds?: number;
}

const STATUS: Record<FakeOrder['state'], [string, string]> = {
  pending: ['payment-pending', 'Pagamento Pendente'],
  processing: ['ready-for-handling', 'Pronto para o manuseio'],
  shipped: ['invoiced', 'Faturado'],
  delivered: ['invoiced', 'Faturado'],
  cancelled: ['canceled', 'Cancelado'],
  refunded: ['canceled', 'Cancelado'],
};
const orderId = (o: FakeOrder) => `${1_400_000_000_000 + o.id}-01`;
const cents = (price: string) => Math.round(Number(price) * 100);

/**
 * A VTEX account's APIs: X-VTEX-API-AppKey / AppToken (401 without, 403 for a module the role
 * lacks), sales channels, GetProductAndSkuIds with `_from`/`_to` (at most 250 a page), catalogue
 * product and SKU reads, pricing, logistics inventory, OMS order list (`q`, `f_status`,
 * `f_creationDate`, paging) and detail, Master Data CL search, the orders hook configuration, and
 * 429 with Retry-After over a request rate.
 */
export class VtexFake extends FakeServer {
  hook: { url: string; headers: Record<string, string>; status: string[] } | null = null;
  rateLimited = 0;
  private window = { second: 0, count: 0 };

  constructor(
    readonly data: StoreData,
    readonly options: VtexFakeOptions,
  ) {
    super();
  }

  /** A change notice as the orders hook POSTs it, with the headers it was configured with. */
  delivery(order: FakeOrder) {
    const [state] = STATUS[order.state];
    return {
      headers: { 'content-type': 'application/json', ...this.hook!.headers },
      body: JSON.stringify({
        Domain: 'Marketplace',
        OrderId: orderId(order),
        State: state,
        LastState: 'order-created',
        LastChange: order.updatedAt.toISOString(),
        CurrentChange: order.updatedAt.toISOString(),
        Origin: { Account: 'acme', Key: `vtexappkey-acme` },
      }),
    };
  }

  orderJson(o: FakeOrder) {
    const c = this.data.customer(o.customerId)!;
    const [status, statusDescription] = STATUS[o.state];
    return {
      orderId: orderId(o),
      sequence: o.number,
      status,
      statusDescription,
      value: cents(o.total),
      creationDate: o.createdAt.toISOString(),
      lastChange: o.updatedAt.toISOString(),
      clientProfileData: {
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        userProfileId: `user-${c.id}`,
      },
      items: o.items.map((i) => ({
        name: i.title,
        refId: i.sku,
        quantity: i.quantity,
        price: cents(i.price),
        sellingPrice: cents(i.price),
      })),
      packageAttachment: {
        packages: o.tracking
          ? [{ courier: o.tracking.company, trackingNumber: o.tracking.number, trackingUrl: o.tracking.url }]
          : [],
      },
      storePreferencesData: { currencyCode: o.currency },
    };
  }

  protected routes(app: FastifyInstance): void {
    const guard = (request: FastifyRequest, reply: FastifyReply, module: string) => {
      const second = Math.floor(Date.now() / 1000);
      if (this.options.requestsPerSecond) {
        if (this.window.second !== second) this.window = { second, count: 0 };
        if (++this.window.count > this.options.requestsPerSecond) {
          this.rateLimited++;
          reply
            .code(429)
            .header('retry-after', String(this.options.retryAfterSeconds ?? 1))
            .send({ Message: 'Too Many Requests' });
          return false;
        }
      }
      if (
        request.headers['x-vtex-api-appkey'] !== this.options.appKey ||
        request.headers['x-vtex-api-apptoken'] !== this.options.appToken
      ) {
        reply.code(401).send({ Message: 'The credentials provided are not valid: unauthorized.' });
        return false;
      }
      if (this.options.denied?.includes(module)) {
        reply.code(403).send({ Message: `Access denied: the key has no role for ${module}.` });
        return false;
      }
      return true;
    };
    const d = this.data;
    const sku = (skuId: number) => {
      for (const p of d.products) {
        const v = p.variants.find((x) => x.id === skuId);
        if (v) return { p, v };
      }
      return null;
    };

    app.get('/api/catalog_system/pvt/saleschannel/list', async (request, reply) => {
      if (!guard(request, reply, 'Catalog')) return reply;
      return [
        {
          Id: 1,
          Name: 'Acme VTEX',
          IsActive: true,
          CurrencyCode: d.currency,
          CultureInfo: 'es-ES',
          TimeZone: 'Romance Standard Time',
        },
        {
          Id: 2,
          Name: 'Acme VTEX EN',
          IsActive: true,
          CurrencyCode: d.currency,
          CultureInfo: 'en-US',
          TimeZone: 'Romance Standard Time',
        },
      ];
    });
    app.get('/api/catalog_system/pvt/products/GetProductAndSkuIds', async (request, reply) => {
      if (!guard(request, reply, 'Catalog')) return reply;
      const q = request.query as Record<string, string>;
      const from = Number(q._from ?? 1);
      const to = Number(q._to ?? 10);
      if (to - from + 1 > 250)
        return reply.code(400).send({ Message: 'The maximum range of products is 250 (_from, _to).' });
      const slice = d.products.slice(from - 1, to);
      return {
        data: Object.fromEntries(slice.map((p) => [String(p.id), p.variants.map((v) => v.id)])),
        range: { total: d.products.length, from, to },
      };
    });
    app.get<{ Params: { id: string } }>('/api/catalog/pvt/product/:id', async (request, reply) => {
      if (!guard(request, reply, 'Catalog')) return reply;
      const p = d.products.find((x) => x.id === Number(request.params.id));
      if (!p) return reply.code(404).send({ Message: 'Product not found' });
      return {
        Id: p.id,
        Name: p.title,
        DepartmentId: 1,
        CategoryId: 2,
        BrandId: p.vendor === 'Acme' ? 2000000 : 2000001,
        LinkId: p.handle,
        RefId: `REF-${p.id}`,
        IsVisible: true,
        Description: p.description,
        ReleaseDate: p.createdAt.toISOString(),
        KeyWords: p.tags.join(', '),
        Title: p.title,
        IsActive: p.status === 'active',
      };
    });
    app.get<{ Params: { id: string } }>('/api/catalog_system/pvt/brand/:id', async (request, reply) => {
      if (!guard(request, reply, 'Catalog')) return reply;
      const names: Record<string, string> = { '2000000': 'Acme', '2000001': 'Norte' };
      const name = names[request.params.id];
      if (!name) return reply.code(404).send({ Message: 'Brand not found' });
      return { id: Number(request.params.id), name, isActive: true, title: name, metaTagDescription: '' };
    });
    app.get<{ Params: { id: string } }>(
      '/api/catalog_system/pvt/sku/stockkeepingunitByProductId/:id',
      async (request, reply) => {
        if (!guard(request, reply, 'Catalog')) return reply;
        const p = d.products.find((x) => x.id === Number(request.params.id));
        if (!p) return reply.code(404).send({ Message: 'Product not found' });
        return p.variants.map((v) => ({ Id: v.id, ProductId: p.id, IsActive: p.status === 'active', RefId: v.sku }));
      },
    );
    app.get<{ Params: { id: string } }>(
      '/api/catalog_system/pvt/sku/stockkeepingunitbyid/:id',
      async (request, reply) => {
        if (!guard(request, reply, 'Catalog')) return reply;
        const hit = sku(Number(request.params.id));
        if (!hit) return reply.code(404).send({ Message: 'Sku not found' });
        return {
          Id: hit.v.id,
          ProductId: hit.p.id,
          NameComplete: `${hit.p.title} ${Object.values(hit.v.options).join(' ')}`,
          ProductName: hit.p.title,
          SkuName: Object.values(hit.v.options).join(' / '),
          IsActive: hit.p.status === 'active',
          AlternateIds: { Ean: hit.v.barcode, RefId: hit.v.sku },
          Images: [{ ImageUrl: `https://acme.vteximg.com.br/arquivos/${hit.v.id}.jpg`, ImageName: null }],
          SkuSpecifications: Object.entries(hit.v.options).map(([FieldName, value]) => ({
            FieldName,
            FieldValues: [value],
          })),
        };
      },
    );
    app.get<{ Params: { id: string } }>('/api/pricing/prices/:id', async (request, reply) => {
      if (!guard(request, reply, 'Catalog')) return reply;
      const hit = sku(Number(request.params.id));
      if (!hit) return reply.code(404).send();
      return {
        itemId: String(hit.v.id),
        listPrice: null,
        costPrice: Number(hit.v.price) / 2,
        markup: 100,
        basePrice: Number(hit.v.price),
      };
    });
    app.get<{ Params: { id: string } }>('/api/logistics/pvt/inventory/skus/:id', async (request, reply) => {
      if (!guard(request, reply, 'Catalog')) return reply;
      const hit = sku(Number(request.params.id));
      if (!hit) return reply.code(404).send();
      return {
        skuId: String(hit.v.id),
        balance: [
          {
            warehouseId: '1_1',
            warehouseName: 'Principal',
            totalQuantity: hit.v.stock,
            reservedQuantity: 0,
            hasUnlimitedQuantity: false,
          },
        ],
      };
    });
    app.get('/api/oms/pvt/orders', async (request, reply) => {
      if (!guard(request, reply, 'OMS')) return reply;
      const q = request.query as Record<string, string>;
      let found = d.orders.filter((o) => {
        const c = d.customer(o.customerId)!;
        if (q.q) {
          const s = q.q.toLowerCase();
          if (
            ![c.email.toLowerCase(), orderId(o), o.number, `${c.firstName} ${c.lastName}`.toLowerCase()].some(
              (v) => v === s || v.includes(s),
            )
          )
            return false;
        }
        if (q.f_status && !q.f_status.split(',').includes(STATUS[o.state][0])) return false;
        if (q.f_creationDate) {
          const m = /^creationDate:\[(.+) TO (.+)\]$/.exec(q.f_creationDate);
          if (!m) return false;
          const at = o.createdAt.getTime();
          if (at < Date.parse(m[1]!) || at > Date.parse(m[2]!)) return false;
        }
        return true;
      });
      const [field, dir] = (q.orderBy ?? 'creationDate,desc').split(',');
      found = found.sort(
        (a, b) =>
          (dir === 'asc' ? 1 : -1) *
          ((field === 'creationDate' ? a.createdAt.getTime() - b.createdAt.getTime() : 0) || a.id - b.id),
      );
      const perPage = Math.min(Number(q.per_page ?? 15), 100);
      const pageNo = Number(q.page ?? 1);
      const slice = found.slice((pageNo - 1) * perPage, pageNo * perPage);
      return {
        list: slice.map((o) => {
          const c = d.customer(o.customerId)!;
          return {
            orderId: orderId(o),
            sequence: o.number,
            creationDate: o.createdAt.toISOString(),
            lastChange: o.updatedAt.toISOString(),
            clientName: `${c.firstName} ${c.lastName}`,
            totalValue: cents(o.total),
            status: STATUS[o.state][0],
            statusDescription: STATUS[o.state][1],
            currencyCode: o.currency,
          };
        }),
        paging: { total: found.length, pages: Math.ceil(found.length / perPage), currentPage: pageNo, perPage },
      };
    });
    app.get<{ Params: { id: string } }>('/api/oms/pvt/orders/:id', async (request, reply) => {
      if (!guard(request, reply, 'OMS')) return reply;
      const o = d.orders.find((x) => orderId(x) === request.params.id);
      if (!o) return reply.code(404).send({ error: { code: 'OMS003', message: 'Order not found', exception: null } });
      return this.orderJson(o);
    });
    app.get('/api/dataentities/CL/search', async (request, reply) => {
      if (!guard(request, reply, 'Master Data')) return reply;
      const q = request.query as Record<string, string>;
      const fields = (q._fields ?? 'id').split(',');
      const found = d.customers.filter(
        (c) =>
          (!q.email || c.email.toLowerCase() === q.email.toLowerCase()) &&
          (!q.phone || phoneTail(c.phone) === phoneTail(q.phone)),
      );
      const size = Number(q._size ?? 15);
      reply.header('rest-content-range', `resources 0-${Math.min(size, found.length)}/${found.length}`);
      return found.slice(0, size).map((c) => {
        const row: Record<string, unknown> = {
          id: `cl-${c.id}`,
          userId: `user-${c.id}`,
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          phone: c.phone,
        };
        return Object.fromEntries(fields.map((f) => [f, row[f]]));
      });
    });
    app.post('/api/orders/hook/config', async (request, reply) => {
      if (!guard(request, reply, 'OMS')) return reply;
      const body = request.body as {
        filter: { status: string[] };
        hook: { url: string; headers?: Record<string, string> };
      };
      if (!body.hook?.url?.startsWith('https://'))
        return reply.code(400).send({ error: { message: 'hook.url must be https' } });
      this.hook = { url: body.hook.url, headers: body.hook.headers ?? {}, status: body.filter?.status ?? [] };
      return { ...body, onTransactionCommit: true };
    });
    app.delete('/api/orders/hook/config', async (request, reply) => {
      if (!guard(request, reply, 'OMS')) return reply;
      if (!this.hook) return reply.code(404).send({ error: { message: 'Hook not found' } });
      this.hook = null;
      return reply.code(200).send();
    });
  }
}
