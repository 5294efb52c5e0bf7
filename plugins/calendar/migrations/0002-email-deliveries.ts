import { Migration } from '../../../core/index.js';

/** A delivery on email or both keeps the mail it queued in the email group. */
export class CalendarEmailDeliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "calendar_deliveries" add column "email_message_id" int null;`);
  }
}
