import { fillTemplate, sql, ToolError, type Services } from '../../../../../core/index.js';
import { Campaign } from '../../../entities/campaign.entity.js';
import { CAMPAIGN_BILLING_SOURCE, CAMPAIGN_MESSAGE_COST, type RecipientStatus } from '../../../entities/values.js';
import { languageOfLocale, UNSUBSCRIBE_LINK_LABEL } from '../../languages.js';
import { UNSUBSCRIBE_ROUTE, unsubscribeToken, withUnsubscribeLink } from '../../audience/unsubscribe-link.js';
import { mimeTypeOf } from './media-mime.js';
import { templateFor } from '../campaign-template.js';
import { campaignsProgressed } from '../campaign-progress-events.js';
import type { TemplateRequest } from '../../../../whatsapp_ops/surface.js';

interface MessagePayload {
  id: number;
  status: string;
  credits_charged: number;
  sent_at: string | null;
  error: string | null;
}

interface FreshMedia {
  url: string;
  contentType: string;
}

const DAY = 86_400_000;

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

/** The recipient columns the sender writes, with their SQL types (batch updates read them from JSON). */
const COLUMN_TYPES: Record<string, string> = {
  status: 'text',
  reason: 'text',
  message_id: 'int',
  credits_charged: 'int',
  sent_at: 'timestamptz',
  claimed_at: 'timestamptz',
  attempts: 'int',
  session_id: 'int',
  language: 'text',
  translation: 'text',
  chat_was_active: 'boolean',
  archived_at: 'timestamptz',
};

interface EarlierMessage extends Omit<MessagePayload, 'sent_at'> {
  session_id: number;
  idempotency_key: string;
  sent_at: Date | string | null;
}

interface Recorded {
  row: RecipientRecord;
  message: MessagePayload;
  extra: Record<string, unknown>;
}

