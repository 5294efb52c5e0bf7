import { Migration } from '../../../../core/index.js';

/** Chats archived on a line of the simulated network. Run by the main server and the session service alike. */
export class SandboxArchivedChats extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sandbox_archived_chats" ("id" serial primary key, "engine" varchar(40) not null, "session_key" varchar(64) not null, "peer_phone" varchar(20) not null, "archived_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "sandbox_archived_chats" add constraint "sandbox_archived_chats_session_key_peer_phone_unique" unique ("session_key", "peer_phone");`,
    );
  }
}
