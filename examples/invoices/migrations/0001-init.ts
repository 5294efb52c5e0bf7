import { Migration } from 'switchboard';

export class InvoicesInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoices" ("id" serial primary key, "shop_id" int not null, "customer_name" varchar(200) not null, "customer_phone" varchar(20) null, "description" text null, "amount_cents" int not null, "currency" varchar(3) not null, "due_date" date not null, "status" varchar(10) not null, "created_at" timestamptz not null, "paid_at" timestamptz null);`,
    );
    this.addSql(`create index "invoices_shop_id_index" on "invoices" ("shop_id");`);
  }
}
