import {
  invalidArguments,
  notFound,
  pageOf,
  parseShopTime,
  ToolError,
  type EntityManager,
  type Paging,
  type Services,
} from '../../../core/index.js';
import { Notification } from '../entities/notification.entity.js';
import { NotificationDelivery } from '../entities/notification-delivery.entity.js';
import type { NotificationType } from '../entities/values.js';
import { notificationPayload } from './notification-payload.js';

const MAX_SNOOZE_MS = 30 * 86_400_000;

export interface ListFilters {
  unread_only?: boolean;
  type?: NotificationType;
  include_snoozed?: boolean;
}

/**
 * A recipient's notifications as they read them: newest activity first, snoozed ones hidden until
 * they wake (unread). Reading or deleting a notification cancels its phone delivery if that is
 * still waiting (held by quiet hours): what was seen needs no ping.
 */
export class InboxService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async list(agentId: number, filters: ListFilters, paging: Paging) {
    await this.deps.notificationSettingsService.assertRecipients([agentId]);
    const now = new Date();
    const awake = { $or: [{ snoozedUntil: null }, { snoozedUntil: { $lte: now } }] };
    const [rows, count] = await this.em.findAndCount(
      Notification,
      {
        agentId,
        ...(filters.unread_only && { readAt: null }),
        ...(filters.type && { type: filters.type }),
        ...(!filters.include_snoozed && awake),
      },
      { orderBy: { lastActivityAt: 'desc', id: 'desc' }, limit: paging.limit, offset: paging.offset },
    );
    const unread = await this.em.count(Notification, { agentId, readAt: null, ...awake });
    return {
      ...pageOf(
        'notifications',
        rows.map((n) => notificationPayload(n, now)),
        count,
        paging,
      ),
      unread_count: unread,
    };
  }

  async markRead(id: number, read: boolean) {
    const n = await this.find(id);
    if (read) {
      if (!n.readAt) n.readAt = new Date();
      n.snoozedUntil = null;
      await this.cancelDeliveries([n.id], 'read before it was sent');
    } else if (n.readAt) {
      await this.assertNoUnreadTwin(n);
      n.readAt = null;
    }
    await this.em.flush();
    return notificationPayload(n);
  }

  /** Marks what was active before `before` (default now), so news arriving meanwhile stays unread. */
  async markAllRead(agentId: number, type: NotificationType | undefined, before: string | undefined) {
    await this.deps.notificationSettingsService.assertRecipients([agentId]);
    const until = before ? parseShopTime(before, this.deps.shop.timezone, 'before') : new Date();
    const rows = await this.em.execute<{ id: number }[]>(
      `update notifications set read_at = now(), snoozed_until = null
       where shop_id = ? and agent_id = ? and read_at is null and last_activity_at <= ?${type ? ' and type = ?' : ''}
       returning id`,
      [this.deps.shop.id, agentId, until, ...(type ? [type] : [])],
    );
    const ids = rows.map((r) => Number(r.id));
    await this.cancelDeliveries(ids, 'read before it was sent');
    return { marked: ids.length };
  }

  async snooze(id: number, untilArg: string) {
    const until = parseShopTime(untilArg, this.deps.shop.timezone, 'until');
    const now = Date.now();
    if (until.getTime() <= now || until.getTime() > now + MAX_SNOOZE_MS)
      throw invalidArguments('until must be in the future and at most 30 days ahead.', [
        { path: 'until', message: 'between now and 30 days ahead' },
      ]);
    const n = await this.find(id);
    if (n.readAt) await this.assertNoUnreadTwin(n);
    n.readAt = null;
    n.snoozedUntil = until;
    n.lastActivityAt = until;
    await this.em.flush();
    return notificationPayload(n);
  }

  async delete(id: number) {
    const n = await this.find(id);
    await this.cancelDeliveries([n.id], 'the notification was deleted');
    await this.em.removeAndFlush(n);
    return { deleted: true as const, id };
  }

  async clear(agentId: number, readOnly: boolean) {
    await this.deps.notificationSettingsService.assertRecipients([agentId]);
    const rows = await this.em.execute<{ id: number }[]>(
      `delete from notifications where shop_id = ? and agent_id = ?${readOnly ? ' and read_at is not null' : ''} returning id`,
      [this.deps.shop.id, agentId],
    );
    const ids = rows.map((r) => Number(r.id));
    await this.cancelDeliveries(ids, 'the notification was deleted');
    return { deleted: ids.length };
  }

  /** A deleted agent's notifications and waiting deliveries go with it. */
  async agentDeleted(agentId: number): Promise<void> {
    await this.em.nativeUpdate(
      NotificationDelivery,
      { agentId, status: 'scheduled' },
      { status: 'cancelled', reason: 'the agent was deleted', updatedAt: new Date() },
    );
    await this.em.nativeDelete(Notification, { agentId });
  }

  private async find(id: number): Promise<Notification> {
    const n = await this.em.findOne(Notification, { id });
    if (!n) throw notFound('notification', id);
    return n;
  }

  /** Two unread rows of one kind would break the folding of repeats; the newer one stands for it. */
  private async assertNoUnreadTwin(n: Notification): Promise<void> {
    if (!n.dedupeKey) return;
    const twin = await this.em.findOne(Notification, {
      agentId: n.agentId,
      type: n.type,
      dedupeKey: n.dedupeKey,
      readAt: null,
      id: { $ne: n.id },
    });
    if (twin)
      throw new ToolError(
        'conflict',
        `Notification ${twin.id} is the unread one for this (it folded the later repeats); read that one instead.`,
        { notification_id: twin.id },
      );
  }

  private async cancelDeliveries(notificationIds: number[], reason: string): Promise<void> {
    if (notificationIds.length === 0) return;
    await this.em.nativeUpdate(
      NotificationDelivery,
      { notificationId: { $in: notificationIds }, status: 'scheduled' },
      { status: 'cancelled', reason, updatedAt: new Date() },
    );
  }
}
