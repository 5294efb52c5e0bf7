import { Migration } from '../../../core/index.js';

export class ReferralsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "referral_codes" ("id" serial primary key, "shop_id" int not null, "code" varchar(16) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "referral_codes_shop_id_index" on "referral_codes" ("shop_id");`);
    this.addSql(`alter table "referral_codes" add constraint "referral_codes_shop_id_unique" unique ("shop_id");`);
    this.addSql(`alter table "referral_codes" add constraint "referral_codes_code_unique" unique ("code");`);
    this.addSql(
      `create table "referral_links" ("id" serial primary key, "shop_id" int not null, "slug" varchar(32) not null, "label" varchar(100) not null, "source" varchar(50) null, "disabled_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "referral_links_shop_id_index" on "referral_links" ("shop_id");`);
    this.addSql(`alter table "referral_links" add constraint "referral_links_slug_unique" unique ("slug");`);
    this.addSql(
      `create table "referral_clicks" ("id" serial primary key, "shop_id" int not null, "link_id" int not null, "day" varchar(10) not null, "visitor" varchar(22) not null);`,
    );
    this.addSql(`create index "referral_clicks_shop_id_index" on "referral_clicks" ("shop_id");`);
    this.addSql(
      `alter table "referral_clicks" add constraint "referral_clicks_shop_id_link_id_day_visitor_unique" unique ("shop_id", "link_id", "day", "visitor");`,
    );
    this.addSql(
      `create table "referrals" ("id" serial primary key, "referrer_shop_id" int not null, "referee_shop_id" int not null, "referee_name" varchar(200) not null, "link_id" int null, "status" text check ("status" in ('signed_up', 'qualified', 'rewarded', 'rejected', 'reversed')) not null, "reason" varchar(200) null, "referrer_credits" int not null, "referee_credits" int not null, "qualified_at" timestamptz null, "reward_due_at" timestamptz null, "referrer_rewarded_at" timestamptz null, "referee_rewarded_at" timestamptz null, "rewarded_at" timestamptz null, "referrer_reversed_at" timestamptz null, "referee_reversed_at" timestamptz null, "reversed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "referrals" add constraint "referrals_referee_shop_id_unique" unique ("referee_shop_id");`,
    );
    this.addSql(
      `create index "referrals_referrer_shop_id_status_index" on "referrals" ("referrer_shop_id", "status");`,
    );
    this.addSql(`create index "referrals_status_index" on "referrals" ("status");`);
  }
}
