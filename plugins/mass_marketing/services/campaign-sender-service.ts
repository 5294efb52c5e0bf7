import { ToolError, type EntityManager, type SecretBox, type ShopContext } from '../../../core/index.js';
import { Campaign } from '../entities/campaign.entity.js';
import type { MarketingAudienceService } from './audience-service.js';
import type { MarketingCampaignsService } from './campaigns-service.js';
import type { MarketingTranslationService } from './translation-service.js';
import { CAMPAIGN_BILLING_SOURCE, CAMPAIGN_MESSAGE_COST, type RecipientStatus } from './campaign-values.js';
import { fillTemplate, withUnsubscribeLink } from './message-render.js';
import { languageOfLocale, UNSUBSCRIBE_LINK_LABEL } from './languages.js';
import { UNSUBSCRIBE_ROUTE, unsubscribeToken } from './unsubscribe-link.js';
import { mimeTypeOf } from './media-mime.js';

interface MessagePayload {
  id: number;
  status: string;
  credits_charged: number;
  sent_at: string | null;
  error: string | null;
}

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  secrets: SecretBox;
  marketingBaseUrl: () => string;
  marketingAudienceService: MarketingAudienceService;
  marketingTranslationService: MarketingTranslationService;
  marketingCampaignsService: MarketingCampaignsService;
  chatappMessagingService: { send(request: Record<string, unknown>): Promise<{ message: MessagePayload }> };
  chatappArchiveService: { archive(phone: string, archive: boolean, sessionId: number | undefined): Promise<unknown> };
}

interface RecipientRecord {
  id: string | number;
  campaign_id: number;
  phone: string;
  name: string | null;
  session_id: number;
  attempts: number;
}

/**
 * claimed: a row the engine has just moved from pending to sending (committed): nothing of it can
 * have reached the network yet. reconcile: a row left in sending past the stale limit (its process
 * died, or the network has not taken the message): it may have been sent, so only its key decides.
 */
export type SendMode = 'claimed' | 'reconcile';

export type SendOutcome = 'sent' | 'waiting' | 'skipped' | 'failed' | 'requeued' | 'no_credits' | 'gone';

/** Refusals of the send path that happen before anything is recorded or sent. */
const LINE_UNAVAILABLE = new Set(['session_not_connected', 'no_connected_session', 'not_found']);

/** The key a recipient's message is sent with, derived from its row: the same row never makes a second message. */
export const recipientKey = (recipientId: number | string) => `campaign-recipient-${recipientId}`;

/**
 * Sends one claimed recipient, in the caller's shop transaction, through the one send path
 * (credits, opt-outs, idempotency are enforced there). The exclusions are checked again now; the
 * message is rendered the same way every time (stored translation, HMAC unsubscribe link), so
 * that a resend with the row's key to a remote network that took the first attempt, unrecorded
 * here, is recognised as the same message (with a stable PUBLIC_BASE_URL and secret).
 */
