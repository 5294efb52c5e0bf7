import { Migration } from '../../../core/index.js';

/** A follow-up keeps the resolution it was composed from, for a composer that writes it later. */
export class TicketsFollowupComposition extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "ticket_followups" add column "resolution" text null;`);
    this.addSql(
      `create index "ticket_followups_pending_composition_index" on "ticket_followups" ("shop_id") where "composed_by" = 'pending' and "status" = 'queued';`,
    );
  }
}
