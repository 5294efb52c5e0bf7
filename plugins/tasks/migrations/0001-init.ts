import { Migration } from '../../../core/index.js';

export class TasksInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "tasks" ("id" serial primary key, "shop_id" int not null, "title" varchar(200) not null, "description" text null, "type" text check ("type" in ('call', 'message', 'follow_up', 'meeting', 'other')) not null, "priority" text check ("priority" in ('low', 'normal', 'high', 'urgent')) not null, "status" text check ("status" in ('open', 'in_progress', 'done', 'cancelled')) not null, "due_at" timestamptz null, "reminder_minutes" int null, "reminder_at" timestamptz null, "reminder_sent_at" timestamptz null, "assigned_agent_id" int null, "phone" varchar(20) null, "ticket_id" int null, "recurrence" jsonb null, "next_task_id" int null, "completed_at" timestamptz null, "completion_note" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "tasks_shop_id_index" on "tasks" ("shop_id");`);
    this.addSql(`create index "tasks_shop_id_status_due_at_index" on "tasks" ("shop_id", "status", "due_at");`);
    this.addSql(`create index "tasks_shop_id_assigned_agent_id_index" on "tasks" ("shop_id", "assigned_agent_id");`);
    this.addSql(`create index "tasks_shop_id_phone_index" on "tasks" ("shop_id", "phone");`);
    this.addSql(
      `create index "tasks_reminder_due_index" on "tasks" ("reminder_at") where "reminder_sent_at" is null and "status" in ('open', 'in_progress');`,
    );
    this.addSql(
      `create table "task_comments" ("id" serial primary key, "shop_id" int not null, "task_id" int not null, "agent_id" int null, "body" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "task_comments_shop_id_index" on "task_comments" ("shop_id");`);
    this.addSql(`create index "task_comments_task_id_index" on "task_comments" ("task_id");`);
  }
}
