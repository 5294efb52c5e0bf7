import type { CustomerComment } from '../entities/customer-comment.entity.js';
import type { CustomerTag } from '../entities/customer-tag.entity.js';

export const tagPayload = (t: CustomerTag) => ({
  name: t.name,
  color: t.color,
  created_at: t.createdAt.toISOString(),
});

export const commentPayload = (c: CustomerComment) => ({
  id: c.id,
  comment: c.body,
  agent_name: c.agentName,
  created_at: c.createdAt.toISOString(),
});
