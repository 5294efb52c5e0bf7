import { Migration } from '../../../core/index.js';

export class CustomersInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "customers" ("id" serial primary key, "shop_id" int not null, "phone" varchar(20) not null, "name" varchar(200) null, "email" varchar(254) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_contact_at" timestamptz null);`,
    );
    this.addSql(`create index "customers_shop_id_index" on "customers" ("shop_id");`);
    this.addSql(`alter table "customers" add constraint "customers_shop_id_phone_unique" unique ("shop_id", "phone");`);
    this.addSql(
      `create table "customer_comments" ("id" serial primary key, "shop_id" int not null, "customer_id" int not null, "body" text not null, "agent_name" varchar(100) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "customer_comments_shop_id_index" on "customer_comments" ("shop_id");`);
    this.addSql(`create index "customer_comments_customer_id_index" on "customer_comments" ("customer_id");`);
    this.addSql(
      `create table "customer_tags" ("id" serial primary key, "shop_id" int not null, "customer_id" int not null, "name" varchar(50) not null, "color" varchar(7) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "customer_tags_shop_id_index" on "customer_tags" ("shop_id");`);
    this.addSql(
      `alter table "customer_tags" add constraint "customer_tags_customer_id_name_unique" unique ("customer_id", "name");`,
    );
    this.addSql(
      `alter table "customer_comments" add constraint "customer_comments_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "customer_tags" add constraint "customer_tags_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete cascade;`,
    );
  }
}
