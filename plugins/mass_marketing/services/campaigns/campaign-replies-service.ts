import { fillTemplate, languageOfPhone, sql, ToolError, type Services } from '../../../../core/index.js';
import { CAMPAIGN_BILLING_SOURCE } from '../../entities/values.js';
import { isUnsubscribeIntent, languageOfLocale, UNSUBSCRIBE_CONFIRMATION } from '../languages.js';
import { campaignsProgressed } from './campaign-progress-events.js';

interface Received {
  message_id: number;
  session_id: number;
  phone: string;
  text: string | null;
}

interface ReachedRow {
  id: string | number;
  campaign_id: number;
  phone: string;
  name: string | null;
  status: string;
  auto_replied_at: Date | null;
}

/** Receipts a recipient follows, in the order they can happen (failed only before delivery). */
const RECEIPT_RANK: Record<string, number> = { failed: 1, delivered: 2, read: 3 };

/** Statuses of a recipient whose campaign message reached the network, in receipt order. */
const REACHED = ['sent', 'delivered', 'read', 'replied'];

/**
 * What recipients do after a campaign message: receipts (delivered, read, failed), replies (the
 * auto-reply, once per recipient row), unsubscribing by reply or by the link. Runs inside the
 * whatsapp_ops ingestion transaction (event listeners) or the unsubscribe page's. A reply belongs
 * to the latest campaign message the phone received. Each batch tells the campaigns whose
 * recipients it moved (mass_marketing.campaign_progressed).
 */