/** Refusals of the send path that happen before anything is recorded or sent. */
const LINE_UNAVAILABLE = new Set(['session_not_connected', 'not_found']);

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
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async send(recipientId: number, mode: SendMode, staleSeconds = 0): Promise<SendOutcome> {
    return (await this.sendMany([recipientId], mode, staleSeconds))[0]!;
  }

  /**
   * send() for a batch of rows, in one transaction: each step reads or writes all of them at once,
   * and the messages go through the send path's batch form. Outcomes in the order of the ids.
   */
  async sendMany(recipientIds: number[], mode: SendMode, staleSeconds = 0): Promise<SendOutcome[]> {
    const shopId = this.deps.shop.id;
    // A reconciliation leaves a row another process is sending to that process. A claimed row is
    // this caller's, and it waits for a lock on it: another pass's claim, scanning pending rows
    // through index entries of their earlier versions, locks a row that has just become `sending`
    // before it rechecks and passes over it, and holds that lock until its commit. Skipped, such a
    // row sat in `sending` until the stale limit (600 of 60,000 in a benchmark run).
    const reconcile = mode === 'reconcile';
    const stale = reconcile ? `and claimed_at < now() - make_interval(secs => ${Number(staleSeconds)})` : '';
    const rows = (await sql(
      this.em,
      `select id, campaign_id, phone, name, session_id, attempts from marketing_campaign_recipients
       where id = any(array(select json_array_elements_text($1::json)::bigint)) and shop_id = $2 and status = 'sending' ${stale}
       order by id for update ${reconcile ? 'skip locked' : ''}`,
      [JSON.stringify(recipientIds), shopId],
    )) as RecipientRecord[];
    const outcomes = new Map<number, SendOutcome>();
    if (mode === 'reconcile')
      await this.updateMany(
        rows.map((row) => ({ row, changes: { claimed_at: new Date(), attempts: row.attempts + 1 } })),
      );
    const campaigns = new Map(
      (await this.em.find(Campaign, { id: { $in: [...new Set(rows.map((r) => r.campaign_id))] } })).map((c) => [
        c.id,
        c,
      ]),
    );
    const recorded: Recorded[] = [];

    // A key that already made a message (a process died after sending, before recording it here):
    // that message is this recipient's, whatever text a render now would give; whatsapp_ops retries
    // it if the network has not taken it yet. Nothing is sent or charged again.
    const earlier = new Map(
      (
        (await sql(
          this.em,
          `select id, session_id, idempotency_key, status, credits_charged, sent_at, error from chatapp_messages_view
         where shop_id = $1 and idempotency_key = any(array(select json_array_elements_text($2::json))) and direction = 'outbound'`,
          [shopId, JSON.stringify(rows.map((r) => recipientKey(r.id)))],
        )) as EarlierMessage[]
      ).map((m) => [`${m.session_id} ${m.idempotency_key}`, m]),
    );
    const fresh: RecipientRecord[] = [];
    for (const row of rows) {
      const message = earlier.get(`${row.session_id} ${recipientKey(row.id)}`);
      if (message)
        recorded.push({
          row,
          message: { ...message, sent_at: message.sent_at ? new Date(message.sent_at).toISOString() : null },
          extra: {},
        });
      else fresh.push(row);
    }
    // A claim committed just before its campaign was paused or cancelled (this batch then waited for
    // its line) is not sent: a pause stops sends at once, and a cancel skips whatever was not sent.
    const stopped = (r: RecipientRecord) => mode === 'claimed' && campaigns.get(r.campaign_id)!.status !== 'running';
    const halted = fresh.filter(stopped).map((row) => ({ row, ...halt(row, campaigns.get(row.campaign_id)!) }));
    await this.updateMany(halted);
    for (const { row, outcome } of halted) outcomes.set(Number(row.id), outcome);
    const going = fresh.filter((r) => !stopped(r));
    const exclusions = await this.deps.marketingAudienceService.exclusionsOf(going.map((r) => r.phone));
    const skipped = going.filter((r) => exclusions.has(r.phone));
    await this.updateMany(
      skipped.map((row) => ({ row, changes: { status: 'skipped', reason: exclusions.get(row.phone)! } })),
    );
    for (const row of skipped) outcomes.set(Number(row.id), 'skipped');

    const sendable = going.filter((r) => !exclusions.has(r.phone));
    const rendered = [];
    const media = await this.freshMedia([...campaigns.values()]);
    const templateLines = await this.templateLines(sendable.filter((r) => campaigns.get(r.campaign_id)!.template));
    for (const row of sendable) {
      const campaign = campaigns.get(row.campaign_id)!;
      rendered.push(
        templateLines.has(row.session_id)
          ? this.renderTemplate(row, campaign)
          : await this.render(row, campaign, media.get(row.campaign_id)),
      );
    }
    const activeChats = await this.activeChats(sendable.filter((r) => campaigns.get(r.campaign_id)!.archiveAfterSend));
    const answers = await this.deps.chatappMessagingService.sendMany(
      rendered.map((r) => ({
        phone: r.row.phone,
        ...(r.template ? { template: r.template } : { text: r.text, media: r.media }),
        sessionId: r.row.session_id,
        automatic: true,
        billingSource: CAMPAIGN_BILLING_SOURCE,
        idempotencyKey: recipientKey(r.row.id),
        creditsCost: CAMPAIGN_MESSAGE_COST,
      })),
    );
    const refusals: { row: RecipientRecord; changes: Record<string, unknown> }[] = [];
    const outOfCredits = new Set<number>();
    for (const [i, { row, language, translation }] of rendered.entries()) {
      const answer = answers[i]!;
      const campaign = campaigns.get(row.campaign_id)!;
      if ('error' in answer) {
        const { outcome, changes } = refusal(row, mode, answer.error);
        refusals.push({ row, changes: { ...changes, language, translation } });
        if (outcome === 'no_credits') outOfCredits.add(row.campaign_id);
        outcomes.set(Number(row.id), outcome);
        continue;
      }
      const chatWasActive = campaign.archiveAfterSend ? activeChats.has(`${row.session_id} ${row.phone}`) : null;
      const extra: Record<string, unknown> = { language, translation, chat_was_active: chatWasActive };
      const { message } = answer;
      if (
        campaign.archiveAfterSend &&
        chatWasActive === false &&
        message.status !== 'failed' &&
        message.status !== 'sending'
      ) {
        try {
          await this.deps.chatappArchiveService.archive(row.phone, true, row.session_id);
          extra.archived_at = new Date();
        } catch (err) {
          if (!(err instanceof ToolError)) throw err;
          extra.reason = `not archived: ${err.code}: ${err.message}`;
        }
      }
      recorded.push({ row, message, extra });
    }
    await this.updateMany(refusals);
    for (const campaignId of outOfCredits) await this.deps.marketingCampaignsService.pauseForCredits(campaignId);
    await this.updateMany(
      recorded.map(({ row, message, extra }) => ({ row, changes: this.recordedChanges(message, extra) })),
    );
    for (const { row, message } of recorded)
      outcomes.set(
        Number(row.id),
        message.status === 'sending' ? 'waiting' : message.status === 'failed' ? 'failed' : 'sent',
      );
    await campaignsProgressed(
      this.deps.events,
      rows.map((r) => r.campaign_id),
    );
    return recipientIds.map((id) => outcomes.get(Number(id)) ?? 'gone');
  }

  /**
   * The message as this recipient gets it: stored translation, template variables, the HMAC
   * unsubscribe link — the same every time, so a resend is recognised as the same message.
   */
  /**
   * A link to each stored media file, valid a week from the end of today (UTC): the same link all
   * day, so a message retried with its key carries the same content, and never an expired one.
   */
  private async freshMedia(campaigns: Campaign[]): Promise<Map<number, FreshMedia>> {
    const held = campaigns.filter((c) => c.mediaFileId);
    const fresh = new Map<number, FreshMedia>();
    if (held.length === 0 || !this.deps.kernelCatalog.names().includes('storage')) return fresh;
    const expires = new Date((Math.floor(Date.now() / DAY) + 8) * DAY);
    for (const campaign of held)
      fresh.set(campaign.id, await this.deps.storageFilesService.urlFor(campaign.mediaFileId!, expires));
    return fresh;
  }

  /** The lines among these rows' that send templates (Cloud API numbers); only campaigns with a template ask. */
  private async templateLines(rows: RecipientRecord[]): Promise<Set<number>> {
    if (rows.length === 0) return new Set();
    const ids = [...new Set(rows.map((r) => r.session_id))];
    return new Set((await this.deps.chatappTemplatesService.templateLines(ids)).map((l) => l.id));
  }

  /**
   * On a line that takes only templates outside the 24-hour window: the campaign's template with
   * this recipient's values. The template's text is the network's, so there is no unsubscribe line
   * or translation to add (the send path records the text as the customer reads it).
   */
  private renderTemplate(row: RecipientRecord, campaign: Campaign) {
    const template: TemplateRequest = templateFor(campaign.template!, {
      name: row.name,
      phone: row.phone,
      shopName: this.deps.shop.name,
    });
    return { row, template, text: undefined, media: undefined, language: null, translation: null };
  }

  private async render(
    row: RecipientRecord,
    campaign: Campaign,
    fresh: FreshMedia | undefined,
  ): Promise<{
    row: RecipientRecord;
    template?: TemplateRequest;
    text: string | undefined;
    media: { url: string; mimeType: string; filename?: string } | undefined;
    language: string | null;
    translation: string | null;
  }> {
    let template = campaign.messageText;
    let language: string | null = null;
    let translation: string | null = null;
    if (campaign.translateByPrefix) {
      const t = await this.deps.marketingTranslationService.forRecipient(template, row.phone);
      template = t.text;
      language = t.language;
      translation = t.note;
    }
    let text = fillTemplate(template, { nombre: row.name, telefono: row.phone, tienda: this.deps.shop.name });
    if (campaign.includeUnsubscribeLink) {
      const label =
        UNSUBSCRIBE_LINK_LABEL[
          (language as keyof typeof UNSUBSCRIBE_LINK_LABEL) ?? languageOfLocale(this.deps.shop.locale) ?? 'en'
        ];
      text = withUnsubscribeLink(
        text,
        label,
        `${this.deps.baseUrl()}${UNSUBSCRIBE_ROUTE}/${unsubscribeToken(this.deps.secrets, this.deps.shop.id, Number(row.id))}`,
      );
    }
    const media =
      campaign.mediaUrl && campaign.mediaType
        ? {
            url: fresh?.url ?? campaign.mediaUrl,
            mimeType: fresh?.contentType ?? mimeTypeOf(campaign.mediaType, campaign.mediaUrl, campaign.mediaFilename),
            ...(campaign.mediaFilename && { filename: campaign.mediaFilename }),
          }
        : undefined;
    return { row, text, media, language, translation };
  }

  /** Which of these recipients' chats (line and phone) had messages before this send ("session_id phone"). */
  private async activeChats(rows: RecipientRecord[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const found = (await sql(
      this.em,
      `select distinct m.session_id, m.phone from chatapp_messages_view m
       join json_to_recordset($1::json) as v(session_id int, phone text) on m.session_id = v.session_id and m.phone = v.phone
       where m.shop_id = $2`,
      [JSON.stringify(rows.map((r) => ({ session_id: r.session_id, phone: r.phone }))), this.deps.shop.id],
    )) as { session_id: number; phone: string }[];
    return new Set(found.map((f) => `${f.session_id} ${f.phone}`));
  }

  /** The row takes the message's outcome: sent (or further), still waiting for the network, or failed. */
  private recordedChanges(message: MessagePayload, extra: Record<string, unknown>): Record<string, unknown> {
    const status = message.status as RecipientStatus;
    return {
      status,
      message_id: message.id,
      credits_charged: message.credits_charged,
      sent_at: message.sent_at ? new Date(message.sent_at) : null,
      reason:
        status === 'sending'
          ? `waiting for the network: ${message.error ?? 'not taken yet'}`
          : status === 'failed'
            ? message.error
            : null,
      ...extra,
    };
  }

  /**
   * Row changes, one statement per set of columns changed (usually one for the whole batch). The ids
   * again as `= any(…)`: the planner then takes the rows by key instead of reading the shop's.
   */
  private async updateMany(updates: { row: RecipientRecord; changes: Record<string, unknown> }[]): Promise<void> {
    const groups = new Map<string, typeof updates>();
    for (const u of updates) {
      const columns = Object.keys(u.changes).sort().join(',');
      const group = groups.get(columns);
      if (group) group.push(u);
      else groups.set(columns, [u]);
    }
    for (const [key, group] of groups) {
      const columns = key.split(',');
      await sql(
        this.em,
        `update marketing_campaign_recipients r set ${columns.map((c) => `${c} = v.${c}`).join(', ')}
         from json_to_recordset($1::json) as v(id bigint, ${columns.map((c) => `${c} ${COLUMN_TYPES[c]}`).join(', ')})
         where r.id = any($3::bigint[]) and r.id = v.id and r.shop_id = $2`,
        [
          JSON.stringify(group.map(({ row, changes }) => ({ id: row.id, ...changes }))),
          this.deps.shop.id,
          group.map(({ row }) => row.id),
        ],
      );
    }
  }
}

