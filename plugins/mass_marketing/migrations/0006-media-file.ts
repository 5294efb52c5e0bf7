import { Migration } from '../../../core/index.js';

/** A campaign keeps the stored file its media link points at, so every send gets a fresh link. */
export class MassMarketingMediaFile extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "marketing_campaigns" add column "media_file_id" int null;`);
  }
}
