import { Migration } from '../migration.js';

/**
 * Each ledger line says what kind of movement it is, so paid credits can be told from free ones
 * (referral qualification, spend reports). Earlier lines are classified by their reason and sign.
 * A shop may also record the referral code it signed up with.
 */
export class KernelCreditKinds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "credit_movements" add column "kind" varchar(16) not null default 'grant';`);
    this.addSql(
      `update "credit_movements" set "kind" = case
         when "reason" = 'chatapp_message_refund' then 'spend_return'
         when "amount" < 0 then 'spend'
         else 'grant' end;`,
    );
    this.addSql(`alter table "credit_movements" alter column "kind" drop default;`);
    this.addSql(`create index "credit_movements_shop_id_kind_index" on "credit_movements" ("shop_id", "kind");`);
    this.addSql(`alter table "shops" add column "referral_code" varchar(32) null;`);
  }
}
