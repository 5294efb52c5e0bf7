import { Type, Nullable, DateTime } from '../../../core/index.js';

export const TagOutput = Type.Object(
  { name: Type.String(), color: Type.String({ description: '#rrggbb' }), created_at: DateTime() },
  { additionalProperties: false },
);

export const CommentOutput = Type.Object(
  { id: Type.Integer(), comment: Type.String(), agent_name: Type.String(), created_at: DateTime() },
  { additionalProperties: false },
);

const customerFields = {
  id: Type.Integer(),
  phone: Type.String({ description: 'E.164.' }),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  tags: Type.Array(TagOutput, { description: 'Sorted by name.' }),
  created_at: DateTime(),
  updated_at: DateTime(),
  last_contact_at: Nullable(DateTime('The last message in or out.')),
};

export const CustomerOutput = Type.Object(customerFields, { additionalProperties: false });

export const CustomerDetailOutput = Type.Object(
  {
    ...customerFields,
    comment_count: Type.Integer(),
    recent_comments: Type.Array(CommentOutput, { description: 'The latest comments, newest first.' }),
  },
  { additionalProperties: false },
);

/** The customer a list belongs to, beside its page (list_customer_tags, list_customer_comments). */
export const OwnerFields = { customer_id: Type.Integer(), phone: Type.String() };
