import { Migration } from '../../../core/index.js';

/** Campaigns, their runs and recipients (the send log), translations, and per-line pacing. */
export class MassMarketingCampaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "marketing_campaigns" ("id" serial primary key, "shop_id" int not null, "name" varchar(200) not null, "message_text" text not null, "list_id" int not null, "send_interval_seconds" int not null, "translate_by_prefix" boolean not null, "include_unsubscribe_link" boolean not null, "archive_after_send" boolean not null, "session_ids" jsonb null, "scheduled_at" timestamptz null, "segment_filters" jsonb not null, "media_url" varchar(2048) null, "media_type" text check ("media_type" in ('image', 'video', 'document')) null, "media_filename" varchar(255) null, "is_recurring" boolean not null, "recurring_cron" varchar(100) null, "next_run_at" timestamptz null, "status" text check ("status" in ('draft', 'scheduled', 'pending_approval', 'running', 'paused', 'completed', 'cancelled', 'archived')) not null, "approval_required" boolean not null, "approval_reason" varchar(200) null, "approved_at" timestamptz null, "pause_reason" text check ("pause_reason" in ('manual', 'insufficient_credits')) null, "waiting_reason" varchar(40) null, "waiting_since" timestamptz null, "duplicated_from" int null, "started_at" timestamptz null, "completed_at" timestamptz null, "cancelled_at" timestamptz null, "archived_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "marketing_campaigns_shop_id_index" on "marketing_campaigns" ("shop_id");`);
    this.addSql(
      `create index "marketing_campaigns_status_scheduled_at_index" on "marketing_campaigns" ("status", "scheduled_at");`,
    );
    this.addSql(
      `create table "marketing_campaign_recipients" ("id" bigserial primary key, "shop_id" int not null, "campaign_id" int not null, "run_id" int not null, "phone" varchar(20) not null, "name" varchar(200) null, "status" text check ("status" in ('pending', 'sending', 'sent', 'delivered', 'read', 'replied', 'unsubscribed', 'failed', 'skipped')) not null, "reason" text null, "session_id" int null, "message_id" int null, "attempts" int not null, "language" varchar(8) null, "translation" varchar(300) null, "credits_charged" int not null, "chat_was_active" boolean null, "archived_at" timestamptz null, "auto_replied_at" timestamptz null, "claimed_at" timestamptz null, "sent_at" timestamptz null, "delivered_at" timestamptz null, "read_at" timestamptz null, "replied_at" timestamptz null, "unsubscribed_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "marketing_campaign_recipients_shop_id_index" on "marketing_campaign_recipients" ("shop_id");`,
    );
    this.addSql(
      `create index "marketing_campaign_recipients_campaign_id_status_id_index" on "marketing_campaign_recipients" ("campaign_id", "status", "id");`,
    );
    this.addSql(
      `create index "marketing_campaign_recipients_shop_id_message_id_index" on "marketing_campaign_recipients" ("shop_id", "message_id");`,
    );
    this.addSql(
      `create index "marketing_campaign_recipients_shop_id_phone_index" on "marketing_campaign_recipients" ("shop_id", "phone");`,
    );
    this.addSql(
      `alter table "marketing_campaign_recipients" add constraint "marketing_campaign_recipients_run_id_phone_unique" unique ("run_id", "phone");`,
    );
    this.addSql(
      `create table "marketing_campaign_runs" ("id" serial primary key, "shop_id" int not null, "campaign_id" int not null, "seq" int not null, "occurrence_at" timestamptz not null, "status" text check ("status" in ('sending', 'completed', 'cancelled')) not null, "recipients_total" int not null, "members_total" int not null, "created_at" timestamptz not null, "completed_at" timestamptz null);`,
    );
    this.addSql(`create index "marketing_campaign_runs_shop_id_index" on "marketing_campaign_runs" ("shop_id");`);
    this.addSql(`create index "marketing_campaign_runs_status_index" on "marketing_campaign_runs" ("status");`);
    this.addSql(
      `alter table "marketing_campaign_runs" add constraint "marketing_campaign_runs_campaign_id_occurrence_at_unique" unique ("campaign_id", "occurrence_at");`,
    );
    this.addSql(
      `create table "marketing_campaign_translations" ("id" serial primary key, "shop_id" int not null, "campaign_id" int not null, "language" varchar(8) not null, "text" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "marketing_campaign_translations_shop_id_index" on "marketing_campaign_translations" ("shop_id");`,
    );
    this.addSql(
      `alter table "marketing_campaign_translations" add constraint "marketing_campaign_translations_campaign_id_language_unique" unique ("campaign_id", "language");`,
    );
    this.addSql(
      `create table "marketing_session_pacing" ("session_id" int not null, "shop_id" int not null, "last_send_at" timestamptz null, constraint "marketing_session_pacing_pkey" primary key ("session_id"));`,
    );
    this.addSql(`create index "marketing_session_pacing_shop_id_index" on "marketing_session_pacing" ("shop_id");`);
    this.addSql(
      `alter table "marketing_campaign_runs" add constraint "marketing_campaign_runs_campaign_id_foreign" foreign key ("campaign_id") references "marketing_campaigns" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "marketing_campaign_translations" add constraint "marketing_campaign_translations_campaign_id_foreign" foreign key ("campaign_id") references "marketing_campaigns" ("id") on update cascade on delete cascade;`,
    );
  }
}
