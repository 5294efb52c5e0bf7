import { ToolError } from '../../../core/index.js';
import type { ChatappCradle } from './cradle.js';

interface QueuedFollowup {
  id: number;
  message: string;
  phone: string | null;
}

interface TicketResolutions {
  queuedFollowups(limit: number): Promise<QueuedFollowup[]>;
  markFollowupSent(id: number): Promise<unknown>;
  markFollowupFailed(id: number, reason: string): Promise<unknown>;
}

interface Cradle extends ChatappCradle {
  ticketResolutionsService?: TicketResolutions;
}

/**
 * Reports an outcome to the tickets group. A follow-up cancelled or settled since it was read
 * (the ticket was reopened or closed meanwhile) has nothing left to report.
 */
async function settle(report: () => Promise<unknown>): Promise<void> {
  try {
    await report();
  } catch (err) {
    if (!(err instanceof ToolError) || !['invalid_state', 'not_found'].includes(err.code)) throw err;
  }
}

/** Refusals that may pass by themselves: the follow-up stays queued for the next drain. */
const WAIT_CODES = new Set(['session_not_connected', 'insufficient_credits']);
const MAX_SCAN = 1000;

/**
 * Sends the tickets group's queued follow-ups through the send path (automatic, billing source
 * `followup`, the operations line) and reports each outcome back: sent → markFollowupSent (the
 * ticket becomes resolved when it waited for the notification); opted out or otherwise refused
 * for good → markFollowupFailed with the reason (`opted_out`, …). Follow-ups without a phone are
 * left to another channel (email).
 */
export class ChatappFollowupsService {
  constructor(private readonly deps: Cradle) {}

  async drain(limit: number): Promise<{ sent: number; failed: number; waiting: number }> {
    const outcome = { sent: 0, failed: 0, waiting: 0 };
    if (!this.deps.kernelCatalog.names().includes('tickets')) return outcome;
    const tickets = this.deps.ticketResolutionsService!;
    for (const followup of await this.queuedWithPhone(tickets, limit)) {
      let message;
      try {
        ({ message } = await this.deps.chatappMessagingService.send({
          phone: followup.phone!,
          text: followup.message,
          automatic: true,
          billingSource: 'followup',
          senderRole: 'operations',
          idempotencyKey: `ticket-followup-${followup.id}`,
        }));
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        if (WAIT_CODES.has(err.code)) {
          outcome.waiting++;
          if (err.code === 'insufficient_credits') break;
          continue;
        }
        await settle(() => tickets.markFollowupFailed(followup.id, err.code));
        outcome.failed++;
        continue;
      }
      // Recorded but not taken by the network yet: reported once it is (next drain, same key).
      if (message.status === 'sending') {
        outcome.waiting++;
      } else if (message.status === 'failed') {
        await settle(() => tickets.markFollowupFailed(followup.id, message.error?.split(':')[0] ?? 'failed'));
        outcome.failed++;
      } else {
        await settle(() => tickets.markFollowupSent(followup.id));
        outcome.sent++;
      }
    }
    return outcome;
  }

  /** The oldest `limit` queued follow-ups that have a phone, looking past those that only have an email. */
  private async queuedWithPhone(tickets: TicketResolutions, limit: number): Promise<QueuedFollowup[]> {
    for (let want = limit; ; want *= 2) {
      const queued = await tickets.queuedFollowups(want);
      const withPhone = queued.filter((f) => f.phone);
      if (withPhone.length >= limit || queued.length < want || want >= MAX_SCAN) return withPhone.slice(0, limit);
    }
  }
}
