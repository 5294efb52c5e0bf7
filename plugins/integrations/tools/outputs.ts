import { DateTime, Nullable, Type, oneOf } from '../../../core/index.js';
import { INBOUND_SOURCES, INBOUND_STATUSES, LOCALE_MODES, PLATFORM_TYPES } from '../entities/values.js';
import { ORDER_STATUSES } from '../services/connectors/types.js';

export const PlatformArg = oneOf(PLATFORM_TYPES);

export const StoreLocaleOutput = Type.Object({
  code: Type.String(),
  name: Nullable(Type.String()),
  primary: Type.Boolean(),
  published: Type.Boolean(),
});

export const LocalesOutput = Type.Object({
  ecomA_locale_mode: oneOf(LOCALE_MODES),
  ecomA_fixed_locale: Nullable(Type.String()),
  ecomA_content_locale_mode: oneOf(LOCALE_MODES),
  ecomA_content_fixed_locale: Nullable(Type.String()),
  ecomA_fallback_locale: Nullable(Type.String()),
  store_locales: Type.Array(StoreLocaleOutput),
});

export const ConnectionOutput = Type.Object({
  platform_type: PlatformArg,
  platform: Type.String({ description: 'The platform behind platform_type (Shopify, WooCommerce, PrestaShop, VTEX).' }),
  enabled: Type.Boolean({ description: 'The connection the assistant uses.' }),
  store_url: Type.String(),
  account_name: Nullable(Type.String()),
  store_name: Type.String(),
  currency: Nullable(Type.String()),
  timezone: Nullable(Type.String()),
  status: Type.String({ description: 'active, or error when the last check failed (last_error says why).' }),
  last_error: Nullable(Type.String()),
  last_checked_at: Nullable(DateTime()),
  credentials: Type.Record(Type.String(), Type.String(), {
    description: 'Each credential’s last 4 characters; never the secret.',
  }),
  feed_mode: Type.String({
    description: 'webhooks: the store pushes changes; polling: they are read every few minutes.',
  }),
  webhooks: Type.Array(Type.Object({ id: Type.String(), topic: Type.String() })),
  webhooks_note: Nullable(Type.String()),
  locales: LocalesOutput,
  connected_at: DateTime(),
  updated_at: DateTime(),
});

export const CustomerOutput = Type.Object({
  customer_id: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  orders_count: Nullable(Type.Integer()),
});

export const OrderOutput = Type.Object({
  order_id: Type.String(),
  order_number: Type.String(),
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
  status: oneOf(ORDER_STATUSES),
  platform_status: Type.String(),
  payment_status: Nullable(Type.String()),
  fulfillment_status: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  total: Nullable(Type.String()),
  customer: Type.Object({
    customer_id: Nullable(Type.String()),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
  }),
  items: Type.Array(
    Type.Object({
      title: Type.String(),
      sku: Nullable(Type.String()),
      quantity: Type.Number(),
      unit_price: Nullable(Type.String()),
    }),
  ),
  tracking: Type.Array(
    Type.Object({ company: Nullable(Type.String()), number: Nullable(Type.String()), url: Nullable(Type.String()) }),
  ),
});

export const EventOutput = Type.Object({
  id: Type.Integer(),
  platform_type: PlatformArg,
  source: oneOf(INBOUND_SOURCES),
  event_id: Type.String(),
  topic: Type.String(),
  status: oneOf(INBOUND_STATUSES),
  resource_type: Type.String(),
  resource_ids: Type.Array(Type.String()),
  duplicates: Type.Integer(),
  error: Nullable(Type.String()),
  received_at: DateTime(),
});
