import {
  containsPattern,
  invalidArguments,
  likeLiteral,
  nonBlank,
  normalizePhone,
  notFound,
  pageOf,
  sql,
  type EntityManager,
  type Paging,
  type ScopedEvents,
  type ShopContext,
} from '../../../core/index.js';
import { Customer } from '../entities/customer.entity.js';
import { CustomerComment } from '../entities/customer-comment.entity.js';
import { commentPayload, customerPayload, type CustomerFieldsRead, type CustomerPayload } from './payloads.js';

/** A customers row as a plain statement reads it: timestamps come as PostgreSQL's text, as from em.execute. */
interface CustomerRow {
  id: number;
  phone: string;
  name: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
  last_contact_at: string | null;
}

const fromRow = (r: CustomerRow): CustomerFieldsRead => ({
  id: r.id,
  phone: r.phone,
  name: r.name,
  email: r.email,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  lastContactAt: r.last_contact_at === null ? null : new Date(r.last_contact_at),
});

export interface CustomerFields {
  name?: string | null;
  email?: string | null;
}

/**
 * A port the customers group defines: names the shop's other records give these phones (E.164),
 * for customers created without one. mass_marketing fills it from the shop's contact lists.
 */
export interface ContactNamesPort {
  namesOf(phones: string[]): Promise<Map<string, string>>;
}

/** The port's registered name. */
export const CONTACT_NAMES_PORT = 'contactNamesPort';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  events: ScopedEvents;
  /** Registered by the manifest's setup: whether some group registered `contactNamesPort`. */
  customersNamesRegistered: boolean;
  contactNamesPort?: ContactNamesPort;
}

const RECENT_COMMENTS = 5;

/** Emails are compared without case everywhere, so they are stored lowercase. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The customer records. Other groups use findByPhone, ensureByPhone and toPayload; every customer
 * this service returns has its tags loaded.
 */
