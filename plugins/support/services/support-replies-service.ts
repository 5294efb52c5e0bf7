import type { EntityManager, Services } from '../../../core/index.js';

/**
 * Announces support's replies, which the operator's CLI wrote without an event bus: marks them
 * announced and fires support.replied in one transaction of the shop, so a notification is
 * written once per reply (a second process's UPDATE finds them announced).
 */
export class SupportRepliesService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async announce(): Promise<number> {
    const rows = await this.em.execute<{ id: number; ticket_id: number; subject: string; status: string }[]>(
      `with announced as (
         update support_messages set announced_at = now()
         where id in (select id from support_messages
                      where shop_id = ? and announced_at is null and author = 'support'
                      order by id limit 200 for update skip locked)
         returning id, ticket_id)
       select a.id, a.ticket_id, t.subject, t.status from announced a join support_tickets t on t.id = a.ticket_id order by a.id`,
      [this.deps.shop.id],
    );
    await this.deps.events.emitMany(
      'support.replied',
      rows.map((r) => ({
        ticket_id: Number(r.ticket_id),
        message_id: Number(r.id),
        subject: r.subject,
        resolved: r.status === 'resolved',
      })),
    );
    return rows.length;
  }
}
