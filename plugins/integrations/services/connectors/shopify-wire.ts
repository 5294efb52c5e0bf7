/** The Admin GraphQL shapes the Shopify connector reads (API 2025-10), as far as it reads them. */

export interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

interface Money {
  shopMoney: { amount: string; currencyCode?: string };
}

export interface ShopifyCustomer {
  id: string;
  displayName?: string | null;
  email?: string | null;
  phone?: string | null;
  numberOfOrders?: string | number;
}

export interface ShopifyOrder {
  id: string;
  name: string;
  createdAt?: string | null;
  updatedAt?: string | null;
  cancelledAt?: string | null;
  displayFinancialStatus?: string | null;
  displayFulfillmentStatus?: string | null;
  email?: string | null;
  phone?: string | null;
  currencyCode?: string | null;
  totalPriceSet?: Money;
  customer?: ShopifyCustomer | null;
  lineItems?: { nodes: { title: string; sku?: string | null; quantity: number; originalUnitPriceSet?: Money }[] };
  fulfillments?: { trackingInfo?: { company?: string | null; number?: string | null; url?: string | null }[] }[];
}

export interface ShopifyVariant {
  id: string;
  sku?: string | null;
  barcode?: string | null;
  title?: string | null;
  price?: string | null;
  inventoryQuantity?: number | null;
  availableForSale?: boolean;
  selectedOptions?: { name: string; value: string }[];
}

export interface ShopifyProduct {
  id: string;
  handle?: string | null;
  title: string;
  descriptionHtml?: string | null;
  vendor?: string | null;
  productType?: string | null;
  tags?: string[];
  status?: string;
  onlineStoreUrl?: string | null;
  updatedAt?: string | null;
  images?: { nodes: { url: string }[] };
  variants?: { nodes: ShopifyVariant[] };
}

export interface ShopifyShop {
  shop: { name: string; currencyCode?: string | null; ianaTimezone?: string | null };
  shopLocales?: { locale: string; name?: string | null; primary?: boolean; published?: boolean }[];
  productsCount?: { count: number } | null;
}

export interface ShopifyUserErrors {
  userErrors?: { message: string }[];
}
