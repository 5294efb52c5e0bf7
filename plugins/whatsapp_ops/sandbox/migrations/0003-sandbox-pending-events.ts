import { Migration } from '../../../../core/index.js';

/**
 * The outbox claims pending events in id order; with the old (engine, state, next_attempt_at)
 * index that walked every delivered event first. A partial index holds the pending ones only.
 */
export class SandboxPendingEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "sandbox_events_engine_state_next_attempt_at_index";`);
    this.addSql(
      `create index "sandbox_events_pending_index" on "sandbox_events" ("engine", "id") where "state" = 'pending';`,
    );
  }
}
