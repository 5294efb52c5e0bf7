import type { RetentionRule } from '../../../core/index.js';
import type { WhatsappOpsConfig } from '../config.js';

export const whatsappOpsRetention: RetentionRule<WhatsappOpsConfig>[] = [
  {
    // Kept only to drop redeliveries; the network stops redelivering within hours.
    table: 'chatapp_processed_events',
    column: 'processed_at',
    days: (config) => config.retainDays.processedEvents,
  },
  {
    // A key is resent only while its message is retried (24 h); a claim under way is kept.
    table: 'chatapp_send_attempts',
    column: 'created_at',
    where: `"status" <> 'pending'`,
    days: (config) => config.retainDays.sendAttempts,
  },
  {
    // The sandbox network's own record of what it said; a pending event is still to be delivered.
    table: 'sandbox_events',
    column: 'created_at',
    where: `"state" <> 'pending'`,
    days: (config) => config.retainDays.sandboxEvents,
  },
];
