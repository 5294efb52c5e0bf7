import {
  nonBlank,
  normalizePhone,
  notFound,
  pageOf,
  type EntityManager,
  type Paging,
  type ScopedEvents,
} from '../../../core/index.js';
import type { Customer } from '../entities/customer.entity.js';
import { CustomerTag } from '../entities/customer-tag.entity.js';
import type { CustomersService } from './customers-service.js';
import { tagPayload } from './payloads.js';

/** The tag of `customer` named `name`, compared without case: "VIP" and "vip" are one tag. */
export const findTag = (customer: Customer, name: string) =>
  customer.tags.getItems().find((t) => t.name.toLowerCase() === name.toLowerCase());

/**
 * Tags on customers. A name appears once per customer; adding it again only changes its color.
 * A new tag emits `customers.tagged` and a removed one `customers.untagged`, in the call's
 * transaction (a color change emits nothing).
 */
export class CustomerTagsService {
  constructor(private readonly deps: { em: EntityManager; events: ScopedEvents; customersService: CustomersService }) {}

  async add(rawPhone: string, tagName: string, color: string) {
    const name = nonBlank(tagName, 'tag_name');
    const { customer, created } = await this.deps.customersService.ensure(normalizePhone(rawPhone));
    let tag = findTag(customer, name);
    const tagCreated = !tag;
    if (tag) tag.color = color.toLowerCase();
    else tag = this.deps.em.create(CustomerTag, { customer, name, color: color.toLowerCase() } as CustomerTag);
    await this.deps.em.flush();
    if (tagCreated)
      await this.deps.events.emit('customers.tagged', {
        customer_id: customer.id,
        phone: customer.phone,
        tag_name: tag.name,
      });
    return {
      tag: tagPayload(tag),
      tag_created: tagCreated,
      customer: this.deps.customersService.toPayload(customer),
      customer_created: created,
    };
  }

  async remove(rawPhone: string, tagName: string) {
    const customer = await this.deps.customersService.getByPhone(rawPhone);
    const tag = findTag(customer, nonBlank(tagName, 'tag_name'));
    if (!tag) throw notFound('tag', tagName);
    customer.tags.remove(tag);
    this.deps.em.remove(tag);
    await this.deps.em.flush();
    await this.deps.events.emit('customers.untagged', {
      customer_id: customer.id,
      phone: customer.phone,
      tag_name: tag.name,
    });
    return { removed: true, tag_name: tag.name, customer: this.deps.customersService.toPayload(customer) };
  }

  /** In name order. */
  async list(rawPhone: string, paging: Paging) {
    const customer = await this.deps.customersService.getByPhone(rawPhone);
    const [items, count] = await this.deps.em.findAndCount(
      CustomerTag,
      { customer },
      { orderBy: { name: 'asc' }, limit: paging.limit, offset: paging.offset },
    );
    return { customer_id: customer.id, phone: customer.phone, ...pageOf('tags', items.map(tagPayload), count, paging) };
  }
}
