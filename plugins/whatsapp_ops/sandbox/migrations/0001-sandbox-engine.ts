import { Migration } from '../../../../core/index.js';

/**
 * The sandbox engine's tables. Also run by the session service under the same name
 * (`whatsapp_ops/sandbox/0001-engine`), so a database shared by both apps creates them once.
 */
export class SandboxEngineInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sandbox_events" ("id" bigserial primary key, "engine" varchar(40) not null, "event_id" varchar(64) not null, "session_key" varchar(64) not null, "type" text check ("type" in ('message.received', 'message.status', 'session.connected', 'session.disconnected')) not null, "payload" jsonb not null, "state" text check ("state" in ('pending', 'delivered', 'failed')) not null, "attempts" int not null, "next_attempt_at" timestamptz not null, "last_error" text null, "created_at" timestamptz not null, "delivered_at" timestamptz null);`,
    );
    this.addSql(`alter table "sandbox_events" add constraint "sandbox_events_event_id_unique" unique ("event_id");`);
    this.addSql(
      `create index "sandbox_events_engine_state_next_attempt_at_index" on "sandbox_events" ("engine", "state", "next_attempt_at");`,
    );
    this.addSql(
      `create table "sandbox_messages" ("id" bigserial primary key, "engine" varchar(40) not null, "session_key" varchar(64) not null, "direction" text check ("direction" in ('outbound', 'inbound')) not null, "provider_message_id" varchar(64) not null, "idempotency_key" varchar(200) null, "content_hash" varchar(64) null, "line_phone" varchar(20) not null, "peer_phone" varchar(20) not null, "text" text null, "media" jsonb null, "status" text check ("status" in ('sent', 'delivered', 'read', 'failed', 'received')) not null, "error" text null, "next_receipt_at" timestamptz null, "created_at" timestamptz not null, "delivered_at" timestamptz null, "read_at" timestamptz null, "failed_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "sandbox_messages" add constraint "sandbox_messages_provider_message_id_unique" unique ("provider_message_id");`,
    );
    this.addSql(`create index "sandbox_messages_session_key_id_index" on "sandbox_messages" ("session_key", "id");`);
    this.addSql(
      `create index "sandbox_messages_engine_next_receipt_at_index" on "sandbox_messages" ("engine", "next_receipt_at");`,
    );
    this.addSql(
      `alter table "sandbox_messages" add constraint "sandbox_messages_session_key_idempotency_key_unique" unique ("session_key", "idempotency_key");`,
    );
    this.addSql(
      `create table "sandbox_sessions" ("id" serial primary key, "engine" varchar(40) not null, "session_key" varchar(64) not null, "status" text check ("status" in ('awaiting_pairing', 'connected', 'logged_out')) not null, "pairing_token" varchar(64) null, "phone" varchar(20) null, "created_at" timestamptz not null, "connected_at" timestamptz null, "disconnected_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "sandbox_sessions" add constraint "sandbox_sessions_session_key_unique" unique ("session_key");`,
    );
    this.addSql(
      `alter table "sandbox_sessions" add constraint "sandbox_sessions_pairing_token_unique" unique ("pairing_token");`,
    );
  }
}
