import {
  invalidArguments,
  normalizePhone,
  notFound,
  type EntityManager,
  type ScopedEvents,
} from '../../../core/index.js';
import { CustomerComment } from '../entities/customer-comment.entity.js';
import type { CustomersService } from './customers-service.js';
import { findTag } from './customer-tags-service.js';

interface Deps {
  em: EntityManager;
  events: ScopedEvents;
  customersService: CustomersService;
}

/**
 * Folds a duplicate customer (the secondary) into the one to keep (the primary). Runs in the
 * call's transaction, listeners of `customers.merged` included: if any step fails, both customers
 * stay exactly as they were.
 */
export class CustomerMergeService {
  constructor(private readonly deps: Deps) {}

  async merge(primaryRaw: string, secondaryRaw: string) {
    const primaryPhone = normalizePhone(primaryRaw, 'primary_phone');
    const secondaryPhone = normalizePhone(secondaryRaw, 'secondary_phone');
    if (primaryPhone === secondaryPhone) {
      throw invalidArguments(`primary_phone and secondary_phone are the same customer (${primaryPhone}).`, [
        { path: 'secondary_phone', message: 'must be a different customer than primary_phone' },
      ]);
    }
    const { em, customersService } = this.deps;
    const primary = await customersService.findByPhone(primaryPhone);
    if (!primary) throw notFound('customer', primaryPhone);
    const secondary = await customersService.findByPhone(secondaryPhone);
    if (!secondary) throw notFound('customer', secondaryPhone);

    const commentsMoved = await em.nativeUpdate(CustomerComment, { customer: secondary }, { customer: primary });

    // On a shared tag name the primary's tag (and its color) wins.
    let tagsMoved = 0;
    let tagsAlreadyPresent = 0;
    for (const tag of [...secondary.tags.getItems()]) {
      if (findTag(primary, tag.name)) {
        tagsAlreadyPresent++;
        em.remove(tag);
      } else {
        tagsMoved++;
        tag.customer = primary;
      }
    }

    // The primary keeps what it has; the secondary only fills gaps.
    primary.name ??= secondary.name;
    primary.email ??= secondary.email;
    if (secondary.lastContactAt && (!primary.lastContactAt || secondary.lastContactAt > primary.lastContactAt)) {
      primary.lastContactAt = secondary.lastContactAt;
    }
    await em.flush();

    await this.deps.events.emit('customers.merged', {
      primary_id: primary.id,
      secondary_id: secondary.id,
      primary_phone: primary.phone,
      secondary_phone: secondary.phone,
    });

    em.remove(secondary);
    await em.flush();
    return {
      customer: customersService.toPayload(primary),
      merged: {
        secondary_id: secondary.id,
        secondary_phone: secondaryPhone,
        comments_moved: commentsMoved,
        tags_moved: tagsMoved,
        tags_already_present: tagsAlreadyPresent,
      },
    };
  }
}
