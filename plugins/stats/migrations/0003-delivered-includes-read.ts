import { Migration } from '../../../core/index.js';

/**
 * A read message was delivered: the daily rollups counted only messages whose last receipt was
 * "delivered", so a day of read messages showed none delivered. Rolled days take their read ones
 * into delivered, as the rollup now counts them.
 */
export class StatsDeliveredIncludesRead extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "stats_daily_messages" set "delivered" = "delivered" + "read";`);
  }
}
