import { Migration } from '../../../core/index.js';

/** The approved template a campaign sends on lines whose network needs one (the Cloud API). */
export class MassMarketingCampaignTemplate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "marketing_campaigns" add column "template" jsonb null;`);
  }
}
