/** The REST API v3 shapes the WooCommerce connector reads, as far as it reads them. */

export interface WooAddress {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
}

export interface WooTracking {
  tracking_provider?: string;
  custom_tracking_provider?: string;
  tracking_number?: string;
  custom_tracking_link?: string;
}

export interface WooOrder {
  id: number;
  number?: string | number;
  status: string;
  currency?: string;
  date_created_gmt?: string | null;
  date_modified_gmt?: string | null;
  date_paid_gmt?: string | null;
  total?: string;
  customer_id?: number;
  billing?: WooAddress;
  line_items?: { name: string; sku?: string; quantity: number; price?: number | string }[];
  meta_data?: { key: string; value: unknown }[];
}

export interface WooCustomer extends WooAddress {
  id: number;
  billing?: WooAddress;
}

export interface WooAttribute {
  name: string;
  option: string;
}

export interface WooVariation {
  id: number;
  sku?: string;
  global_unique_id?: string;
  price?: string;
  manage_stock?: boolean | 'parent';
  stock_quantity?: number | null;
  stock_status?: string;
  purchasable?: boolean;
  attributes?: WooAttribute[];
}

export interface WooProduct extends WooVariation {
  name: string;
  slug?: string;
  permalink?: string;
  type?: string;
  status?: string;
  description?: string;
  short_description?: string;
  date_modified_gmt?: string | null;
  categories?: { name: string }[];
  tags?: { name: string }[];
  brands?: { name: string }[];
  images?: { src: string }[];
  variations?: number[];
}

export interface WooSystemStatus {
  environment?: { site_title?: string; language?: string };
  settings?: { currency?: string };
}

export interface WooRoot {
  name?: string;
  timezone_string?: string;
}

export interface WooError {
  code?: string;
  message?: string;
}
