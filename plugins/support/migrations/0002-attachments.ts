import { Migration } from '../../../core/index.js';

/** A support message may carry files of the storage group. */
export class SupportAttachments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "support_messages" add column "attachments" jsonb not null default '[]';`);
    this.addSql(`alter table "support_messages" alter column "attachments" drop default;`);
  }
}
