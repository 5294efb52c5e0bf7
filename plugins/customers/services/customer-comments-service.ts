import {
  nonBlank,
  normalizePhone,
  pageOf,
  sql,
  type EntityManager,
  type Paging,
  type ShopContext,
} from '../../../core/index.js';
import { CustomerComment } from '../entities/customer-comment.entity.js';
import type { CustomersService } from './customers-service.js';
import { commentPayload } from './payloads.js';

/** Internal comments on customers: written by agents or the assistant, never sent to the customer. */
export class CustomerCommentsService {
  constructor(private readonly deps: { em: EntityManager; shop: ShopContext; customersService: CustomersService }) {}

  /** A comment on a phone the shop has not seen yet creates the customer: notes often come first. */
  async add(rawPhone: string, comment: string, agentName: string) {
    const body = nonBlank(comment, 'comment');
    const author = nonBlank(agentName, 'agent_name');
    const { customer, created } = await this.deps.customersService.ensurePayload(normalizePhone(rawPhone));
    const [row] = await sql<{ id: number; created_at: string }>(
      this.deps.em,
      'insert into customer_comments (shop_id, customer_id, body, agent_name, created_at) values ($1, $2, $3, $4, now()) returning id, created_at',
      [this.deps.shop.id, customer.id, body, author],
    );
    return {
      comment: commentPayload({ id: row!.id, body, agentName: author, createdAt: new Date(row!.created_at) }),
      customer,
      customer_created: created,
    };
  }

  /** Newest first. */
  async list(rawPhone: string, paging: Paging) {
    const customer = await this.deps.customersService.getByPhone(rawPhone);
    const [items, count] = await this.deps.em.findAndCount(
      CustomerComment,
      { customer },
      { orderBy: { id: 'desc' }, limit: paging.limit, offset: paging.offset },
    );
    return {
      customer_id: customer.id,
      phone: customer.phone,
      ...pageOf('comments', items.map(commentPayload), count, paging),
    };
  }
}
