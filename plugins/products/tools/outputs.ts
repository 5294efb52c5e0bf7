import { DateTime, Nullable, Type, oneOf } from '../../../core/index.js';
import {
  PRODUCT_STATUSES,
  NOTIFY_CHANNELS,
  QUESTION_SOURCES,
  QUESTION_STATUSES,
  SYNC_MODES,
  SYNC_STATUSES,
} from '../entities/values.js';

export const ProductOutput = Type.Object({
  product_id: Type.Integer(),
  platform_type: Type.String(),
  external_id: Type.String(),
  handle: Nullable(Type.String()),
  title: Type.String(),
  brand: Nullable(Type.String()),
  product_type: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  status: oneOf(PRODUCT_STATUSES),
  url: Nullable(Type.String()),
  image: Nullable(Type.String()),
  price_min: Nullable(Type.String()),
  price_max: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  in_stock: Type.Boolean(),
  total_stock: Nullable(Type.Integer()),
  ai_notes: Nullable(Type.String()),
  hidden_from_ai: Type.Boolean(),
  store_updated_at: Nullable(Type.String()),
  synced_at: DateTime(),
});

export const VariantOutput = Type.Object({
  variant_id: Type.String(),
  sku: Nullable(Type.String()),
  barcode: Nullable(Type.String()),
  title: Nullable(Type.String()),
  options: Type.Record(Type.String(), Type.String()),
  price: Nullable(Type.String()),
  stock: Nullable(Type.Integer()),
  available: Type.Boolean(),
});

export const SyncRunOutput = Type.Object({
  sync_run_id: Type.Integer(),
  platform_type: Type.String(),
  mode: oneOf(SYNC_MODES),
  status: oneOf(SYNC_STATUSES),
  since: Nullable(Type.String()),
  pages: Type.Integer(),
  read: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  deleted: Type.Integer(),
  error: Nullable(Type.String()),
  started_at: DateTime(),
  finished_at: Nullable(DateTime()),
  duration_ms: Type.Integer(),
});

export const PlatformArg = Type.Optional(
  Type.Union(
    ['ecomA', 'ecomB', 'ecomC', 'ecomD'].map((p) => Type.Literal(p)),
    {
      description: 'The storefront to sync; default the enabled one.',
    },
  ),
);

export const QuestionOutput = Type.Object({
  question_id: Type.Integer(),
  product_id: Type.Integer(),
  question: Type.String(),
  answer: Nullable(Type.String()),
  status: oneOf(QUESTION_STATUSES),
  source: oneOf(QUESTION_SOURCES),
  customer_name: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  locale: Nullable(Type.String()),
  duplicates: Type.Integer(),
  answered_at: Nullable(DateTime()),
  published_at: Nullable(DateTime()),
  notified_at: Nullable(DateTime()),
  notified_via: Nullable(oneOf(NOTIFY_CHANNELS)),
  notify_error: Nullable(Type.String()),
  created_at: DateTime(),
});
