/** The Webservice JSON the PrestaShop connector reads (values come as strings, ids as either). */

type Id = number | string;
/** A multilingual field: one `{ id, value }` per language, or a plain string when a language was asked for. */
export type PsMultilang = string | { id: Id; value: string }[];

export interface PsProduct {
  id: Id;
  reference?: string;
  ean13?: string;
  price?: string;
  active?: Id;
  manufacturer_name?: string;
  date_add?: string;
  date_upd?: string;
  name?: PsMultilang;
  description?: PsMultilang;
  link_rewrite?: PsMultilang;
}

export interface PsCombination {
  id: Id;
  id_product: Id;
  reference?: string;
  ean13?: string;
  price?: string;
}

export interface PsStock {
  id_product: Id;
  id_product_attribute: Id;
  quantity: Id;
}

export interface PsCustomer {
  id: Id;
  firstname?: string;
  lastname?: string;
  email?: string;
}

export interface PsAddress {
  id_customer: Id;
  phone?: string;
  phone_mobile?: string;
}

export interface PsOrder {
  id: Id;
  reference: string;
  id_customer: Id;
  current_state: Id;
  id_currency?: Id;
  valid?: Id;
  total_paid?: string;
  date_add?: string;
  date_upd?: string;
  associations?: {
    order_rows?: {
      product_name: string;
      product_reference?: string;
      product_quantity: Id;
      unit_price_tax_incl?: string;
    }[];
  };
}

export interface PsOrderState {
  id: Id;
  name?: PsMultilang;
  shipped?: Id;
  paid?: Id;
}

export interface PsLanguage {
  id: Id;
  iso_code: string;
  language_code?: string;
  name: string;
  active: Id;
}

/** A list answer: the resource's plural name and its rows. An empty list comes back as a bare []. */
export interface PsLists {
  products?: PsProduct[];
  combinations?: PsCombination[];
  stock_availables?: PsStock[];
  customers?: PsCustomer[];
  addresses?: PsAddress[];
  orders?: PsOrder[];
  order_states?: PsOrderState[];
  order_carriers?: { id_order: Id; tracking_number?: string }[];
  languages?: PsLanguage[];
  configurations?: { name: string; value: string }[];
}

export interface PsErrors {
  errors?: { code?: number; message?: string }[];
}
