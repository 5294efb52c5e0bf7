/**
 * The connector port: what every storefront adapter answers, in one normalised shape, so the tools,
 * the change feed and the products group never see a platform's own API.
 */

export const PLATFORM_TYPES = ['ecomA', 'ecomB', 'ecomC', 'ecomD'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

/** The platform behind each spec name, in the order of the spec's enumeration. */
export const PLATFORM_NAMES: Record<PlatformType, string> = {
  ecomA: 'Shopify',
  ecomB: 'WooCommerce',
  ecomC: 'PrestaShop',
  ecomD: 'VTEX',
};

export interface StoreLocale {
  /** BCP 47 as the platform gives it (`es`, `pt-BR`). */
  code: string;
  name: string | null;
  primary: boolean;
  published: boolean;
}

export interface StoreInfo {
  name: string;
  /** ISO 4217. */
  currency: string | null;
  /** IANA. */
  timezone: string | null;
  locales: StoreLocale[];
  /** Products in the store, when the platform says so cheaply. */
  productCount: number | null;
}

export interface StoreCustomer {
  externalId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  ordersCount: number | null;
}

export interface StoreOrderItem {
  title: string;
  sku: string | null;
  quantity: number;
  /** Decimal string in the order's currency. */
  unitPrice: string | null;
}

export interface StoreTracking {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface StoreOrder {
  externalId: string;
  /** What the shopper sees: `#1001`, `ES-000123`, the VTEX sequence. */
  number: string;
  createdAt: string | null;
  updatedAt: string | null;
  /** The platform's own status word, and its normalised reading. */
  platformStatus: string;
  status: OrderStatus;
  paymentStatus: string | null;
  fulfillmentStatus: string | null;
  currency: string | null;
  /** Decimal string. */
  total: string | null;
  customer: { externalId: string | null; name: string | null; email: string | null; phone: string | null };
  items: StoreOrderItem[];
  tracking: StoreTracking[];
}

/** One reading for every platform's order states. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
  'on_hold',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface StoreVariant {
  externalId: string;
  sku: string | null;
  barcode: string | null;
  title: string | null;
  options: Record<string, string>;
  /** Decimal string. */
  price: string | null;
  /** null: the platform does not track stock for it. */
  stock: number | null;
  available: boolean;
}

export interface StoreProduct {
  externalId: string;
  handle: string | null;
  title: string;
  descriptionHtml: string | null;
  brand: string | null;
  productType: string | null;
  tags: string[];
  status: 'active' | 'draft' | 'archived';
  url: string | null;
  images: string[];
  updatedAt: string | null;
  variants: StoreVariant[];
  /** Per locale code: the translated title and description, where the platform gives them. */
  translations: Record<string, { title?: string; descriptionHtml?: string }>;
}

export interface ProductPage {
  products: StoreProduct[];
  /** Opaque; null when this was the last page. */
  next: string | null;
}

export interface OrderQuery {
  phone?: string;
  email?: string;
  customerId?: string;
  status?: OrderStatus;
  dateFrom?: Date;
  dateTo?: Date;
  limit: number;
}

/** A webhook this server registered with the platform, to remove it on disconnect. */
export interface RegisteredHook {
  id: string;
  topic: string;
}

/** An inbound platform event after its signature was checked. */
export interface InboundEvent {
  /** The platform's delivery or event id: the deduplication key. */
  eventKey: string;
  topic: string;
  resourceType: 'order' | 'product' | 'customer' | 'other';
  resourceIds: string[];
  /** A delivery that only proves the endpoint works (Woo's and VTEX's pings). */
  ping: boolean;
}

/** Changes since a cursor, read by polling. */
export interface ChangeBatch {
  products: { externalId: string; updatedAt: string }[];
  orders: { externalId: string; number: string; updatedAt: string; createdAt: string | null; status: OrderStatus }[];
}

export interface StoreConnector {
  readonly platform: PlatformType;
  /** Reads the store's identity with the credentials: the credentials' test. */
  probe(): Promise<StoreInfo>;
  /** Resources the credentials cannot read, by the platform's names (empty: all there). */
  missingPermissions(): Promise<string[]>;
  findCustomers(by: { phone?: string; email?: string }): Promise<StoreCustomer[]>;
  listOrders(query: OrderQuery): Promise<StoreOrder[]>;
  getOrder(by: { id?: string; number?: string }): Promise<StoreOrder | null>;
  /** Products by updated time, oldest first, `since` inclusive. */
  listProducts(options: { cursor: string | null; since: Date | null; pageSize: number }): Promise<ProductPage>;
  /** One product read now (live stock), or null when the store no longer has it. */
  getProduct(externalId: string): Promise<StoreProduct | null>;
  /** Polls what changed in [since, now]; the caller keeps the cursor. */
  changesSince(since: Date): Promise<ChangeBatch>;
  /** null: the platform cannot push changes (PrestaShop), or not with what the shop gave (Shopify without its app secret). */
  registerWebhooks(callbackUrl: string, secret: string): Promise<RegisteredHook[] | null>;
  removeWebhooks(hooks: RegisteredHook[]): Promise<void>;
}
