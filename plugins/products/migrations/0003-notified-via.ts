import { Migration } from '../../../core/index.js';

/** An answer may now reach a customer who left only an email: which way it went. */
export class ProductsNotifiedVia extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "product_questions" add column "notified_via" text check ("notified_via" in ('whatsapp', 'email')) null;`,
    );
  }
}
