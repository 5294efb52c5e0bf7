import { Type, Nullable, DateTime } from '../../../core/index.js';
import { CRM_STAGES } from '../services/crm-fields.js';

export const StageOutput = Type.Enum([...CRM_STAGES]);

export const CrmCustomerOutput = Type.Object(
  {
    id: Type.Integer(),
    customer_id: Nullable(Type.Integer({ description: 'The customer record; null once it was deleted.' })),
    whatsapp_number: Type.String(),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    company: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    stage: StageOutput,
    stage_changed_at: DateTime(),
    custom_fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);
