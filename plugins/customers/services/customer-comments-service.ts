import { nonBlank, normalizePhone, pageOf, type EntityManager, type Paging } from '../../../core/index.js';
import { CustomerComment } from '../entities/customer-comment.entity.js';
import type { CustomersService } from './customers-service.js';
import { commentPayload } from './payloads.js';

/** Internal comments on customers: written by agents or the assistant, never sent to the customer. */
export class CustomerCommentsService {
  constructor(private readonly deps: { em: EntityManager; customersService: CustomersService }) {}

  /** A comment on a phone the shop has not seen yet creates the customer: notes often come first. */
  async add(rawPhone: string, comment: string, agentName: string) {
    const body = nonBlank(comment, 'comment');
    const author = nonBlank(agentName, 'agent_name');
    const { customer, created } = await this.deps.customersService.ensure(normalizePhone(rawPhone));
    const row = this.deps.em.create(CustomerComment, { customer, body, agentName: author } as CustomerComment);
    await this.deps.em.flush();
    return {
      comment: commentPayload(row),
      customer: this.deps.customersService.toPayload(customer),
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
