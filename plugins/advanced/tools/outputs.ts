import { Nullable, DateTime, Type } from '../../../core/index.js';
import { DELIVERY_STATUSES, ENDPOINT_STATUSES } from '../entities/values.js';

export const WebhookConfigOutput = Type.Object({
  webhook_enabled: Type.Boolean(),
  webhook_url: Nullable(Type.String()),
  webhook_events: Type.Array(Type.String()),
  has_secret: Type.Boolean(),
  secret_hint: Nullable(Type.String()),
  previous_secret_signs_until: Nullable(DateTime()),
  endpoint_status: Type.Enum([...ENDPOINT_STATUSES]),
  failing_since: Nullable(DateTime()),
  disabled_at: Nullable(DateTime()),
  updated_at: Nullable(DateTime()),
});

export const DeliveryOutput = Type.Object({
  delivery_id: Type.String(),
  event_type: Type.String(),
  status: Type.Enum([...DELIVERY_STATUSES]),
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  next_attempt_at: Nullable(DateTime()),
  created_at: DateTime(),
  finished_at: Nullable(DateTime()),
});

export const AttemptReportOutput = Type.Object({
  delivery_id: Type.String(),
  succeeded: Type.Boolean(),
  status_code: Nullable(Type.Integer()),
  duration_ms: Type.Integer(),
  error: Nullable(Type.String()),
  response_excerpt: Nullable(Type.String()),
  headers_sent: Type.Record(Type.String(), Type.String()),
});

export const FunctionOutput = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  parameters: Type.Record(Type.String(), Type.Unknown()),
  url: Type.String(),
  method: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  timeout_seconds: Type.Integer(),
  surfaces: Type.Array(Type.String()),
  side_effects: Type.String(),
  response_max_chars: Type.Integer(),
  is_enabled: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
});

export const CallOutput = Type.Object({
  call_id: Type.Integer(),
  status: Type.String(),
  status_code: Nullable(Type.Integer()),
  duration_ms: Type.Integer(),
  result: Nullable(Type.String()),
  truncated: Type.Boolean(),
  error: Nullable(Type.String()),
});

export const DefinitionOutput = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  label: Type.String(),
  type: Type.String(),
  options: Type.Array(Type.String()),
  required: Type.Boolean(),
  description: Nullable(Type.String()),
  show_to_ai: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
});
