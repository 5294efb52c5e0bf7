import { Migration } from '../migration.js';

/** The transactional outbox (core/outbox): messages that leave the process, delivered after commit. */
export class KernelOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "outbox_messages" ("id" bigserial primary key, "event_id" varchar(40) not null, "shop_id" int not null, "topic" varchar(120) not null, "payload" jsonb not null, "status" text check ("status" in ('pending', 'delivered', 'exhausted', 'abandoned')) not null, "attempts" int not null, "available_at" timestamptz not null, "locked_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "finished_at" timestamptz null);`,
    );
    this.addSql(`alter table "outbox_messages" add constraint "outbox_messages_event_id_unique" unique ("event_id");`);
    this.addSql(`create index "outbox_messages_shop_id_index" on "outbox_messages" ("shop_id");`);
    this.addSql(
      `create index "outbox_messages_due_index" on "outbox_messages" ("available_at", "id") where "status" = 'pending';`,
    );
    this.addSql(
      `create index "outbox_messages_finished_index" on "outbox_messages" ("finished_at") where "status" <> 'pending';`,
    );
  }
}
