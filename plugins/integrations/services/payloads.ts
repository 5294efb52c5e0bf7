import type { EcommerceConnection } from '../entities/ecommerce-connection.entity.js';
import type { EcommerceEvent } from '../entities/ecommerce-event.entity.js';
import { PLATFORM_NAMES, type StoreCustomer, type StoreOrder } from './connectors/types.js';

export const localesPayload = (c: EcommerceConnection) => ({
  ecomA_locale_mode: c.localeMode,
  ecomA_fixed_locale: c.fixedLocale ?? null,
  ecomA_content_locale_mode: c.contentLocaleMode,
  ecomA_content_fixed_locale: c.contentFixedLocale ?? null,
  ecomA_fallback_locale: c.fallbackLocale ?? null,
  store_locales: c.locales,
});

export const connectionPayload = (c: EcommerceConnection) => ({
  platform_type: c.platformType,
  platform: PLATFORM_NAMES[c.platformType],
  enabled: c.enabled,
  store_url: c.storeUrl,
  account_name: c.accountName ?? null,
  store_name: c.storeName,
  currency: c.currency ?? null,
  timezone: c.timezone ?? null,
  status: c.status,
  last_error: c.lastError ?? null,
  last_checked_at: c.lastCheckedAt?.toISOString() ?? null,
  credentials: c.credentialHints,
  feed_mode: c.feedMode,
  webhooks: c.hooks,
  webhooks_note: c.hooksError ?? null,
  locales: localesPayload(c),
  connected_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export const customerPayload = (c: StoreCustomer) => ({
  customer_id: c.externalId,
  name: c.name,
  email: c.email,
  phone: c.phone,
  orders_count: c.ordersCount,
});

export const orderPayload = (o: StoreOrder) => ({
  order_id: o.externalId,
  order_number: o.number,
  created_at: o.createdAt,
  updated_at: o.updatedAt,
  status: o.status,
  platform_status: o.platformStatus,
  payment_status: o.paymentStatus,
  fulfillment_status: o.fulfillmentStatus,
  currency: o.currency,
  total: o.total,
  customer: {
    customer_id: o.customer.externalId,
    name: o.customer.name,
    email: o.customer.email,
    phone: o.customer.phone,
  },
  items: o.items.map((i) => ({ title: i.title, sku: i.sku, quantity: i.quantity, unit_price: i.unitPrice })),
  tracking: o.tracking,
});

export const eventPayload = (e: EcommerceEvent) => ({
  id: e.id,
  platform_type: e.platformType,
  source: e.source,
  event_id: e.eventKey,
  topic: e.topic,
  status: e.status,
  resource_type: e.resourceType,
  resource_ids: e.resourceIds,
  duplicates: e.duplicates,
  error: e.error ?? null,
  received_at: e.receivedAt.toISOString(),
});
