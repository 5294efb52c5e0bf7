import { Migration } from '../../../core/index.js';

export class AutomationInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "automation_contacts" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "last_automatic_at" timestamptz null, "quick_replies" int not null default 0, "paused_until" timestamptz null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "automation_contacts_shop_id_index" on "automation_contacts" ("shop_id");`);
    this.addSql(
      `alter table "automation_contacts" add constraint "automation_contacts_shop_id_phone_unique" unique ("shop_id", "phone");`,
    );
    this.addSql(
      `create table "automation_rules" ("id" serial primary key, "shop_id" int not null, "type" text check ("type" in ('welcome', 'away', 'keyword', 'ai_reply')) not null, "name" varchar(120) not null, "session_ids" jsonb not null, "keywords" jsonb not null, "match" text check ("match" in ('exact', 'contains', 'starts_with', 'word')) not null, "reply_text" text null, "ai_reply" boolean not null, "when" text check ("when" in ('always', 'inside_hours', 'outside_hours')) not null, "cooldown_hours" int not null, "priority" int not null, "enabled" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "automation_rules_shop_id_index" on "automation_rules" ("shop_id");`);
    this.addSql(`create index "automation_rules_shop_id_enabled_index" on "automation_rules" ("shop_id", "enabled");`);
    this.addSql(
      `create table "automation_run_steps" ("id" serial primary key, "shop_id" int not null, "run_id" int not null, "seq" int not null, "step_id" varchar(40) not null, "step_type" varchar(40) not null, "visit" int not null, "outcome" text check ("outcome" in ('ok', 'failed', 'waiting')) not null, "detail" jsonb not null, "message_id" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "automation_run_steps_shop_id_index" on "automation_run_steps" ("shop_id");`);
    this.addSql(`create index "automation_run_steps_run_id_seq_index" on "automation_run_steps" ("run_id", "seq");`);
    this.addSql(
      `create index "automation_run_steps_shop_id_created_at_index" on "automation_run_steps" ("shop_id", "created_at");`,
    );
    this.addSql(
      `create table "automation_workflows" ("id" serial primary key, "shop_id" int not null, "name" varchar(120) not null, "description" text null, "status" text check ("status" in ('draft', 'active', 'paused')) not null, "pause_reason" text check ("pause_reason" in ('manual', 'failing')) null, "trigger_type" varchar(40) not null, "version" int not null, "definition" jsonb not null, "consecutive_failures" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "automation_workflows_shop_id_index" on "automation_workflows" ("shop_id");`);
    this.addSql(
      `create index "automation_workflows_shop_id_status_trigger_type_index" on "automation_workflows" ("shop_id", "status", "trigger_type");`,
    );
    this.addSql(
      `create table "automation_runs" ("id" serial primary key, "shop_id" int not null, "workflow_id" int null, "version" int null, "rule_id" int null, "phone" varchar(20) not null, "session_id" int null, "trigger" jsonb not null, "status" text check ("status" in ('queued', 'running', 'waiting', 'completed', 'failed', 'cancelled', 'expired', 'skipped')) not null, "step_id" varchar(40) null, "step_state" jsonb null, "visits" jsonb not null, "variables" jsonb not null, "steps_executed" int not null default 0, "jumps" int not null default 0, "depth" int not null default 0, "parent_run_id" int null, "chain" jsonb not null, "wake_at" timestamptz null, "waiting_for" text check ("waiting_for" in ('time', 'answer', 'workflow')) null, "lease_owner" varchar(80) null, "lease_until" timestamptz null, "error_code" varchar(60) null, "error" varchar(500) null, "failed_step" varchar(40) null, "reason" varchar(200) null, "created_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "automation_runs_shop_id_index" on "automation_runs" ("shop_id");`);
    this.addSql(`create index "automation_runs_status_wake_at_index" on "automation_runs" ("status", "wake_at");`);
    this.addSql(
      `create index "automation_runs_shop_id_workflow_id_phone_created_at_index" on "automation_runs" ("shop_id", "workflow_id", "phone", "created_at");`,
    );
    this.addSql(
      `create index "automation_runs_shop_id_rule_id_phone_created_at_index" on "automation_runs" ("shop_id", "rule_id", "phone", "created_at");`,
    );
    this.addSql(
      `create index "automation_runs_shop_id_phone_status_index" on "automation_runs" ("shop_id", "phone", "status");`,
    );
    this.addSql(
      `create index "automation_runs_shop_id_created_at_index" on "automation_runs" ("shop_id", "created_at");`,
    );
    this.addSql(
      `create table "automation_workflow_versions" ("id" serial primary key, "shop_id" int not null, "workflow_id" int not null, "version" int not null, "definition" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "automation_workflow_versions_shop_id_index" on "automation_workflow_versions" ("shop_id");`,
    );
    this.addSql(
      `alter table "automation_workflow_versions" add constraint "automation_workflow_versions_workflow_id_version_unique" unique ("workflow_id", "version");`,
    );
  }
}
