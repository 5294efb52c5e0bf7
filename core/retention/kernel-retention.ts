import type { SwitchboardConfig } from '../config/config-schema.js';
import type { RetentionRule } from './retention-rule.js';

/** The kernel's growing tables; days come from the kernel config. */
export const kernelRetention: RetentionRule<SwitchboardConfig>[] = [
  {
    table: 'outbox_messages',
    column: 'finished_at',
    where: `"status" <> 'pending'`,
    days: (config) => config.outbox.retainDays,
  },
  {
    table: 'pending_confirmations',
    column: 'created_at',
    where: `"status" <> 'pending' or "expires_at" < now()`,
    days: (config) => config.confirmation.retainDays,
  },
  {
    // A session's rows are marked seen hourly while it holds its stream: a week unseen, its client went away.
    table: 'mcp_subscriptions',
    column: 'seen_at',
    days: () => 7,
  },
  {
    table: 'job_runs',
    // A run still "running" that long belongs to a process that died mid-run.
    column: 'started_at',
    days: (config) => config.jobs.retainDays,
  },
];
