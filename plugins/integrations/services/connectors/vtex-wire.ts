/** The VTEX shapes the connector reads (Catalog, Pricing, Logistics, OMS, Master Data), as far as it reads them. */

export interface VtexSalesChannel {
  Id: number;
  Name: string;
  IsActive?: boolean;
  CurrencyCode?: string;
  CultureInfo?: string;
  TimeZone?: string;
}

export interface VtexProductAndSkuIds {
  data?: Record<string, number[]>;
  range?: { total: number; from: number; to: number };
}

export interface VtexProduct {
  Id: number;
  Name: string;
  Description?: string;
  BrandId?: number;
  LinkId?: string;
  KeyWords?: string;
  ReleaseDate?: string;
  IsActive?: boolean;
}

export interface VtexSku {
  Id: number;
  SkuName?: string;
  IsActive?: boolean;
  AlternateIds?: { Ean?: string; RefId?: string };
  Images?: { ImageUrl: string }[];
  SkuSpecifications?: { FieldName: string; FieldValues?: string[] }[];
}

export interface VtexPrice {
  basePrice?: number | null;
  listPrice?: number | null;
}

export interface VtexInventory {
  balance?: { totalQuantity?: number; reservedQuantity?: number; hasUnlimitedQuantity?: boolean }[];
}

export interface VtexOrderSummary {
  orderId: string;
  sequence?: string;
  creationDate?: string;
  lastChange?: string;
  status: string;
}

export interface VtexOrderList {
  list?: VtexOrderSummary[];
}

export interface VtexOrder extends VtexOrderSummary {
  value?: number;
  totalValue?: number;
  currencyCode?: string;
  clientName?: string;
  clientProfileData?: { email?: string; firstName?: string; lastName?: string; phone?: string; userProfileId?: string };
  items?: { name: string; refId?: string; quantity: number; price?: number; sellingPrice?: number }[];
  packageAttachment?: { packages?: { courier?: string; trackingNumber?: string; trackingUrl?: string }[] };
  storePreferencesData?: { currencyCode?: string };
}

export interface VtexClient {
  id?: string;
  userId?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
}

export interface VtexError {
  Message?: string;
  message?: string;
  error?: { message?: string };
}