export class CustomersService {
  // The cradle is kept rather than destructured: `shop` and `events` exist only in shop scopes.
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  async findByPhone(phoneE164: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { phone: phoneE164 }, { populate: ['tags'] });
  }

  /** The customers among these phones (E.164), for lists that show who each row is. */
  async findByPhones(phonesE164: string[]): Promise<Customer[]> {
    if (phonesE164.length === 0) return [];
    return this.em.find(Customer, { phone: { $in: phonesE164 } }, { populate: ['tags'] });
  }

  /** The phones of the customers with each of these addresses (compared in lower case), for mail senders (the email group). */
  async phonesByEmail(emails: string[]): Promise<Map<string, string[]>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const found = new Map<string, string[]>();
    if (wanted.length === 0) return found;
    const rows = await this.em.execute<{ email: string; phone: string }[]>(
      `select lower(email) as email, phone from customers where shop_id = ? and lower(email) in (select json_array_elements_text(?::json)) order by phone`,
      [this.deps.shop.id, JSON.stringify(wanted)],
    );
    for (const row of rows) found.set(row.email, [...(found.get(row.email) ?? []), row.phone]);
    return found;
  }

  /**
   * Records messages exchanged with these phones (E.164): each phone gets its customer, created
   * when missing, and its last contact moves to its latest message. Only forward: a message
   * processed late never makes the last contact older. Two statements for the whole batch (an
   * inbound burst is one batch); every moved contact emits `customers.contacted`, in one batch.
   */
  async recordContacts(contacts: { phone: string; at: Date }[]): Promise<void> {
    if (contacts.length === 0) return;
    const latest = new Map<string, Date>();
    for (const { phone, at } of contacts) {
      const seen = latest.get(phone);
      if (!seen || at > seen) latest.set(phone, at);
    }
    // In phone order, so concurrent batches lock customers in the same order.
    const rows = JSON.stringify(
      [...latest]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([phone, at]) => ({ phone: normalizePhone(phone), at })),
    );
    const shopId = this.deps.shop.id;
    const created = await sql<{ phone: string }>(
      this.em,
      `insert into customers (shop_id, phone, created_at, updated_at)
       select $1, v.phone, now(), now() from json_to_recordset($2::json) as v(phone text, at timestamptz)
       on conflict (shop_id, phone) do nothing returning phone`,
      [shopId, rows],
    );
    await this.nameNew(created.map((r) => r.phone));
    const moved = await sql<{ id: number; phone: string; last_contact_at: Date | string }>(
      this.em,
      `update customers c set last_contact_at = v.at, updated_at = now()
       from json_to_recordset($2::json) as v(phone text, at timestamptz)
       where c.shop_id = $1 and c.phone = v.phone and (c.last_contact_at is null or c.last_contact_at < v.at)
       returning c.id, c.phone, c.last_contact_at`,
      [shopId, rows],
    );
    await this.deps.events.emitMany(
      'customers.contacted',
      moved
        .sort((a, b) => (a.phone < b.phone ? -1 : 1))
        .map((r) => ({
          customer_id: r.id,
          phone: r.phone,
          last_contact_at: new Date(r.last_contact_at).toISOString(),
        })),
    );
  }

  /** A phone as the caller typed it → the customer, or not_found; a bad number names `field`. */
  async getByPhone(raw: string, field = 'phone'): Promise<Customer> {
    const phone = normalizePhone(raw, field);
    const customer = await this.findByPhone(phone);
    if (!customer) throw notFound('customer', phone);
    return customer;
  }

  async ensureByPhone(phoneE164: string, fields: CustomerFields = {}): Promise<Customer> {
    return (await this.ensure(phoneE164, fields)).customer;
  }

  /**
   * The customer with this phone, created when missing. The insert tolerates a concurrent one for
   * the same phone (two inbound messages at once), where find-then-create would fail with a
   * conflict. An existing customer only gets the fields it lacks: callers never overwrite what an
   * agent entered.
   */
  async ensure(phoneE164: string, fields: CustomerFields = {}): Promise<{ customer: Customer; created: boolean }> {
    const phone = normalizePhone(phoneE164);
    const email = fields.email ? normalizeEmail(fields.email) : null;
    const inserted = await this.em.execute(
      'insert into customers (shop_id, phone, name, email, created_at, updated_at) values (?, ?, ?, ?, now(), now()) on conflict (shop_id, phone) do nothing returning id',
      [this.deps.shop.id, phone, fields.name ?? null, email],
    );
    const created = inserted.length === 1;
    if (created && !fields.name) await this.nameNew([phone]);
    const customer = (await this.findByPhone(phone))!;
    if (!created) {
      if (fields.name && !customer.name) customer.name = fields.name;
      if (email && !customer.email) customer.email = email;
      await this.em.flush();
    }
    return { customer, created };
  }

  /**
   * Customers just created without a name take the one the shop's other records give their phone
   * (a contact list), when a group offers them; returns the names given.
   */
  private async nameNew(phones: string[]): Promise<Map<string, string>> {
    if (phones.length === 0 || !this.deps.customersNamesRegistered) return new Map();
    const names = await this.deps.contactNamesPort!.namesOf(phones);
    if (names.size > 0)
      await sql(
        this.em,
        `update customers c set name = v.name
         from json_to_recordset($2::json) as v(phone text, name text)
         where c.shop_id = $1 and c.phone = v.phone and c.name is null`,
        [this.deps.shop.id, JSON.stringify([...names].map(([phone, name]) => ({ phone, name })))],
      );
    return names;
  }

  toPayload(c: Customer): CustomerPayload {
    return customerPayload(c, c.tags.getItems());
  }

  /**
   * `ensure` for a write that only answers with the customer (a comment): its payload, in plain
   * statements on the unit of work's connection rather than through the ORM, which cost more CPU
   * than the rest of such a call. The insert waits for a concurrent one of the same
   * phone, so the read after it finds that row.
   */
  async ensurePayload(phoneE164: string): Promise<{ customer: CustomerPayload; created: boolean }> {
    const phone = normalizePhone(phoneE164);
    const [inserted] = await sql<CustomerRow>(
      this.em,
      `insert into customers (shop_id, phone, created_at, updated_at) values ($1, $2, now(), now())
       on conflict (shop_id, phone) do nothing returning *`,
      [this.deps.shop.id, phone],
    );
    if (inserted) {
      const name = (await this.nameNew([phone])).get(phone) ?? null;
      return { customer: customerPayload(fromRow({ ...inserted, name }), []), created: true };
    }
    const [found] = await sql<CustomerRow & { tags: { name: string; color: string; at: number }[] }>(
      this.em,
      `select *,
              coalesce((select json_agg(json_build_object('name', t.name, 'color', t.color, 'at', extract(epoch from t.created_at) * 1000))
                        from customer_tags t where t.shop_id = $1 and t.customer_id = customers.id), '[]') as tags
       from customers where shop_id = $1 and phone = $2`,
      [this.deps.shop.id, phone],
    );
    const tags = found!.tags.map((t) => ({ name: t.name, color: t.color, createdAt: new Date(t.at) }));
    return { customer: customerPayload(fromRow(found!), tags), created: false };
  }

  /** The customer with its comment count and latest comments, for get_customer. */
  async detail(rawPhone: string) {
    const customer = await this.getByPhone(rawPhone);
    const [recent, commentCount] = await this.em.findAndCount(
      CustomerComment,
      { customer },
      { orderBy: { id: 'desc' }, limit: RECENT_COMMENTS },
    );
    return { ...this.toPayload(customer), comment_count: commentCount, recent_comments: recent.map(commentPayload) };
  }

  async list(tag: string | undefined, paging: Paging) {
    const where = tag === undefined ? {} : { tags: { name: { $ilike: likeLiteral(nonBlank(tag, 'tag')) } } };
    const [items, count] = await this.em.findAndCount(Customer, where, {
      populate: ['tags'],
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf(
      'customers',
      items.map((c) => this.toPayload(c)),
      count,
      paging,
    );
  }

  /** Matches the name or email containing the query, or the phone containing its digits (3 or more). */
  async search(query: string, paging: Paging) {
    const text = nonBlank(query, 'query');
    const like = containsPattern(text);
    const digits = text.replace(/\D/g, '');
    const where = {
      $or: [
        { name: { $ilike: like } },
        { email: { $ilike: like } },
        ...(digits.length >= 3 ? [{ phone: { $like: `%${digits}%` } }] : []),
      ],
    };
    const [items, count] = await this.em.findAndCount(Customer, where, {
      populate: ['tags'],
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf(
      'customers',
      items.map((c) => this.toPayload(c)),
      count,
      paging,
    );
  }

  /** undefined leaves a field as it is; null clears it. */
  async update(rawPhone: string, fields: CustomerFields) {
    if (fields.name === undefined && fields.email === undefined) {
      throw invalidArguments('Give at least one of name or email to update.', [
        { path: '(root)', message: 'needs name or email' },
      ]);
    }
    const customer = await this.getByPhone(rawPhone);
    if (fields.name !== undefined) customer.name = fields.name === null ? null : nonBlank(fields.name, 'name');
    if (fields.email !== undefined) customer.email = fields.email === null ? null : normalizeEmail(fields.email);
    await this.em.flush();
    return this.toPayload(customer);
  }

  /**
   * Deletes the customer with its comments and tags. Other groups keep their own rows (a ticket
   * stays a record of what happened) and drop their link on `customers.deleted`.
   */
  async delete(rawPhone: string) {
    const customer = await this.getByPhone(rawPhone);
    const { id, phone } = customer;
    await this.deps.events.emit('customers.deleted', { customer_id: id, phone });
    this.em.remove(customer);
    await this.em.flush();
    return { deleted: true, id, phone };
  }
}
