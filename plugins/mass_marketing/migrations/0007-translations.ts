import { Migration } from '../../../core/index.js';

/**
 * Translations keyed by the text they translate rather than by campaign, so the auto-reply has
 * them too, with room for a failed attempt. Campaign translations are carried over.
 */
export class MassMarketingTranslations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "marketing_translations" ("id" serial primary key, "shop_id" int not null, "source_hash" varchar(64) not null, "language" varchar(8) not null, "text" text null, "failure" text null, "failed_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_translations_shop_id_index" on "marketing_translations" ("shop_id");`);
    this.addSql(
      `alter table "marketing_translations" add constraint "marketing_translations_shop_id_source_hash_language_unique" unique ("shop_id", "source_hash", "language");`,
    );
    this.addSql(
      `insert into "marketing_translations" ("shop_id", "source_hash", "language", "text", "created_at")
       select t."shop_id", encode(sha256(convert_to(c."message_text", 'UTF8')), 'hex'), t."language", t."text", t."created_at"
       from "marketing_campaign_translations" t join "marketing_campaigns" c on c."id" = t."campaign_id"
       on conflict do nothing;`,
    );
    this.addSql(`drop table "marketing_campaign_translations";`);
  }
}
