import { Migration } from '../../../core/index.js';

export class TicketsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "tickets" ("id" serial primary key, "shop_id" int not null, "title" varchar(200) not null, "description" text null, "priority" text check ("priority" in ('P0', 'P1', 'P2', 'P3')) not null, "category" varchar(100) null, "status" text check ("status" in ('open', 'pending_notification', 'resolved', 'closed')) not null, "phone" varchar(20) null, "customer_email" varchar(254) null, "customer_id" int null, "assigned_agent_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "resolved_at" timestamptz null, "closed_at" timestamptz null);`,
    );
    this.addSql(`create index "tickets_shop_id_index" on "tickets" ("shop_id");`);
    this.addSql(`create index "tickets_phone_index" on "tickets" ("phone");`);
    this.addSql(`create index "tickets_customer_id_index" on "tickets" ("customer_id");`);
    this.addSql(`create index "tickets_assigned_agent_id_index" on "tickets" ("assigned_agent_id");`);
    this.addSql(
      `create table "ticket_followups" ("id" serial primary key, "shop_id" int not null, "ticket_id" int not null, "status" text check ("status" in ('queued', 'sent', 'failed', 'cancelled')) not null, "message" text not null, "composed_by" varchar(16) not null, "resolve_after_notify" boolean not null, "phone" varchar(20) null, "customer_email" varchar(254) null, "status_reason" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "sent_at" timestamptz null);`,
    );
    this.addSql(`create index "ticket_followups_shop_id_index" on "ticket_followups" ("shop_id");`);
    this.addSql(`create index "ticket_followups_ticket_id_index" on "ticket_followups" ("ticket_id");`);
    this.addSql(`create index "ticket_followups_status_index" on "ticket_followups" ("status");`);
    this.addSql(
      `create table "ticket_notes" ("id" serial primary key, "shop_id" int not null, "ticket_id" int not null, "kind" text check ("kind" in ('note', 'report', 'resolution', 'close')) not null, "body" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "ticket_notes_shop_id_index" on "ticket_notes" ("shop_id");`);
    this.addSql(`create index "ticket_notes_ticket_id_index" on "ticket_notes" ("ticket_id");`);
    this.addSql(
      `alter table "ticket_followups" add constraint "ticket_followups_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "ticket_notes" add constraint "ticket_notes_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`,
    );
  }
}
