import { invalidArguments, notFound, phoneE164OrNull, ToolError, type Services } from '../../../core/index.js';
import type { OrderStatus, PlatformType, StoreCustomer, StoreOrder } from './connectors/types.js';
import { againstStore } from './store-failure.js';

export interface CustomerKey {
  phone?: string;
  email?: string;
}

/** Two phones are the same customer's when their E.164 forms match, or their last 9 digits do (stores keep national forms). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = phoneE164OrNull(a);
  const y = phoneE164OrNull(b);
  if (x && y && x === y) return true;
  const tail = (p: string) => p.replace(/\D/g, '').slice(-9);
  return tail(a).length >= 7 && tail(a) === tail(b);
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

export function requireKey(key: CustomerKey): void {
  if (!key.phone && !key.email)
    throw invalidArguments('Give phone or email.', [{ path: '', message: 'phone or email is required' }]);
}

/**
 * Live reads from the shop's storefront, never mirrored (freshness beats a stale copy for "where
 * is my order"): customers and orders by phone or email, one order checked against the customer
 * asking. Results whose phone or email does not match are dropped, since a platform's search is
 * looser than equality.
 */
export class EcommerceLookupsService {
  constructor(private readonly deps: Services) {}

  async findCustomers(
    key: CustomerKey,
    platform?: PlatformType,
  ): Promise<{ platform: PlatformType; customers: StoreCustomer[] }> {
    requireKey(key);
    const connection = await this.deps.ecommerceConnections.require(platform);
    const connector = this.deps.ecommerceConnections.connector(connection);
    const found = await againstStore('store_unavailable', () => connector.findCustomers(key));
    return {
      platform: connection.platformType,
      customers: found.filter((c) => (key.email ? sameEmail(c.email, key.email) : samePhone(c.phone, key.phone))),
    };
  }

  async listOrders(
    query: CustomerKey & { customerId?: string; status?: OrderStatus; dateFrom?: Date; dateTo?: Date; limit: number },
    platform?: PlatformType,
  ): Promise<{ platform: PlatformType; orders: StoreOrder[] }> {
    if (!query.phone && !query.email && !query.customerId)
      throw invalidArguments('Give phone, email or customer_id.', [
        { path: '', message: 'phone, email or customer_id is required' },
      ]);
    const connection = await this.deps.ecommerceConnections.require(platform);
    const connector = this.deps.ecommerceConnections.connector(connection);
    const orders = await againstStore('store_unavailable', () => connector.listOrders(query));
    return {
      platform: connection.platformType,
      orders: orders
        .filter((o) =>
          query.email
            ? sameEmail(o.customer.email, query.email)
            : query.phone
              ? samePhone(o.customer.phone, query.phone)
              : true,
        )
        .slice(0, query.limit),
    };
  }

  /** One order; with a phone or email, only when it is that customer's (order_not_for_customer otherwise). */
  async getOrder(
    by: { id?: string; number?: string } & CustomerKey,
    platform?: PlatformType,
  ): Promise<{ platform: PlatformType; order: StoreOrder }> {
    if (!by.id && !by.number)
      throw invalidArguments('Give order_id or order_number.', [
        { path: '', message: 'order_id or order_number is required' },
      ]);
    const connection = await this.deps.ecommerceConnections.require(platform);
    const connector = this.deps.ecommerceConnections.connector(connection);
    const order = await againstStore('store_unavailable', () => connector.getOrder(by));
    if (!order) throw notFound('order', by.id ?? by.number!);
    const asked = by.phone || by.email;
    if (asked && !(samePhone(order.customer.phone, by.phone) || sameEmail(order.customer.email, by.email)))
      throw new ToolError(
        'order_not_for_customer',
        'The order does not belong to the customer asking: its phone and email do not match. Do not share it.',
        { order: by.id ?? by.number },
      );
    return { platform: connection.platformType, order };
  }
}
