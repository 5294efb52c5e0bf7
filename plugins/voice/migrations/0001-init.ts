import { Migration } from '../../../core/index.js';

/**
 * The voice assistant: per-shop settings (the web call button's among them), numbers, calls (one
 * per provider call id) with their transcripts, and the button's rate-limit counters.
 */
export class VoiceInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "voice_calls" ("id" serial primary key, "shop_id" int not null, "provider" text check ("provider" in ('sandbox', 'twilio')) not null, "provider_call_id" varchar(64) not null, "number_id" int null, "from_phone" varchar(20) not null, "to_phone" varchar(20) null, "language" varchar(2) not null, "status" text check ("status" in ('in_progress', 'completed', 'failed', 'no_answer')) not null, "phase" text check ("phase" in ('talking', 'consent', 'ended')) not null, "outcome" text check ("outcome" in ('resolved', 'handoff', 'abandoned', 'failed')) null, "misses" int not null, "silences" int not null, "open_question" text null, "summary" text null, "handoff_status" text check ("handoff_status" in ('none', 'pending', 'sent', 'declined', 'opted_out', 'failed', 'skipped')) not null, "handoff_reason" text check ("handoff_reason" in ('caller_asked', 'no_answer', 'time_limit', 'assistant_unavailable', 'manual')) null, "handoff_ticket_id" int null, "handoff_message_id" int null, "handoff_error" varchar(500) null, "transcript_deleted_at" timestamptz null, "started_at" timestamptz not null, "ended_at" timestamptz null, "duration_seconds" int null);`,
    );
    this.addSql(`create index "voice_calls_shop_id_index" on "voice_calls" ("shop_id");`);
    this.addSql(`create index "voice_calls_shop_id_started_at_index" on "voice_calls" ("shop_id", "started_at");`);
    this.addSql(
      `alter table "voice_calls" add constraint "voice_calls_shop_id_provider_provider_call_id_unique" unique ("shop_id", "provider", "provider_call_id");`,
    );
    this.addSql(
      `create table "voice_numbers" ("id" serial primary key, "shop_id" int not null, "phone_number" varchar(20) not null, "label" varchar(120) null, "number_key" varchar(40) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "voice_numbers_shop_id_index" on "voice_numbers" ("shop_id");`);
    this.addSql(
      `alter table "voice_numbers" add constraint "voice_numbers_phone_number_unique" unique ("phone_number");`,
    );
    this.addSql(`alter table "voice_numbers" add constraint "voice_numbers_number_key_unique" unique ("number_key");`);
    this.addSql(
      `create table "voice_rate_counters" ("scope" varchar(120) not null, "shop_id" int not null, "window_start" timestamptz not null, "count" int not null, constraint "voice_rate_counters_pkey" primary key ("scope"));`,
    );
    this.addSql(`create index "voice_rate_counters_shop_id_index" on "voice_rate_counters" ("shop_id");`);
    this.addSql(
      `create table "voice_settings" ("id" serial primary key, "shop_id" int not null, "provider" text check ("provider" in ('sandbox', 'twilio')) not null, "enabled" boolean not null, "account_sid" varchar(64) null, "auth_token" text null, "greeting_text" varchar(500) null, "language_mode" text check ("language_mode" in ('auto', 'fixed')) not null, "language_fixed" varchar(2) null, "max_call_minutes" int not null, "handoff_consent" text check ("handoff_consent" in ('ask', 'implied')) not null, "web_enabled" boolean not null, "web_key" varchar(40) not null, "web_allowed_domains" jsonb not null, "web_button_text" varchar(60) null, "web_calls_per_hour" int not null, "twilio_api_key_sid" varchar(64) null, "twilio_api_key_secret" text null, "twilio_app_sid" varchar(64) null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "voice_settings_shop_id_index" on "voice_settings" ("shop_id");`);
    this.addSql(`alter table "voice_settings" add constraint "voice_settings_shop_id_unique" unique ("shop_id");`);
    this.addSql(`alter table "voice_settings" add constraint "voice_settings_web_key_unique" unique ("web_key");`);
    this.addSql(
      `create table "voice_turns" ("id" serial primary key, "shop_id" int not null, "call_id" int not null, "speaker" text check ("speaker" in ('caller', 'assistant')) not null, "text" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "voice_turns_shop_id_index" on "voice_turns" ("shop_id");`);
    this.addSql(`create index "voice_turns_call_id_id_index" on "voice_turns" ("call_id", "id");`);
  }
}
