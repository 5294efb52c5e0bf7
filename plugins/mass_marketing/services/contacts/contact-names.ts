import { sql, type EntityManager, type ShopContext } from '../../../../core/index.js';
import type { ContactNamesPort } from '../../../customers/surface.js';

/**
 * customers' `contactNamesPort`: the name a contact list of the shop gives a phone, for a customer
 * created without one. Of several lists naming a phone, the latest member's name wins.
 */
export class MarketingContactNames implements ContactNamesPort {
  constructor(private readonly deps: { em: EntityManager; shop: ShopContext }) {}

  async namesOf(phones: string[]): Promise<Map<string, string>> {
    // Through the shop's lists: each is a lookup by the members' primary key (list_id, phone).
    const rows = await sql<{ phone: string; name: string }>(
      this.deps.em,
      `select distinct on (m.phone) m.phone, btrim(m.name) as name
       from marketing_contact_lists l
       join marketing_list_members m on m.list_id = l.id and m.phone = any($2::text[])
       where l.shop_id = $1 and m.shop_id = $1 and btrim(coalesce(m.name, '')) <> ''
       order by m.phone, m.created_at desc`,
      [this.deps.shop.id, phones],
    );
    return new Map(rows.map((r) => [r.phone, r.name]));
  }
}
