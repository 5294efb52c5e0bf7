import { Migration } from '../../../core/index.js';

/** Which server process claimed a recipient (entities/campaign-recipient.entity.ts). */
export class MassMarketingClaimedBy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "marketing_campaign_recipients" add column "claimed_by" varchar(100) null;`);
  }
}
