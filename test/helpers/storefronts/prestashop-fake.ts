import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { FakeServer } from './fake-server.js';
import type { FakeOrder, StoreData } from './store-data.js';

export interface PrestaShopFakeOptions {
  key: string;
  /** PS_WEBSERVICE off: every call answers 503 with error 22. */
  disabled?: boolean;
  /** Resources the key has GET on (all by default). */
  resources?: string[];
}

const ALL = [
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
const SINGULAR: Record<string, string> = {
  configurations: 'configuration',
  currencies: 'currency',
  languages: 'language',
  products: 'product',
  combinations: 'combination',
  stock_availables: 'stock_available',
  customers: 'customer',
  addresses: 'address',
  orders: 'order',
  order_states: 'order_state',
  order_carriers: 'order_carrier',
};
const ZONE = 'Europe/Madrid';
const STATE_ID: Record<FakeOrder['state'], number> = {
  pending: 10,
  processing: 2,
  shipped: 4,
  delivered: 5,
  cancelled: 6,
  refunded: 7,
};
const LANGUAGES = [
  { id: 1, iso_code: 'es', language_code: 'es-es', name: 'Español (Spanish)', active: '1' },
  { id: 2, iso_code: 'en', language_code: 'en-us', name: 'English (English)', active: '1' },
];

type Row = Record<string, any>;

const formatted = new Map<number, string>();
/** Remembered: every request lists the whole table, and a store's dates are few. */
const local = (d: Date) => {
  let text = formatted.get(d.getTime());
  if (text === undefined) {
    text = DateTime.fromJSDate(d, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm:ss');
    formatted.set(d.getTime(), text);
  }
  return text;
};
/** localeCompare's order, with one collator instead of one per comparison. */
const collate = new Intl.Collator().compare;
/**
 * MySQL sorts DATETIME columns by time; in the fixed local format above the text's code-point order
 * is that order (a collator would give it too, many times slower: 50,000 rows sorted per page).
 */
const DATE_FIELDS = new Set(['date_add', 'date_upd']);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const PER_PRODUCT = new Set(['combinations', 'stock_availables']);
const fromLocal = (s: string) => DateTime.fromFormat(s, 'yyyy-MM-dd HH:mm:ss', { zone: ZONE }).toMillis();
const multilang = (es: string, en: string) => [
  { id: '1', value: es },
  { id: '2', value: en },
];

/**
 * A PrestaShop 8 Webservice at /api/: the key as the HTTP Basic user with an empty password
 * (or ws_key), the Webservice's JSON error bodies and codes (16 no key, 18 bad format, 20 unknown
 * key, 22 webservice disabled with 503, 26 resource not allowed for the key), HEAD, JSON output,
 * `display`, `filter[field]=[a|b]` with `%` wildcards, `[from,to]` date intervals that need
 * `date=1`, `sort=[field_ASC]`, `limit=offset,count`, multilingual fields as `[{ id, value }]`,
 * and dates in the shop's local time.
 */
export class PrestaShopFake extends FakeServer {
  constructor(
    readonly data: StoreData,
    readonly options: PrestaShopFakeOptions,
  ) {
    super();
  }

  /** `products`: the catalogue rows the product tables derive from (all, or those a request names). */
  private table(resource: string, products = this.data.products): Row[] {
    const d = this.data;
    switch (resource) {
      case 'configurations':
        return [
          { id: 1, name: 'PS_SHOP_NAME', value: 'Acme Presta' },
          { id: 2, name: 'PS_CURRENCY_DEFAULT', value: '1' },
          { id: 3, name: 'PS_TIMEZONE', value: ZONE },
          { id: 4, name: 'PS_LANG_DEFAULT', value: '1' },
        ];
      case 'currencies':
        return [{ id: 1, iso_code: d.currency, name: 'Euro' }];
      case 'languages':
        return LANGUAGES;
      case 'products':
        return products.map((p) => ({
          id: p.id,
          reference: p.variants.length > 1 ? '' : p.variants[0]!.sku,
          ean13: p.variants.length > 1 ? '' : p.variants[0]!.barcode,
          price: Number(p.variants[0]!.price).toFixed(6),
          active: p.status === 'active' ? '1' : '0',
          manufacturer_name: p.vendor,
          date_add: local(p.createdAt),
          date_upd: local(p.updatedAt),
          name: multilang(p.title, p.translations.en ?? p.title),
          description: multilang(p.description, p.description),
          link_rewrite: multilang(p.handle, p.handle),
        }));
      case 'combinations':
        return products.flatMap((p) =>
          p.variants.length > 1
            ? p.variants.map((v) => ({
                id: v.id,
                id_product: String(p.id),
                reference: v.sku,
                ean13: v.barcode,
                price: (Number(v.price) - Number(p.variants[0]!.price)).toFixed(6),
              }))
            : [],
        );
      case 'stock_availables':
        return products.flatMap((p) =>
          p.variants.length > 1
            ? p.variants.map((v) => ({
                id: v.id,
                id_product: String(p.id),
                id_product_attribute: String(v.id),
                quantity: String(v.stock),
              }))
            : [
                {
                  id: p.id,
                  id_product: String(p.id),
                  id_product_attribute: '0',
                  quantity: String(p.variants[0]!.stock),
                },
              ],
        );
      case 'customers':
        return d.customers.map((c) => ({ id: c.id, firstname: c.firstName, lastname: c.lastName, email: c.email }));
      case 'addresses':
        return d.customers.map((c) => ({ id: c.id + 1, id_customer: String(c.id), phone: '', phone_mobile: c.phone }));
      case 'orders':
        return d.orders.map((o) => ({
          id: o.id,
          reference: `REF${o.number}`,
          id_customer: String(o.customerId),
          current_state: String(STATE_ID[o.state]),
          id_currency: '1',
          valid: o.state === 'pending' || o.state === 'cancelled' ? '0' : '1',
          total_paid: Number(o.total).toFixed(6),
          date_add: local(o.createdAt),
          date_upd: local(o.updatedAt),
          associations: {
            order_rows: o.items.map((i, n) => ({
              id: String(n + 1),
              product_name: i.title,
              product_reference: i.sku,
              product_quantity: String(i.quantity),
              unit_price_tax_incl: Number(i.price).toFixed(6),
            })),
          },
        }));
      case 'order_states':
        return [
          [10, 'En espera de pago por transferencia bancaria', '0', '0'],
          [2, 'Pago aceptado', '0', '1'],
          [4, 'Enviado', '1', '1'],
          [5, 'Entregado', '1', '1'],
          [6, 'Cancelado', '0', '0'],
          [7, 'Reembolsado', '0', '1'],
        ].map(([id, name, shipped, paid]) => ({ id, name: multilang(String(name), String(name)), shipped, paid }));
      case 'order_carriers':
        return d.orders
          .filter((o) => o.tracking)
          .map((o) => ({ id: o.id, id_order: String(o.id), tracking_number: o.tracking!.number }));
      default:
        return [];
    }
  }

  protected routes(app: FastifyInstance): void {
    const error = (reply: FastifyReply, status: number, code: number, message: string) => {
      if (status === 401)
        reply.header(
          'www-authenticate',
          'Basic realm="Welcome to PrestaShop Webservice, please enter the authentication key as the login. No password required."',
        );
      return reply
        .code(status)
        .header('psws-version', '8.2.0')
        .send({ errors: [{ code, message }] });
    };
    const handle = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
      if (this.options.disabled)
        return error(
          reply,
          503,
          22,
          'The PrestaShop webservice is disabled. Please activate it in the PrestaShop Back Office',
        );
      const q = request.query as Record<string, string>;
      const auth = request.headers.authorization;
      const key = auth?.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] : q.ws_key;
      if (key === undefined)
        return error(reply, 401, 16, 'Please enter the authentication key as the login. No password required');
      if (key === '') return error(reply, 401, 17, 'Authentication key is empty');
      if (key.length !== 32) return error(reply, 401, 18, 'Invalid authentication key format');
      if (key !== this.options.key) return error(reply, 401, 20, 'Authentification key is not active');
      const [resource = '', id] = request.params['*'].split('/');
      if (resource === '')
        return { api: Object.fromEntries((this.options.resources ?? ALL).map((r) => [r, { get: 'true' }])) };
      if (!ALL.includes(resource))
        return error(reply, 400, 27, `Resource of type "${resource}" does not exists. Did you mean: "${ALL[0]}"?`);
      if (!(this.options.resources ?? ALL).includes(resource))
        return error(reply, 401, 26, `Resource of type "${resource}" is not allowed with this authentication key`);
      if (request.method === 'HEAD') return reply.code(200).send();
      let rows = this.table(resource, this.namedProducts(resource, id, q));
      if (id) {
        const row = rows.find((r) => String(r.id) === id);
        if (!row) return error(reply, 404, 87, `Id(s) not exists: ${id}`);
        return { [SINGULAR[resource]!]: this.display(row, q.display ?? 'full') };
      }
      for (const [param, raw] of Object.entries(q)) {
        const field = /^filter\[(\w+)\]$/.exec(param)?.[1];
        if (!field) continue;
        if ((field === 'date_add' || field === 'date_upd') && q.date !== '1')
          return error(reply, 400, 33, `Unable to filter by this field "${field}": its date feature needs date=1`);
        const matches = this.matcher(raw);
        rows = rows.filter((r) => matches(r[field]));
      }
      const sort = /^\[(\w+)_(ASC|DESC)(?:,(\w+)_(ASC|DESC))?\]$/.exec(q.sort ?? '');
      if (sort) {
        const keys = [
          [sort[1]!, sort[2]!],
          [sort[3], sort[4]],
        ].filter(([k]) => k) as [string, string][];
        rows = [...rows].sort((a, b) => {
          for (const [k, dir] of keys) {
            const x = a[k];
            const y = b[k];
            const cmp =
              typeof x === 'number' && typeof y === 'number'
                ? x - y
                : DATE_FIELDS.has(k)
                  ? compareText(String(x), String(y))
                  : collate(String(x), String(y));
            if (cmp !== 0) return dir === 'ASC' ? cmp : -cmp;
          }
          return 0;
        });
      }
      if (q.limit) {
        const [a, b] = q.limit.split(',').map(Number);
        rows = b === undefined ? rows.slice(0, a) : rows.slice(a, a! + b);
      }
      // An empty list is a bare [] in the Webservice's JSON output.
      if (rows.length === 0) return [];
      return { [resource]: rows.map((r) => this.display(r, q.display)) };
    };
    app.route({ method: ['GET', 'HEAD'], url: '/api/*', handler: handle });
  }

  /**
   * The products a request for a product table names by id (the path's id or `filter[id]` on
   * products, `filter[id_product]` on combinations and stock), so that it derives rows for those
   * products only, as MySQL's index would find them; the lookup and the filter still apply after.
   * Any other request derives them all.
   */
  private namedProducts(resource: string, id: string | undefined, q: Record<string, string>) {
    const raw =
      resource === 'products'
        ? (id && `[${id}]`) || q['filter[id]']
        : PER_PRODUCT.has(resource)
          ? q['filter[id_product]']
          : undefined;
    const list = raw === undefined ? null : /^\[([\d|]+)\]$/.exec(raw);
    if (!list) return this.data.products;
    const wanted = new Set(list[1]!.split('|'));
    return this.data.products.filter((p) => wanted.has(String(p.id)));
  }

  private display(row: Row, display: string | undefined): Row {
    if (display === 'full') return row;
    if (!display) return { id: row.id };
    const fields = display.replace(/^\[|\]$/g, '').split(',');
    return Object.fromEntries(fields.map((f) => [f, row[f]]));
  }

  /** PrestaShop's filter values: [a|b] any of, [from,to] an interval, % wildcards around the brackets. */
  private matcher(raw: string): (value: unknown) => boolean {
    const m = /^(%?)\[(.*)\](%?)$/.exec(raw.toLowerCase());
    // MySQL's default collation: comparisons ignore case.
    const text = (value: unknown) => String(value ?? '').toLowerCase();
    if (!m) return (value) => String(value).toLowerCase() === raw.toLowerCase();
    const [, before, inner, after] = m;
    if (before || after) {
      const values = inner!.split('|');
      return (value) =>
        values.some((v) =>
          before && after ? text(value).includes(v) : before ? text(value).endsWith(v) : text(value).startsWith(v),
        );
    }
    if (inner!.includes(',') && /^\d{4}-/.test(inner!)) {
      const [from, to] = inner!.split(',').map((t) => fromLocal(t));
      return (value) => {
        const at = fromLocal(text(value));
        return at >= from! && at <= to!;
      };
    }
    const values = new Set(inner!.split('|'));
    return (value) => values.has(text(value));
  }
}
