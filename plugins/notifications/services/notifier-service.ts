import { invalidArguments, nonBlank, type EntityManager, type Services } from '../../../core/index.js';
import { Notification } from '../entities/notification.entity.js';
import { NotificationDelivery } from '../entities/notification-delivery.entity.js';
import { toRecipient, type NotificationType } from '../entities/values.js';
import { holdPastQuietHours } from './deliveries/quiet-hours.js';
import { notificationPayload } from './notification-payload.js';

/** Something to tell recipients: what other groups' events become. */
export interface Notice {
  /** Agent ids; 0 is the owner. */
  recipients: number[];
  type: NotificationType;
  title: string;
  body?: string | null;
  resource?: { type: string; id: string | number } | null;
  /** Repeats with the same key fold into the recipient's unread notification; none: never folded. */
  dedupeKey?: string | null;
  /** The line it is about: recipients who muted it are not told. */
  sessionId?: number;
}

/** A phone message holds the title and the start of the body. */
const PHONE_TEXT_MAX = 1000;

/**
 * Records notices as notifications, in the caller's transaction (a rolled-back change leaves no
 * notification): one statement per recipient that inserts, or folds a repeat into the unread row
 * of the same kind (ON CONFLICT on the partial unique index, so concurrent repeats fold too). A
 * new notification whose type the recipient also wants on the phone gets a delivery row, held
 * past the recipient's quiet hours.
 */
export class NotifierService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  /** The notifications written or folded into, by id. */
  async notify(notice: Notice): Promise<number[]> {
    const settings = await this.deps.notificationSettingsService.resolve(notice.recipients);
    const ids: number[] = [];
    for (const s of settings.values()) {
      if (!s.types[notice.type].enabled) continue;
      if (notice.sessionId !== undefined && s.mutedSessionIds.includes(notice.sessionId)) continue;
      const { id, inserted } = await this.upsert(s.agentId, notice);
      ids.push(id);
      if (inserted && s.types[notice.type].chatapp && s.phone && this.messagingEnabled())
        this.em.create(NotificationDelivery, {
          notificationId: id,
          agentId: s.agentId,
          phone: s.phone,
          text: phoneText(notice),
          dueAt: holdPastQuietHours(new Date(), s.quietHours, this.deps.shop.timezone),
          status: 'scheduled',
          attempts: 0,
        } as NotificationDelivery);
    }
    await this.em.flush();
    return ids;
  }

  /**
   * An announcement from the shop to the recipients it names, each its own notification (never
   * folded). Recipients who turned announcements off are listed in `skipped`.
   */
  async announce(agentIds: number[], title: string, body: string | null) {
    if (new Set(agentIds).size !== agentIds.length)
      throw invalidArguments('A recipient is named twice.', [{ path: 'recipients', message: 'must be unique' }]);
    await this.deps.notificationSettingsService.assertRecipients(agentIds);
    const ids = await this.notify({
      recipients: agentIds,
      type: 'announcement',
      title: nonBlank(title, 'title'),
      body: body?.trim() || null,
    });
    const rows = await this.em.find(Notification, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
    const told = new Set(rows.map((r) => r.agentId));
    return {
      notifications: rows.map((r) => notificationPayload(r)),
      skipped: agentIds.filter((id) => !told.has(id)).map(toRecipient),
    };
  }

  private async upsert(agentId: number, n: Notice): Promise<{ id: number; inserted: boolean }> {
    const [row] = await this.em.execute<{ id: number; inserted: boolean }[]>(
      `insert into notifications (shop_id, agent_id, type, title, body, resource_type, resource_id, dedupe_key, count, created_at, last_activity_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 1, now(), now())
       on conflict (shop_id, agent_id, type, dedupe_key) where read_at is null and dedupe_key is not null
       do update set count = notifications.count + 1, title = excluded.title, body = excluded.body,
                     last_activity_at = excluded.last_activity_at, snoozed_until = null
       returning id, (xmax = 0) as inserted`,
      [
        this.deps.shop.id,
        agentId,
        n.type,
        n.title.slice(0, 200),
        n.body ?? null,
        n.resource?.type ?? null,
        n.resource ? String(n.resource.id) : null,
        n.dedupeKey ?? null,
      ],
    );
    return { id: Number(row!.id), inserted: row!.inserted };
  }

  private messagingEnabled(): boolean {
    return this.deps.kernelCatalog.names().includes('whatsapp_ops');
  }
}

function phoneText(n: Notice): string {
  const text = n.body ? `${n.title}\n${n.body}` : n.title;
  return text.length > PHONE_TEXT_MAX ? `${text.slice(0, PHONE_TEXT_MAX - 1)}…` : text;
}