export class MarketingCampaignRepliesService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /**
   * whatsapp_ops.message_sent: a message the network took late (after a retry) moves its recipient to
   * sent. The ids are given again as `= any(…)` so that the index on (shop_id, message_id) finds the
   * rows: joined to the recordset alone, every campaign batch's call (which moves none: the sender
   * records its own) read all of the shop's recipients, 25 ms a batch of 300 with 60,000.
   */
  async messagesSent(events: { message_id: number; sent_at: string }[]): Promise<void> {
    const moved = await sql<{ campaign_id: number }>(
      this.em,
      `update marketing_campaign_recipients r set status = 'sent', sent_at = coalesce(r.sent_at, v.sent_at), reason = null
       from json_to_recordset($1::json) as v(message_id int, sent_at timestamptz)
       where r.shop_id = $2 and r.message_id = any($3::int[]) and r.message_id = v.message_id and r.status = 'sending'
       returning r.campaign_id`,
      [
        JSON.stringify(events.map((e) => ({ message_id: e.message_id, sent_at: e.sent_at }))),
        this.deps.shop.id,
        events.map((e) => e.message_id),
      ],
    );
    await campaignsProgressed(
      this.deps.events,
      moved.map((r) => r.campaign_id),
    );
  }

  /**
   * whatsapp_ops.message_status: receipts move a recipient forward only (never back from replied
   * or unsubscribed). A batch may carry several receipts of one message: the furthest applies.
   */
  async messageStatuses(events: { message_id: number; status: string }[]): Promise<void> {
    const furthest = new Map<number, string>();
    for (const e of events) {
      if (!(e.status in RECEIPT_RANK)) continue;
      const known = furthest.get(e.message_id);
      if (!known || RECEIPT_RANK[e.status]! > RECEIPT_RANK[known]!) furthest.set(e.message_id, e.status);
    }
    if (furthest.size === 0) return;
    const moved = await sql<{ campaign_id: number }>(
      this.em,
      `update marketing_campaign_recipients r set
         delivered_at = case when v.status in ('delivered', 'read') then coalesce(r.delivered_at, now()) else r.delivered_at end,
         read_at = case when v.status = 'read' then coalesce(r.read_at, now()) else r.read_at end,
         status = case
           when v.status = 'failed' then case when r.status in ('sending', 'sent') then 'failed' else r.status end
           when v.status = 'read' then case when r.status in ('sending', 'sent', 'delivered') then 'read' else r.status end
           else case when r.status in ('sending', 'sent') then 'delivered' else r.status end end,
         reason = case when v.status = 'failed' and r.status in ('sending', 'sent') then 'the network reported the message as not delivered' else r.reason end
       from json_to_recordset($1::json) as v(message_id int, status text)
       where r.shop_id = $2 and r.message_id = any($3::int[]) and r.message_id = v.message_id
       returning r.campaign_id`,
      [
        JSON.stringify([...furthest].map(([message_id, status]) => ({ message_id, status }))),
        this.deps.shop.id,
        [...furthest.keys()],
      ],
    );
    await campaignsProgressed(
      this.deps.events,
      moved.map((r) => r.campaign_id),
    );
  }

  /**
   * An inbound batch: one read finds the phones that are campaign recipients (most inbound messages
   * are not campaign replies); their messages are then handled one by one, in order.
   */
  async messagesReceived(events: Received[]): Promise<void> {
    const rows = await this.em.execute<{ phone: string }[]>(
      `select distinct phone from marketing_campaign_recipients
       where shop_id = ? and phone in (select json_array_elements_text(?::json)) and status in (${REACHED.map(() => '?').join(', ')})`,
      [this.deps.shop.id, JSON.stringify([...new Set(events.map((e) => e.phone))]), ...REACHED],
    );
    const recipients = new Set(rows.map((r) => r.phone));
    const moved: number[] = [];
    for (const event of events) {
      if (!recipients.has(event.phone)) continue;
      const campaignId = await this.messageReceived(event);
      if (campaignId !== null) moved.push(campaignId);
    }
    await campaignsProgressed(this.deps.events, moved);
  }

  /**
   * whatsapp_ops.message_received from a phone that got a campaign message: with
   * auto_reply_unsubscribe, an unsubscribe intent records the unsubscribe and is confirmed;
   * otherwise the recipient is marked replied and gets the auto-reply once (when enabled). Returns
   * the campaign of the recipient it moved, if any.
   */
  private async messageReceived(event: Received): Promise<number | null> {
    const [row] = (await this.em.execute(
      `select id, campaign_id, phone, name, status, auto_replied_at from marketing_campaign_recipients
       where shop_id = ? and phone = ? and status in (${REACHED.map(() => '?').join(', ')}) order by sent_at desc nulls last, id desc limit 1 for update`,
      [this.deps.shop.id, event.phone, ...REACHED],
    )) as ReachedRow[];
    if (!row) return null;
    const settings = await this.deps.marketingSettingsService.current();
    if (settings.autoReplyUnsubscribe && isUnsubscribeIntent(event.text)) {
      await this.unsubscribe(row, 'reply');
      const language = languageOfPhone(row.phone) ?? languageOfLocale(this.deps.shop.locale) ?? 'en';
      const confirmation = fillTemplate(UNSUBSCRIBE_CONFIRMATION[language], {
        nombre: row.name,
        telefono: row.phone,
        tienda: this.deps.shop.name,
      });
      await this.reply(
        row,
        event.session_id,
        confirmation,
        `campaign-unsubscribe-confirmation-${row.id}`,
        'unsubscribe confirmation',
      );
      return row.campaign_id;
    }
    await this.em.execute(
      `update marketing_campaign_recipients set replied_at = coalesce(replied_at, now()), status = case when status in ('sent', 'delivered', 'read') then 'replied' else status end where id = ? and shop_id = ?`,
      [row.id, this.deps.shop.id],
    );
    await this.deps.events.emit('mass_marketing.campaign_replied', {
      campaign_id: row.campaign_id,
      recipient_id: Number(row.id),
      phone: row.phone,
      message_id: event.message_id,
      first_reply: row.status !== 'replied',
    });
    if (!settings.autoReplyEnabled || !settings.autoReplyText || row.auto_replied_at) return row.campaign_id;
    const template = settings.autoReplyTranslate
      ? await this.deps.marketingTranslationService.textFor(settings.autoReplyText, row.phone)
      : settings.autoReplyText;
    const text = fillTemplate(template, { nombre: row.name, telefono: row.phone, tienda: this.deps.shop.name });
    if (await this.reply(row, event.session_id, text, `campaign-auto-reply-${row.id}`, 'auto-reply')) {
      await this.em.execute(
        'update marketing_campaign_recipients set auto_replied_at = now() where id = ? and shop_id = ?',
        [row.id, this.deps.shop.id],
      );
    }
    return row.campaign_id;
  }

  /**
   * The unsubscribe link's page: records the unsubscribe (source link) for the recipient's phone.
   * Returns the phone, or null when the recipient row no longer exists (its campaign was deleted).
   */
  async unsubscribeByLink(recipientId: number): Promise<string | null> {
    const [row] = (await this.em.execute(
      'select id, campaign_id, phone, name, status, auto_replied_at from marketing_campaign_recipients where id = ? and shop_id = ? for update',
      [recipientId, this.deps.shop.id],
    )) as ReachedRow[];
    if (!row) return null;
    await this.unsubscribe(row, 'link');
    await campaignsProgressed(this.deps.events, [row.campaign_id]);
    return row.phone;
  }

  private async unsubscribe(row: ReachedRow, source: 'reply' | 'link'): Promise<void> {
    await this.deps.marketingUnsubscribesService.record(row.phone, source, row.campaign_id);
    await this.em.execute(
      `update marketing_campaign_recipients set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()),
         replied_at = case when ? = 'reply' then coalesce(replied_at, now()) else replied_at end
       where id = ? and shop_id = ?`,
      [source, row.id, this.deps.shop.id],
    );
  }

  /**
   * Sends an answer on the line the reply came in on. A refusal (no credits, line gone, opted out)
   * must not undo the reply's ingestion: it is written to the recipient's log and the call goes on.
   */
  private async reply(row: ReachedRow, sessionId: number, text: string, key: string, what: string): Promise<boolean> {
    try {
      const { message } = await this.deps.chatappMessagingService.send({
        phone: row.phone,
        text,
        sessionId,
        automatic: true,
        billingSource: CAMPAIGN_BILLING_SOURCE,
        idempotencyKey: key,
      });
      await this.em.execute(
        'update marketing_campaign_recipients set credits_charged = credits_charged + ? where id = ? and shop_id = ?',
        [message.credits_charged, row.id, this.deps.shop.id],
      );
      return true;
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      await this.em.execute('update marketing_campaign_recipients set reason = ? where id = ? and shop_id = ?', [
        `${what} not sent: ${err.code}: ${err.message}`.slice(0, 1000),
        row.id,
        this.deps.shop.id,
      ]);
      return false;
    }
  }
}