export class MarketingCampaignSenderService {
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  async send(recipientId: number, mode: SendMode, staleSeconds = 0): Promise<SendOutcome> {
    const shopId = this.deps.shop.id;
    const stale = mode === 'reconcile' ? `and claimed_at < now() - make_interval(secs => ${Number(staleSeconds)})` : '';
    const [row] = (await this.em.execute(
      `select id, campaign_id, phone, name, session_id, attempts from marketing_campaign_recipients
       where id = ? and shop_id = ? and status = 'sending' ${stale} for update skip locked`,
      [recipientId, shopId],
    )) as RecipientRecord[];
    if (!row) return 'gone';
    if (mode === 'reconcile') await this.update(row, { claimed_at: new Date(), attempts: row.attempts + 1 });
    const campaign = await this.em.findOneOrFail(Campaign, { id: row.campaign_id });
    const key = recipientKey(row.id);

    // The key already made a message (a process died after sending, before recording it here): that
    // message is this recipient's, whatever text a render now would give; whatsapp_ops retries it
    // if the network has not taken it yet. Nothing is sent or charged again.
    const [earlier] = (await this.em.execute(
      `select id, status, credits_charged, sent_at, error from chatapp_messages where shop_id = ? and session_id = ? and idempotency_key = ? and direction = 'outbound' limit 1`,
      [shopId, row.session_id, key],
    )) as { id: number; status: string; credits_charged: number; sent_at: Date | string | null; error: string | null }[];
    if (earlier) return this.recorded(row, { ...earlier, sent_at: earlier.sent_at ? new Date(earlier.sent_at).toISOString() : null }, {});
    const exclusion = await this.deps.marketingAudienceService.exclusionOf(row.phone);
    if (exclusion) {
      await this.update(row, { status: 'skipped', reason: exclusion });
      return 'skipped';
    }

    let template = campaign.messageText;
    let language: string | null = null;
    let translation: string | null = null;
    if (campaign.translateByPrefix) {
      const t = await this.deps.marketingTranslationService.forRecipient(campaign, template, row.phone);
      template = t.text;
      language = t.language;
      translation = t.note;
    }
    let text = fillTemplate(template, { nombre: row.name, telefono: row.phone, tienda: this.deps.shop.name });
    if (campaign.includeUnsubscribeLink) {
      const label = UNSUBSCRIBE_LINK_LABEL[(language as keyof typeof UNSUBSCRIBE_LINK_LABEL) ?? languageOfLocale(this.deps.shop.locale) ?? 'en'];
      text = withUnsubscribeLink(text, label, `${this.deps.marketingBaseUrl()}${UNSUBSCRIBE_ROUTE}/${unsubscribeToken(this.deps.secrets, shopId, Number(row.id))}`);
    }
    const media = campaign.mediaUrl && campaign.mediaType
      ? { url: campaign.mediaUrl, mimeType: mimeTypeOf(campaign.mediaType, campaign.mediaUrl, campaign.mediaFilename), ...(campaign.mediaFilename && { filename: campaign.mediaFilename }) }
      : undefined;
    const chatWasActive = campaign.archiveAfterSend
      ? (await this.em.execute(`select 1 from chatapp_messages where shop_id = ? and session_id = ? and phone = ? limit 1`, [shopId, row.session_id, row.phone])).length > 0
      : null;

    let message: MessagePayload;
    try {
      ({ message } = await this.deps.chatappMessagingService.send({
        phone: row.phone,
        text,
        media,
        sessionId: row.session_id,
        automatic: true,
        billingSource: CAMPAIGN_BILLING_SOURCE,
        idempotencyKey: key,
        creditsCost: CAMPAIGN_MESSAGE_COST,
      }));
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      return this.refused(row, mode, campaign, err, { language, translation });
    }

    const changes: Record<string, unknown> = { language, translation, chat_was_active: chatWasActive };
    if (campaign.archiveAfterSend && chatWasActive === false && message.status !== 'failed' && message.status !== 'sending') {
      try {
        await this.deps.chatappArchiveService.archive(row.phone, true, row.session_id);
        changes.archived_at = new Date();
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        changes.reason = `not archived: ${err.code}: ${err.message}`;
      }
    }
    return this.recorded(row, message, changes);
  }

  /** The row takes the message's outcome: sent (or further), still waiting for the network, or failed. */
  private async recorded(row: RecipientRecord, message: MessagePayload, extra: Record<string, unknown>): Promise<SendOutcome> {
    const status = message.status as RecipientStatus;
    await this.update(row, {
      status,
      message_id: message.id,
      credits_charged: message.credits_charged,
      sent_at: message.sent_at ? new Date(message.sent_at) : null,
      reason: status === 'sending' ? `waiting for the network: ${message.error ?? 'not taken yet'}` : status === 'failed' ? message.error : null,
      ...extra,
    });
    return status === 'sending' ? 'waiting' : status === 'failed' ? 'failed' : 'sent';
  }

  /**
   * A refusal of the send path. Refusals made before anything was recorded (no line, no credits)
   * put a freshly claimed row back in the queue; a reconciled row keeps waiting in sending, since
   * an earlier attempt may have reached the network with its key.
   */
  private async refused(row: RecipientRecord, mode: SendMode, campaign: Campaign, err: ToolError, notes: { language: string | null; translation: string | null }): Promise<SendOutcome> {
    const retryLater = async (reason: string) => {
      if (mode === 'claimed') await this.update(row, { status: 'pending', session_id: null, claimed_at: null, reason, ...notes });
      else await this.update(row, { reason: `${reason}; the send is retried on line ${row.session_id} with its key`, ...notes });
    };
    if (err.code === 'insufficient_credits') {
      await retryLater(`insufficient_credits: ${err.message}`);
      await this.deps.marketingCampaignsService.pauseForCredits(campaign.id);
      return 'no_credits';
    }
    if (LINE_UNAVAILABLE.has(err.code)) {
      await retryLater(`${err.code}: line ${row.session_id} is not available`);
      return 'requeued';
    }
    if (err.code === 'opted_out') {
      await this.update(row, { status: 'skipped', reason: 'opted_out', ...notes });
      return 'skipped';
    }
    await this.update(row, { status: 'failed', reason: `${err.code}: ${err.message}`, ...notes });
    return 'failed';
  }

  private async update(row: RecipientRecord, changes: Record<string, unknown>): Promise<void> {
    const columns = Object.keys(changes);
    await this.em.execute(
      `update marketing_campaign_recipients set ${columns.map((c) => `${c} = ?`).join(', ')} where id = ? and shop_id = ?`,
      [...columns.map((c) => changes[c]), row.id, this.deps.shop.id],
    );
  }
}
