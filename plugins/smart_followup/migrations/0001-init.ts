import { Migration } from '../../../core/index.js';

export class SmartFollowupInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "smart_followups" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "session_id" int null, "type" text check ("type" in ('conversation', 'quote', 'cart')) not null, "reference" jsonb null, "status" text check ("status" in ('scheduled', 'sent', 'replied', 'converted', 'skipped', 'cancelled', 'failed')) not null, "attempt" int not null, "max_attempts" int not null, "min_gap_hours" int not null, "due_at" timestamptz not null, "expires_at" timestamptz not null, "message" text null, "timing" jsonb not null, "skip_reason" varchar(40) null, "failure_code" varchar(60) null, "last_error" varchar(500) null, "cancel_reason" varchar(500) null, "source_message_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "stopped_at" timestamptz null);`,
    );
    this.addSql(`create index "smart_followups_shop_id_index" on "smart_followups" ("shop_id");`);
    this.addSql(
      `create index "smart_followups_shop_id_status_due_at_index" on "smart_followups" ("shop_id", "status", "due_at");`,
    );
    this.addSql(`create index "smart_followups_shop_id_phone_index" on "smart_followups" ("shop_id", "phone");`);
    this.addSql(`create index "smart_followups_status_due_at_index" on "smart_followups" ("status", "due_at");`);
    this.addSql(
      `alter table "smart_followups" add constraint "smart_followups_shop_id_source_message_id_unique" unique ("shop_id", "source_message_id");`,
    );
    this.addSql(
      `create table "smart_followup_sends" ("id" serial primary key, "shop_id" int not null, "followup_id" int not null, "attempt" int not null, "message_id" int not null, "text" text not null, "credits" int not null, "sent_at" timestamptz not null);`,
    );
    this.addSql(`create index "smart_followup_sends_shop_id_index" on "smart_followup_sends" ("shop_id");`);
    this.addSql(
      `create index "smart_followup_sends_shop_id_sent_at_index" on "smart_followup_sends" ("shop_id", "sent_at");`,
    );
    this.addSql(
      `alter table "smart_followup_sends" add constraint "smart_followup_sends_followup_id_attempt_unique" unique ("followup_id", "attempt");`,
    );
    this.addSql(
      `create table "smart_followup_settings" ("id" serial primary key, "shop_id" int not null, "type" text check ("type" in ('conversation', 'quote', 'cart')) not null, "enabled" boolean not null, "first_delay_minutes" int not null, "max_attempts" int not null, "min_gap_hours" int not null, "max_age_days" int not null, "quiet_from" varchar(5) not null, "quiet_to" varchar(5) not null, "respect_business_hours" boolean not null, "timing_mode" varchar(10) not null, "template" text not null, "sender_role" varchar(20) not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "smart_followup_settings_shop_id_index" on "smart_followup_settings" ("shop_id");`);
    this.addSql(
      `alter table "smart_followup_settings" add constraint "smart_followup_settings_shop_id_type_unique" unique ("shop_id", "type");`,
    );
  }
}
