import { Migration } from '../../../core/index.js';

export class CrmInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_customers" ("id" serial primary key, "shop_id" int not null, "customer_id" int null, "whatsapp_number" varchar(20) not null, "name" varchar(200) null, "email" varchar(254) null, "company" varchar(200) null, "notes" text null, "stage" text check ("stage" in ('lead', 'contacted', 'qualified', 'proposal', 'won', 'lost')) not null, "stage_changed_at" timestamptz not null, "custom_fields" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "crm_customers_shop_id_index" on "crm_customers" ("shop_id");`);
    this.addSql(
      `alter table "crm_customers" add constraint "crm_customers_shop_id_whatsapp_number_unique" unique ("shop_id", "whatsapp_number");`,
    );
    this.addSql(
      `alter table "crm_customers" add constraint "crm_customers_shop_id_customer_id_unique" unique ("shop_id", "customer_id");`,
    );
  }
}
