import { Migration } from '../../../core/index.js';

/** The webhooks_disabled type (the advanced group's endpoint set aside after days of failures). */
export class NotificationsWebhooksDisabled extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_type_check";`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_type_check" check ("type" in ('ticket_assigned', 'ticket_p0', 'campaign_finished', 'campaign_paused', 'line_disconnected', 'credits_low', 'webhooks_disabled', 'booking_created', 'task_assigned', 'task_due', 'support_reply', 'referral_rewarded', 'announcement'));`,
    );
  }
}
