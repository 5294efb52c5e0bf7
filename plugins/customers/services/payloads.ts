import type { CustomerComment } from '../entities/customer-comment.entity.js';
import type { CustomerTag } from '../entities/customer-tag.entity.js';

export const tagPayload = (t: Pick<CustomerTag, 'name' | 'color' | 'createdAt'>) => ({
  name: t.name,
  color: t.color,
  created_at: t.createdAt.toISOString(),
});

export const commentPayload = (c: Pick<CustomerComment, 'id' | 'body' | 'agentName' | 'createdAt'>) => ({
  id: c.id,
  comment: c.body,
  agent_name: c.agentName,
  created_at: c.createdAt.toISOString(),
});

/** A customer's fields as the ORM and the plain statements (customers-service) both hand them over. */
export interface CustomerFieldsRead {
  id: number;
  phone: string;
  name?: string | null;
  email?: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastContactAt?: Date | null;
}

export const customerPayload = (c: CustomerFieldsRead, tags: Pick<CustomerTag, 'name' | 'color' | 'createdAt'>[]) => ({
  id: c.id,
  phone: c.phone,
  name: c.name ?? null,
  email: c.email ?? null,
  tags: tags.map(tagPayload).sort((a, b) => a.name.localeCompare(b.name)),
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
  last_contact_at: c.lastContactAt ? c.lastContactAt.toISOString() : null,
});

export type CustomerPayload = ReturnType<typeof customerPayload>;
