/**
 * The catalogue, customers and orders a fake store serves, generated the same way every time.
 * Each fake translates these records into its platform's own shapes; tests change them
 * (touch, delete, add an order) and watch the connector see it.
 */

export interface FakeVariant {
  id: number;
  sku: string;
  barcode: string;
  price: string;
  stock: number;
  options: Record<string, string>;
}

export interface FakeProduct {
  id: number;
  handle: string;
  title: string;
  description: string;
  vendor: string;
  status: 'active' | 'draft';
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  variants: FakeVariant[];
  /** Per language code: the title in that language. */
  translations: Record<string, string>;
}

export interface FakeCustomer {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Stored the way shoppers type it: international for some, national for others. */
  phone: string;
}

export type FakeOrderState = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

export interface FakeOrder {
  id: number;
  number: string;
  customerId: number;
  state: FakeOrderState;
  createdAt: Date;
  updatedAt: Date;
  currency: string;
  total: string;
  items: { title: string; sku: string; quantity: number; price: string }[];
  tracking: { company: string; number: string; url: string } | null;
}

const FIRST = ['Ana', 'Luis', 'Marta', 'Jorge', 'Lucía', 'Pablo', 'Elena', 'Diego', 'Sofía', 'Hugo'];
const LAST = ['García', 'Núñez', 'López', 'Martín', 'Pérez', 'Sánchez', 'Gómez', 'Díaz', 'Ruiz', 'Moreno'];
const KINDS = ['Camiseta', 'Zapatilla', 'Chaqueta', 'Mochila', 'Gorra', 'Pantalón', 'Sudadera', 'Bufanda'];
const COLOURS = ['roja', 'azul', 'verde', 'negra', 'blanca', 'gris'];
const SIZES = ['S', 'M', 'L'];
const BASE = Date.parse('2026-01-01T00:00:00Z');

export class StoreData {
  readonly products: FakeProduct[] = [];
  readonly customers: FakeCustomer[] = [];
  readonly orders: FakeOrder[] = [];
  readonly currency = 'EUR';
  private nextId = 1;

  static seed(counts: { products?: number; customers?: number; orders?: number; variants?: number } = {}): StoreData {
    const data = new StoreData();
    const variants = counts.variants ?? 3;
    for (let i = 0; i < (counts.products ?? 30); i++) {
      const kind = KINDS[i % KINDS.length]!;
      const colour = COLOURS[Math.floor(i / KINDS.length) % COLOURS.length]!;
      const id = 1000 + i;
      const at = new Date(BASE + i * 60_000);
      data.products.push({
        id,
        handle: `${kind}-${colour}-${i}`.toLowerCase(),
        title: `${kind} ${colour} ${i}`,
        description: `<p>${kind} de algodón, color ${colour}.</p>`,
        vendor: i % 2 === 0 ? 'Acme' : 'Norte',
        status: i % 10 === 9 ? 'draft' : 'active',
        tags: [kind.toLowerCase()],
        createdAt: at,
        updatedAt: at,
        variants: Array.from({ length: variants }, (_, v) => ({
          id: id * 10 + v,
          sku: `SKU-${id}-${SIZES[v % SIZES.length]}`,
          barcode: `84000${id}${v}`,
          price: (19.9 + (i % 7) * 5).toFixed(2),
          stock: (i + v) % 4 === 0 ? 0 : 5 + ((i + v) % 9),
          options: { Size: SIZES[v % SIZES.length]! },
        })),
        translations: { en: `${kind} ${colour} ${i} (EN)` },
      });
    }
    for (let i = 0; i < (counts.customers ?? 10); i++) {
      const national = `6001000${String(i).padStart(2, '0')}`;
      data.customers.push({
        id: 500 + i,
        firstName: FIRST[i % FIRST.length]!,
        lastName: LAST[i % LAST.length]!,
        email: `cliente${i}@example.com`,
        phone: i % 2 === 0 ? `+34${national}` : `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
      });
    }
    const states: FakeOrderState[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'];
    for (let i = 0; i < (counts.orders ?? 20); i++) {
      const customer = data.customers[i % data.customers.length]!;
      const product = data.products[i % data.products.length]!;
      const at = new Date(BASE + 86_400_000 + i * 3_600_000);
      const state = states[i % states.length]!;
      data.orders.push({
        id: 9000 + i,
        number: String(1001 + i),
        customerId: customer.id,
        state,
        createdAt: at,
        updatedAt: at,
        currency: data.currency,
        total: (Number(product.variants[0]!.price) * 2).toFixed(2),
        items: [
          { title: product.title, sku: product.variants[0]!.sku, quantity: 2, price: product.variants[0]!.price },
        ],
        tracking:
          state === 'shipped' || state === 'delivered'
            ? { company: 'Correos', number: `PQ${9000 + i}ES`, url: `https://track.example.com/PQ${9000 + i}ES` }
            : null,
      });
    }
    data.nextId = 20_000;
    return data;
  }

  customer(id: number): FakeCustomer | undefined {
    return this.customers.find((c) => c.id === id);
  }

  /** A change made in the store's back office now. */
  touchProduct(id: number, change: Partial<Pick<FakeProduct, 'title' | 'status'>> = {}, at = new Date()): FakeProduct {
    const product = this.products.find((p) => p.id === id)!;
    Object.assign(product, change, { updatedAt: at });
    return product;
  }

  deleteProduct(id: number): void {
    this.products.splice(
      this.products.findIndex((p) => p.id === id),
      1,
    );
  }

  setOrderState(id: number, state: FakeOrderState, at = new Date()): FakeOrder {
    const order = this.orders.find((o) => o.id === id)!;
    order.state = state;
    order.updatedAt = at;
    return order;
  }

  addOrder(customerId: number, at = new Date()): FakeOrder {
    const product = this.products[0]!;
    const order: FakeOrder = {
      id: this.nextId++,
      number: String(5000 + this.orders.length),
      customerId,
      state: 'processing',
      createdAt: at,
      updatedAt: at,
      currency: this.currency,
      total: product.variants[0]!.price,
      items: [{ title: product.title, sku: product.variants[0]!.sku, quantity: 1, price: product.variants[0]!.price }],
      tracking: null,
    };
    this.orders.push(order);
    return order;
  }
}

/** Digits a shopper's phone ends with, for the loose matching stores do. */
export const phoneTail = (phone: string) => phone.replace(/\D/g, '').slice(-9);
