import { Migration } from '../migration.js';

/**
 * Confirmations that lapse unused are marked expired by a job (for the page and the metrics); the
 * job and the retention sweep find them through small partial and time indexes.
 */
export class KernelOperations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "pending_confirmations" drop constraint if exists "pending_confirmations_status_check";`);
    this.addSql(
      `alter table "pending_confirmations" add constraint "pending_confirmations_status_check" check ("status" in ('pending', 'executed', 'rejected', 'invalidated', 'expired'));`,
    );
    this.addSql(
      `create index "pending_confirmations_pending_expiry_index" on "pending_confirmations" ("expires_at") where "status" = 'pending';`,
    );
  }
}
