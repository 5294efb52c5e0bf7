import { Migration } from '../../../../core/index.js';

/** The Baileys engine's tables: sessions with their credentials, signal keys, messages. */
export class SessionServiceBaileysEngine extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "baileys_sessions" ("id" serial primary key, "engine" varchar(40) not null, "session_key" varchar(64) not null, "status" text check ("status" in ('awaiting_pairing', 'connected', 'logged_out')) not null, "reason" varchar(40) null, "phone" varchar(20) null, "creds_sealed" text null, "connected_at" timestamptz null, "disconnected_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "baileys_sessions" add constraint "baileys_sessions_session_key_unique" unique ("session_key");`,
    );
    this.addSql(`create index "baileys_sessions_engine_status_index" on "baileys_sessions" ("engine", "status");`);
    this.addSql(
      `create table "baileys_auth_keys" ("session_key" varchar(64) not null, "type" varchar(40) not null, "key_id" varchar(255) not null, "value_sealed" text not null, constraint "baileys_auth_keys_pkey" primary key ("session_key", "type", "key_id"));`,
    );
    this.addSql(
      `create table "baileys_messages" ("id" bigserial primary key, "engine" varchar(40) not null, "session_key" varchar(64) not null, "direction" text check ("direction" in ('outbound', 'inbound')) not null, "message_id" varchar(128) not null, "remote_jid" varchar(128) not null, "line_phone" varchar(20) null, "peer_phone" varchar(20) not null, "idempotency_key" varchar(200) null, "content_hash" varchar(64) null, "text" text null, "media" jsonb null, "status" text check ("status" in ('pending', 'sent', 'delivered', 'read', 'failed', 'received')) not null, "error" text null, "content" text null, "created_at" timestamptz not null, "delivered_at" timestamptz null, "read_at" timestamptz null, "failed_at" timestamptz null);`,
    );
    this.addSql(`create index "baileys_messages_session_key_id_index" on "baileys_messages" ("session_key", "id");`);
    this.addSql(
      `alter table "baileys_messages" add constraint "baileys_messages_session_key_direction_message_id_unique" unique ("session_key", "direction", "message_id");`,
    );
    this.addSql(
      `alter table "baileys_messages" add constraint "baileys_messages_session_key_idempotency_key_unique" unique ("session_key", "idempotency_key");`,
    );
  }
}
