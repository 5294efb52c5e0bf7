import { Migration } from '../../../core/index.js';

/** `<list id>:<tag>` → `<tag>`: how a member's tag key names its tag. */
const TAG_OF_KEY = `substr(k, strpos(k, ':') + 1)`;

/** Adds the tag counts of `rows` (a transition table) times `sign` to marketing_list_tag_counts, in key order (no deadlock between two writers). */
const countTags = (rows: string, sign: 1 | -1) => `
  insert into marketing_list_tag_counts (list_id, tag, shop_id, members)
  select r.list_id, ${TAG_OF_KEY}, r.shop_id, ${sign} * count(*)::int
  from ${rows} r cross join lateral unnest(r.tag_keys) k
  where r.tag_keys <> '{}'
  group by r.list_id, ${TAG_OF_KEY}, r.shop_id
  order by 1, 2
  on conflict (list_id, tag) do update set members = marketing_list_tag_counts.members + excluded.members;`;

/**
 * The audience facts on list members (entities/list-member.entity.ts) and the per-list tag counts
 * (entities/list-tag-count.entity.ts): the columns, their values for the members that already
 * exist (derived from the customers, whatsapp_ops and exclusion records, as
 * services/audience-facts.ts does), the partial indexes counts read them through, and the
 * statement triggers that keep the tag counts whatever writes the members. The lists' exclusion
 * fingerprints start empty, so each list's flags are checked again on its first count.
 */
export class MassMarketingAudienceFacts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "marketing_contact_lists" add column "exclusion_fingerprint" varchar(64) null;`);
    this.addSql(
      `alter table "marketing_list_members" add column "tag_keys" text[] not null default '{}', add column "last_contact_at" timestamptz null, add column "has_history" boolean not null default false, add column "excluded" boolean not null default false;`,
    );
    this
      .addSql(`update "marketing_list_members" m set "tag_keys" = coalesce(f.keys, '{}'), "last_contact_at" = f.last_contact_at
      from (select c.shop_id, c.phone, c.last_contact_at, array_agg(distinct lower(t.name)) filter (where t.name is not null) as keys
            from customers_view c left join customer_tags_view t on t.customer_id = c.id and t.shop_id = c.shop_id group by c.shop_id, c.id, c.phone, c.last_contact_at) f
      where f.shop_id = m.shop_id and f.phone = m.phone;`);
    this.addSql(
      `update "marketing_list_members" m set "tag_keys" = array(select m.list_id::text || ':' || k from unnest(m.tag_keys) k) where m.tag_keys <> '{}';`,
    );
    this.addSql(`update "marketing_list_members" m set "has_history" = true
      where exists (select 1 from chatapp_messages_view x where x.shop_id = m.shop_id and x.phone = m.phone and x.sent_at is not null);`);
    this.addSql(`update "marketing_list_members" m set "excluded" = true
      where exists (select 1 from marketing_blacklist b where b.shop_id = m.shop_id and b.phone = m.phone)
         or exists (select 1 from marketing_unsubscribes u where u.shop_id = m.shop_id and u.phone = m.phone)
         or exists (select 1 from chatapp_optouts_view o where o.shop_id = m.shop_id and o.phone = m.phone);`);
    this.addSql(
      `create index "marketing_list_members_tag_keys_index" on "marketing_list_members" using gin ("tag_keys") where "tag_keys" <> '{}';`,
    );
    this.addSql(
      `create index "marketing_list_members_excluded_index" on "marketing_list_members" ("list_id", "phone") include ("shop_id", "tag_keys") where "excluded";`,
    );
    this.addSql(
      `create index "marketing_list_members_history_index" on "marketing_list_members" ("list_id", "excluded") include ("shop_id") where "has_history";`,
    );
    this.addSql(
      `create index "marketing_list_members_contact_index" on "marketing_list_members" ("list_id", "last_contact_at") include ("shop_id", "excluded", "has_history") where "last_contact_at" is not null;`,
    );

    this.addSql(
      `create table "marketing_list_tag_counts" ("list_id" int not null, "tag" varchar(50) not null, "shop_id" int not null, "members" int not null, constraint "marketing_list_tag_counts_pkey" primary key ("list_id", "tag"));`,
    );
    this.addSql(`create index "marketing_list_tag_counts_shop_id_index" on "marketing_list_tag_counts" ("shop_id");`);
    this.addSql(
      `alter table "marketing_list_tag_counts" add constraint "marketing_list_tag_counts_list_id_foreign" foreign key ("list_id") references "marketing_contact_lists" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(countTags('marketing_list_members', 1));
    this.addSql(`create function marketing_list_tag_counts_inserted() returns trigger language plpgsql as $$
      begin ${countTags('new_members', 1)} return null; end $$;`);
    this.addSql(`create function marketing_list_tag_counts_deleted() returns trigger language plpgsql as $$
      begin ${countTags('old_members', -1)} return null; end $$;`);
    // An update counts only the rows whose tags changed: their old tags out, their new ones in.
    this.addSql(`create function marketing_list_tag_counts_updated() returns trigger language plpgsql as $$
      begin
        insert into marketing_list_tag_counts (list_id, tag, shop_id, members)
        select d.list_id, d.tag, d.shop_id, sum(d.delta)::int from (
          select o.list_id, o.shop_id, ${TAG_OF_KEY} as tag, -1 as delta
          from old_members o join new_members n on n.list_id = o.list_id and n.phone = o.phone cross join lateral unnest(o.tag_keys) k
          where o.tag_keys <> n.tag_keys
          union all
          select n.list_id, n.shop_id, ${TAG_OF_KEY}, 1
          from old_members o join new_members n on n.list_id = o.list_id and n.phone = o.phone cross join lateral unnest(n.tag_keys) k
          where o.tag_keys <> n.tag_keys) d
        group by d.list_id, d.tag, d.shop_id
        having sum(d.delta) <> 0
        order by 1, 2
        on conflict (list_id, tag) do update set members = marketing_list_tag_counts.members + excluded.members;
        return null;
      end $$;`);
    this.addSql(`create trigger marketing_list_tag_counts_inserted after insert on marketing_list_members
      referencing new table as new_members for each statement execute function marketing_list_tag_counts_inserted();`);
    this.addSql(`create trigger marketing_list_tag_counts_deleted after delete on marketing_list_members
      referencing old table as old_members for each statement execute function marketing_list_tag_counts_deleted();`);
    this.addSql(`create trigger marketing_list_tag_counts_updated after update on marketing_list_members
      referencing old table as old_members new table as new_members for each statement execute function marketing_list_tag_counts_updated();`);
  }
}
