import { LockMode, ToolError, type EntityManager, type Services } from '../../../../core/index.js';
import { NotificationDelivery } from '../../entities/notification-delivery.entity.js';

/** Notifications on the phone are billed as their own source, so credit reports tell them apart. */
export const NOTIFICATIONS_BILLING_SOURCE = 'notifications';

/** A delivery claimed this often without an outcome keeps crashing its process: it fails instead. */
const MAX_ATTEMPTS = 5;

/**
 * Sends claimed phone deliveries of one shop through the one messaging send path (opt-outs,
 * lines with the operations role, credits) in one batch, keyed `notification-delivery-<id>`.
 */
export class NotificationDeliverySenderService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async sendClaimed(ids: number[]): Promise<void> {
    const rows = await this.em.find(
      NotificationDelivery,
      { id: { $in: ids }, status: 'sending' },
      { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const sendable: NotificationDelivery[] = [];
    for (const row of rows) {
      if (row.attempts > MAX_ATTEMPTS)
        finish(row, 'failed', `gave up after ${row.attempts - 1} attempts without an outcome`);
      else if (!this.deps.kernelCatalog.names().includes('whatsapp_ops'))
        finish(row, 'failed', 'group_not_enabled: whatsapp_ops is not enabled on this server');
      else sendable.push(row);
    }
    if (sendable.length > 0) {
      const answers = await this.deps.chatappMessagingService.sendMany(
        sendable.map((row) => ({
          phone: row.phone,
          text: row.text,
          automatic: true,
          senderRole: 'operations' as const,
          billingSource: NOTIFICATIONS_BILLING_SOURCE,
          idempotencyKey: `notification-delivery-${row.id}`,
        })),
      );
      for (const [i, row] of sendable.entries()) {
        const answer = answers[i]!;
        if ('error' in answer) {
          if (!(answer.error instanceof ToolError)) throw answer.error;
          finish(row, 'failed', `${answer.error.code}: ${answer.error.message}`);
          continue;
        }
        row.messageId = answer.message.id;
        if (answer.message.status === 'failed') finish(row, 'failed', answer.message.error ?? 'the network refused it');
        else finish(row, 'sent', null);
      }
    }
    await this.em.flush();
  }
}

function finish(row: NotificationDelivery, status: NotificationDelivery['status'], reason: string | null): void {
  row.status = status;
  row.reason = reason;
}