/** A freshly claimed row back in the queue, its line released: the next pass claims it again. */
const requeue = (reason: string | null) => ({ status: 'pending', session_id: null, claimed_at: null, reason });

/**
 * A claimed row whose campaign stopped running before it was sent. Cancelled, it is skipped like the
 * campaign's other unsent recipients; otherwise its claim is given back whole, as holdSlots does.
 */
function halt(row: RecipientRecord, campaign: Campaign): { outcome: SendOutcome; changes: Record<string, unknown> } {
  if (campaign.status === 'cancelled')
    return { outcome: 'skipped', changes: { status: 'skipped', reason: 'campaign_cancelled' } };
  return { outcome: 'requeued', changes: { ...requeue(null), attempts: row.attempts - 1 } };
}

/**
 * A refusal of the send path, as the row's change. Refusals made before anything was recorded (no
 * line, no credits) put a freshly claimed row back in the queue; a reconciled row keeps waiting in
 * sending, since an earlier attempt may have reached the network with its key. no_credits also
 * pauses the campaign (the caller does, once per campaign).
 */
function refusal(
  row: RecipientRecord,
  mode: SendMode,
  err: ToolError,
): { outcome: SendOutcome; changes: Record<string, unknown> } {
  const retryLater = (reason: string) =>
    mode === 'claimed'
      ? requeue(reason)
      : { reason: `${reason}; the send is retried on line ${row.session_id} with its key` };
  if (err.code === 'insufficient_credits')
    return { outcome: 'no_credits', changes: retryLater(`insufficient_credits: ${err.message}`) };
  if (LINE_UNAVAILABLE.has(err.code))
    return { outcome: 'requeued', changes: retryLater(`${err.code}: line ${row.session_id} is not available`) };
  if (err.code === 'opted_out') return { outcome: 'skipped', changes: { status: 'skipped', reason: 'opted_out' } };
  return { outcome: 'failed', changes: { status: 'failed', reason: `${err.code}: ${err.message}` } };
}
