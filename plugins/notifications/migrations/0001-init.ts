import { Migration } from '../../../core/index.js';

export class NotificationsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notifications" ("id" serial primary key, "shop_id" int not null, "agent_id" int not null, "type" text check ("type" in ('ticket_assigned', 'ticket_p0', 'campaign_finished', 'campaign_paused', 'line_disconnected', 'credits_low', 'booking_created', 'task_assigned', 'task_due', 'support_reply', 'referral_rewarded', 'announcement')) not null, "title" varchar(200) not null, "body" text null, "resource_type" varchar(40) null, "resource_id" varchar(64) null, "dedupe_key" varchar(200) null, "count" int not null, "read_at" timestamptz null, "snoozed_until" timestamptz null, "created_at" timestamptz not null, "last_activity_at" timestamptz not null);`,
    );
    this.addSql(`create index "notifications_shop_id_index" on "notifications" ("shop_id");`);
    this.addSql(
      `create index "notifications_shop_id_agent_id_last_activity_at_index" on "notifications" ("shop_id", "agent_id", "last_activity_at");`,
    );
    this.addSql(
      `create unique index "notifications_unread_kind_unique" on "notifications" ("shop_id", "agent_id", "type", "dedupe_key") where "read_at" is null and "dedupe_key" is not null;`,
    );
    this.addSql(
      `create table "notification_settings" ("id" serial primary key, "shop_id" int not null, "agent_id" int not null, "types" jsonb not null, "muted_session_ids" jsonb not null, "quiet_hours" jsonb null, "phone" varchar(20) null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "notification_settings_shop_id_index" on "notification_settings" ("shop_id");`);
    this.addSql(
      `alter table "notification_settings" add constraint "notification_settings_shop_id_agent_id_unique" unique ("shop_id", "agent_id");`,
    );
    this.addSql(
      `create table "notification_deliveries" ("id" serial primary key, "shop_id" int not null, "notification_id" int not null, "agent_id" int not null, "phone" varchar(20) not null, "text" text not null, "due_at" timestamptz not null, "status" text check ("status" in ('scheduled', 'sending', 'sent', 'failed', 'cancelled')) not null, "attempts" int not null, "claimed_at" timestamptz null, "message_id" int null, "reason" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "notification_deliveries_shop_id_index" on "notification_deliveries" ("shop_id");`);
    this.addSql(
      `create index "notification_deliveries_notification_id_index" on "notification_deliveries" ("notification_id");`,
    );
    this.addSql(
      `create index "notification_deliveries_status_due_at_index" on "notification_deliveries" ("status", "due_at");`,
    );
  }
}
