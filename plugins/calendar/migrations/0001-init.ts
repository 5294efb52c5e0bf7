import { Migration } from '../../../core/index.js';

export class CalendarInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "calendar_services" ("id" serial primary key, "shop_id" int not null, "calendar_id" int not null, "name" varchar(120) not null, "description" text null, "duration_minutes" int not null, "buffer_before_minutes" int not null, "buffer_after_minutes" int not null, "max_concurrent" int not null, "price" varchar(20) null, "currency" varchar(3) not null, "requires_confirmation" boolean not null, "deleted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calendar_services_shop_id_index" on "calendar_services" ("shop_id");`);
    this.addSql(`create index "calendar_services_calendar_id_index" on "calendar_services" ("calendar_id");`);
    this.addSql(
      `create table "calendar_calendars" ("id" serial primary key, "shop_id" int not null, "name" varchar(120) not null, "description" text null, "timezone" varchar(64) not null, "slot_interval_minutes" int null, "min_notice_minutes" int not null, "max_advance_days" int not null, "is_active" boolean not null, "is_default" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calendar_calendars_shop_id_index" on "calendar_calendars" ("shop_id");`);
    this.addSql(
      `create table "calendar_agents" ("id" serial primary key, "shop_id" int not null, "calendar_id" int not null, "agent_id" int not null, "role" text check ("role" in ('owner', 'can_book', 'view_only')) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calendar_agents_shop_id_index" on "calendar_agents" ("shop_id");`);
    this.addSql(`create index "calendar_agents_agent_id_index" on "calendar_agents" ("agent_id");`);
    this.addSql(
      `alter table "calendar_agents" add constraint "calendar_agents_calendar_id_agent_id_unique" unique ("calendar_id", "agent_id");`,
    );
    this.addSql(
      `create table "calendar_deliveries" ("id" serial primary key, "shop_id" int not null, "event_id" int not null, "notification_id" int null, "notification_type" text check ("notification_type" in ('confirmation', 'reminder', 'cancellation', 'follow_up', 'no_show')) not null, "channel" varchar(10) not null, "due_at" timestamptz not null, "status" text check ("status" in ('scheduled', 'sending', 'sent', 'failed', 'skipped', 'cancelled')) not null, "attempts" int not null, "claimed_at" timestamptz null, "message_id" int null, "reason" text null, "sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calendar_deliveries_shop_id_index" on "calendar_deliveries" ("shop_id");`);
    this.addSql(`create index "calendar_deliveries_event_id_index" on "calendar_deliveries" ("event_id");`);
    this.addSql(
      `create index "calendar_deliveries_status_due_at_index" on "calendar_deliveries" ("status", "due_at");`,
    );
    this.addSql(
      `create table "calendar_events" ("id" serial primary key, "shop_id" int not null, "calendar_id" int not null, "service_id" int null, "service_name" varchar(120) null, "title" varchar(200) not null, "description" text null, "phone" varchar(20) null, "customer_name" varchar(120) null, "customer_email" varchar(254) null, "notes" text null, "assigned_agent_id" int null, "start_at" timestamptz not null, "end_at" timestamptz not null, "all_day" boolean not null, "buffer_before_minutes" int not null, "buffer_after_minutes" int not null, "price" varchar(20) null, "currency" varchar(3) null, "status" text check ("status" in ('pending', 'confirmed', 'cancelled', 'rejected', 'completed', 'no_show')) not null, "idempotency_key" varchar(100) null, "ics_uid" varchar(100) not null, "ics_sequence" int not null, "cancel_reason" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calendar_events_shop_id_index" on "calendar_events" ("shop_id");`);
    this.addSql(`create index "calendar_events_phone_index" on "calendar_events" ("phone");`);
    this.addSql(`create index "calendar_events_assigned_agent_id_index" on "calendar_events" ("assigned_agent_id");`);
    this.addSql(
      `create index "calendar_events_calendar_id_start_at_index" on "calendar_events" ("calendar_id", "start_at");`,
    );
    this.addSql(
      `alter table "calendar_events" add constraint "calendar_events_shop_id_idempotency_key_unique" unique ("shop_id", "idempotency_key");`,
    );
    this.addSql(
      `create table "calendar_notifications" ("id" serial primary key, "shop_id" int not null, "calendar_id" int not null, "notification_type" text check ("notification_type" in ('confirmation', 'reminder', 'cancellation', 'follow_up', 'no_show')) not null, "channel" text check ("channel" in ('whatsapp', 'email', 'both')) not null, "timing_minutes" int not null, "template_text" text not null, "is_enabled" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calendar_notifications_shop_id_index" on "calendar_notifications" ("shop_id");`);
    this.addSql(`create index "calendar_notifications_calendar_id_index" on "calendar_notifications" ("calendar_id");`);
    this.addSql(
      `create table "calendar_availability_rules" ("id" serial primary key, "shop_id" int not null, "calendar_id" int not null, "rule_type" text check ("rule_type" in ('weekly', 'date_exception', 'blocked')) not null, "day_of_week" int null, "specific_date" varchar(10) null, "start_time" varchar(5) not null, "end_time" varchar(5) not null, "label" varchar(120) null, "is_available" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "calendar_availability_rules_shop_id_index" on "calendar_availability_rules" ("shop_id");`,
    );
    this.addSql(
      `create index "calendar_availability_rules_calendar_id_index" on "calendar_availability_rules" ("calendar_id");`,
    );
  }
}
