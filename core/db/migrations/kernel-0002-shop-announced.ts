import { Migration } from '../migration.js';

/**
 * When shop.created was delivered for a shop. Shops that exist already count as announced: groups
 * that need a row per shop backfill existing shops in their own migrations.
 */
export class KernelShopAnnounced extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "shops" add column "announced_at" timestamptz null;`);
    this.addSql(`update "shops" set "announced_at" = "created_at";`);
  }
}
