import { Migration } from '../../../core/index.js';

export class AgentsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "agents" ("id" serial primary key, "shop_id" int not null, "nickname" varchar(50) not null, "full_name" varchar(200) not null, "email" varchar(254) not null, "color" varchar(7) not null, "phone" varchar(20) null, "pin" varchar(8) null, "permissions" jsonb null, "agent_hash" varchar(32) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "agents_shop_id_index" on "agents" ("shop_id");`);
    this.addSql(`alter table "agents" add constraint "agents_agent_hash_unique" unique ("agent_hash");`);
    this.addSql(`alter table "agents" add constraint "agents_shop_id_pin_unique" unique ("shop_id", "pin");`);
  }
}
