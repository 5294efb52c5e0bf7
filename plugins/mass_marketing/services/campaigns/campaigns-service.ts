import { LockMode } from '@mikro-orm/core';
import {
  containsPattern,
  invalidArguments,
  nonBlank,
  notFound,
  pageOf,
  ToolError,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { Campaign } from '../../entities/campaign.entity.js';
import { campaignFields, checkCombination, type CampaignArgs, type CampaignFields } from './campaign-input.js';
import { campaignTransitions, type CampaignAction } from './campaign-transitions.js';
import { campaignPayload, runPayload } from '../payloads.js';
import { parseSegmentFilters } from '../audience/segment-filters.js';
import { nextOccurrence, nextOccurrences } from './recurrence.js';
import type { CampaignStatus } from '../../entities/values.js';
import { campaignStatusChanged } from './campaign-status-events.js';
import { SAMPLE_RECIPIENT, templateFor, type CampaignTemplate } from './campaign-template.js';

/** The defaults of the spec's optional campaign fields. */
const DEFAULTS = {
  sendIntervalSeconds: 30,
  translateByPrefix: false,
  includeUnsubscribeLink: true,
  archiveAfterSend: false,
  sessionIds: null,
  scheduledAt: null,
  segmentFilters: {},
  mediaUrl: null,
  mediaType: null,
  mediaFilename: null,
  template: null,
  isRecurring: false,
  recurringCron: null,
};

/**
 * Campaigns and their state machine (campaign-transitions.ts has the table). Sending itself is
 * the engine's; this service decides when it may begin: at start_campaign, at the scheduled
 * time, or at approval, and builds the run's recipients in that same transaction.
 */
export class MarketingCampaignsService {
  /** The status each campaign had before this call scope moved it (the event's previous_status). */
  private readonly statusBefore = new WeakMap<Campaign, CampaignStatus>();

  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  private payload(c: Campaign) {
    return campaignPayload(c, this.deps.shop.timezone);
  }

  async get(id: number): Promise<Campaign> {
    const campaign = await this.em.findOne(Campaign, { id });
    if (!campaign) throw notFound('campaign', id);
    return campaign;
  }

  /** The campaign locked for a change of state until the transaction ends. */
  async lock(id: number): Promise<Campaign> {
    const campaign = await this.em.findOne(Campaign, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!campaign) throw notFound('campaign', id);
    return campaign;
  }

  async create(args: CampaignArgs) {
    const fields = campaignFields(args, this.deps.shop);
    await this.checkReferences(fields);
    const merged = { ...DEFAULTS, ...fields };
    checkCombination(merged);
    await this.checkTemplate(merged);
    const campaign = this.em.create(Campaign, { ...merged, status: 'draft' } as Campaign);
    await this.em.flush();
    await this.keepMediaFile(campaign);
    if (campaign.scheduledAt) await this.schedule(campaign);
    return { campaign: this.payload(campaign) };
  }

  /** update_campaign: only a draft; the changes given, checked together with what stays. A schedule makes it scheduled. */
  async update(id: number, args: CampaignArgs) {
    const campaign = await this.lock(id);
    campaignTransitions.assertCan('update', campaign);
    const fields = campaignFields(args, this.deps.shop);
    if (Object.values(fields).every((v) => v === undefined)) {
      throw invalidArguments('Give at least one field to change.', [
        { path: '(root)', message: 'needs at least one field' },
      ]);
    }
    await this.checkReferences(fields);
    const merged = { ...campaign, ...definedOnly(fields) };
    checkCombination(merged);
    await this.checkTemplate(merged);
    Object.assign(campaign, definedOnly(fields));
    // What was approved was this campaign before the change.
    campaign.approvedAt = null;
    campaign.approvalRequired = false;
    campaign.approvalReason = null;
    await this.em.flush();
    if (fields.mediaUrl !== undefined) await this.keepMediaFile(campaign);
    if (campaign.scheduledAt) await this.schedule(campaign);
    return { campaign: this.payload(campaign) };
  }

  async show(id: number) {
    const campaign = await this.get(id);
    const runs = await this.deps.marketingCampaignRunsService.list(campaign.id, 10);
    const stats = await this.deps.marketingCampaignStatsService.forCampaign(campaign.id);
    const upcoming =
      campaign.isRecurring &&
      campaign.recurringCron &&
      ['running', 'scheduled', 'pending_approval', 'draft', 'paused'].includes(campaign.status)
        ? nextOccurrences(campaign.recurringCron, this.deps.shop.timezone, 3, laterOf(new Date(), campaign.scheduledAt))
        : [];
    return {
      campaign: this.payload(campaign),
      stats,
      runs: runs.map((r) => runPayload(r, this.deps.shop.timezone)),
      upcoming_runs: upcoming.map((d) => d.toISOString()),
    };
  }

  async list(filter: { status?: CampaignStatus; query?: string }, paging: Paging) {
    const where = {
      ...(filter.status && { status: filter.status }),
      ...(filter.query !== undefined && { name: { $ilike: containsPattern(nonBlank(filter.query, 'query')) } }),
    };
    const [items, count] = await this.em.findAndCount(Campaign, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    const counts = await this.deps.marketingCampaignStatsService.statusCounts(items.map((c) => c.id));
    return pageOf(
      'campaigns',
      items.map((c) => ({ ...this.payload(c), recipient_counts: counts.get(c.id) ?? {} })),
      count,
      paging,
    );
  }

  /** start_campaign: a draft begins sending now, or waits for approval when the shop's settings ask for it. */
  async start(id: number) {
    const campaign = await this.lock(id);
    campaignTransitions.assertCan('start', campaign);
    await this.checkTemplate(campaign);
    if (await this.holdForApproval(campaign)) {
      await this.changed(campaign);
      return { campaign: this.payload(campaign), started: false, awaiting_approval: true };
    }
    const run = await this.activate(campaign, new Date());
    return {
      campaign: this.payload(campaign),
      started: true,
      awaiting_approval: false,
      run: run && runPayload(run, this.deps.shop.timezone),
    };
  }

  /** approve_campaign: a campaign waiting for approval goes on — scheduled when its time is still ahead, else sending now. */
  async approve(id: number) {
    const campaign = await this.lock(id);
    campaignTransitions.assertCan('approve', campaign);
    await this.checkTemplate(campaign);
    campaign.approvedAt = new Date();
    if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now()) {
      this.moveTo(campaign, 'scheduled');
      await this.em.flush();
      await this.changed(campaign);
      return { campaign: this.payload(campaign), started: false };
    }
    const run = await this.activate(campaign, new Date());
    return { campaign: this.payload(campaign), started: true, run: run && runPayload(run, this.deps.shop.timezone) };
  }

  /**
   * The engine, at a scheduled campaign's time: begins sending, or waits for approval when the
   * settings ask for it and it was not approved. False when it is no longer due (changed meanwhile).
   */
  async startScheduled(id: number): Promise<boolean> {
    const due = await this.lockIfDue(id, 'scheduled', (c) => c.scheduledAt);
    if (!due) return false;
    const { campaign, at } = due;
    if (await this.holdForApproval(campaign)) {
      await this.changed(campaign);
      return true;
    }
    await this.activate(campaign, at);
    return true;
  }

  /** The engine, at a recurring campaign's occurrence: its run, and the next occurrence. */
  async startOccurrence(id: number): Promise<boolean> {
    const due = await this.lockIfDue(id, 'running', (c) => (c.isRecurring ? c.nextRunAt : null));
    if (!due) return false;
    const { campaign, at } = due;
    await this.deps.marketingCampaignRunsService.build(campaign, at);
    // Occurrences missed while no process ran collapse into the one just built.
    campaign.nextRunAt = nextOccurrence(campaign.recurringCron!, this.deps.shop.timezone, new Date());
    await this.em.flush();
    return true;
  }

  /** The campaign locked with its due time, when it is still `status` and that time has come; else undefined (changed meanwhile). */
  private async lockIfDue(id: number, status: Campaign['status'], due: (c: Campaign) => Date | null | undefined) {
    const campaign = await this.em.findOne(
      Campaign,
      { id },
      { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, refresh: true },
    );
    if (!campaign || campaign.status !== status) return undefined;
    const at = due(campaign);
    return at && at.getTime() <= Date.now() ? { campaign, at } : undefined;
  }

  async pause(id: number) {
    const campaign = await this.transition(id, 'pause', 'paused', (c) => {
      c.pauseReason = 'manual';
      c.waitingReason = null;
      c.waitingSince = null;
    });
    return { campaign: this.payload(campaign) };
  }

  async resume(id: number) {
    const campaign = await this.transition(id, 'resume', 'running', (c) => {
      c.pauseReason = null;
      // Occurrences that fell due during the pause are skipped, not sent late in a burst.
      if (c.isRecurring && c.nextRunAt && c.nextRunAt.getTime() <= Date.now()) {
        c.nextRunAt = nextOccurrence(c.recurringCron!, this.deps.shop.timezone);
      }
    });
    return { campaign: this.payload(campaign) };
  }

  /** The engine, when the send path refused for credits: the campaign pauses with that reason. */
  async pauseForCredits(id: number): Promise<void> {
    const campaign = await this.lock(id);
    if (campaign.status !== 'running') return;
    this.moveTo(campaign, 'paused');
    campaign.pauseReason = 'insufficient_credits';
    await this.em.flush();
    await this.changed(campaign);
  }

  /** What cancel() would refuse, without changing anything: the confirmation's precheck. */
  async checkCancel(id: number): Promise<void> {
    campaignTransitions.assertCan('cancel', await this.get(id));
  }

  /** cancel_campaign: permanent. Recipients not yet sent are skipped; messages already sent stay sent. */
  async cancel(id: number) {
    const campaign = await this.transition(id, 'cancel', 'cancelled', (c) => {
      c.cancelledAt = new Date();
      c.nextRunAt = null;
      c.pauseReason = null;
      c.waitingReason = null;
      c.waitingSince = null;
    });
    const skipped = await this.em.execute(
      `update marketing_campaign_recipients set status = 'skipped', reason = 'campaign_cancelled' where shop_id = ? and campaign_id = ? and status = 'pending'`,
      [this.deps.shop.id, campaign.id],
      'run',
    );
    return { campaign: this.payload(campaign), recipients_skipped: affected(skipped) };
  }

  async cancelSchedule(id: number) {
    const campaign = await this.transition(id, 'cancel_schedule', 'draft', (c) => {
      c.scheduledAt = null;
    });
    return { campaign: this.payload(campaign) };
  }

  async archive(id: number) {
    const campaign = await this.transition(id, 'archive', 'archived', (c) => {
      c.archivedAt = new Date();
    });
    return { campaign: this.payload(campaign) };
  }

  /** unarchive_campaign: back to completed, the only status an archived campaign can have come from. */
  async unarchive(id: number) {
    const campaign = await this.transition(id, 'unarchive', 'completed', (c) => {
      c.archivedAt = null;
    });
    return { campaign: this.payload(campaign) };
  }

  /** delete_campaign: any campaign that is not running, with its runs, recipients and translations. */
  async delete(id: number) {
    const campaign = await this.lock(id);
    campaignTransitions.assertCan('delete', campaign);
    const removed = await this.em.execute(
      'delete from marketing_campaign_recipients where shop_id = ? and campaign_id = ?',
      [this.deps.shop.id, campaign.id],
      'run',
    );
    if (campaign.mediaFileId && this.storageEnabled())
      await this.deps.storageFilesService.unlink(this.mediaOwner(campaign));
    this.em.remove(campaign);
    await this.em.flush();
    return { deleted: true, id, name: campaign.name, recipients_removed: affected(removed) };
  }

  /** duplicate_campaign: a new draft with the same content and settings, without schedule or approval. */
  async duplicate(id: number, name: string | undefined) {
    const source = await this.get(id);
    const copyName = name !== undefined ? nonBlank(name, 'name') : `${source.name} (copy)`.slice(0, 200);
    const copy = this.em.create(Campaign, {
      name: copyName,
      messageText: source.messageText,
      listId: source.listId,
      sendIntervalSeconds: source.sendIntervalSeconds,
      translateByPrefix: source.translateByPrefix,
      includeUnsubscribeLink: source.includeUnsubscribeLink,
      archiveAfterSend: source.archiveAfterSend,
      sessionIds: source.sessionIds ? [...source.sessionIds] : null,
      scheduledAt: null,
      segmentFilters: { ...source.segmentFilters },
      mediaUrl: source.mediaUrl ?? null,
      mediaType: source.mediaType ?? null,
      mediaFilename: source.mediaFilename ?? null,
      template: source.template ? structuredClone(source.template) : null,
      isRecurring: source.isRecurring,
      recurringCron: source.recurringCron ?? null,
      status: 'draft',
      duplicatedFrom: source.id,
    } as Campaign);
    await this.em.flush();
    await this.keepMediaFile(copy);
    return { campaign: this.payload(copy), duplicated_from: source.id };
  }

  /**
   * When media_url is one of this server's file links, the campaign holds the file (a storage
   * reference, so it cannot be deleted under the campaign) and each send gets a fresh link to it;
   * the link given may expire long before a scheduled or recurring campaign sends.
   */
  private async keepMediaFile(campaign: Campaign): Promise<void> {
    if (!this.storageEnabled()) return;
    const files = this.deps.storageFilesService;
    const fileId = campaign.mediaUrl ? await files.fileOfLink(campaign.mediaUrl) : null;
    if (fileId === (campaign.mediaFileId ?? null)) return;
    await files.unlink(this.mediaOwner(campaign));
    if (fileId !== null) await files.link(fileId, this.mediaOwner(campaign), ['campaign_media', 'chat_media']);
    campaign.mediaFileId = fileId;
    await this.em.flush();
  }

  private mediaOwner(campaign: Campaign) {
    return { group: 'mass_marketing', type: 'campaign', id: campaign.id };
  }

  private storageEnabled(): boolean {
    return this.deps.kernelCatalog.names().includes('storage');
  }

  /** A campaign with a schedule: scheduled, or waiting for approval first when the settings ask for it. */
  private async schedule(campaign: Campaign): Promise<void> {
    this.moveTo(campaign, 'scheduled');
    await this.holdForApproval(campaign);
    await this.em.flush();
    await this.changed(campaign);
  }

  /**
   * A change of state by hand, whose target the action alone decides: the campaign locked, the
   * action checked against the state table, moved with `change` applied, flushed, then announced.
   */
  private async transition(
    id: number,
    action: CampaignAction,
    to: CampaignStatus,
    change: (campaign: Campaign) => void,
  ): Promise<Campaign> {
    const campaign = await this.lock(id);
    campaignTransitions.assertCan(action, campaign);
    this.moveTo(campaign, to);
    change(campaign);
    await this.em.flush();
    await this.changed(campaign);
    return campaign;
  }

  /** Sets the status, remembering the one the campaign had before this call for the event. */
  private moveTo(campaign: Campaign, status: CampaignStatus): void {
    if (!this.statusBefore.has(campaign)) this.statusBefore.set(campaign, campaign.status);
    campaign.status = status;
  }

  /** After the flush: tells other groups the status moved, from where it was when this call began moving it. */
  private async changed(campaign: Campaign): Promise<void> {
    const previous = this.statusBefore.get(campaign);
    this.statusBefore.delete(campaign);
    if (previous !== undefined) await campaignStatusChanged(this.deps.events, campaign, previous);
  }

  /**
   * Puts the campaign in pending_approval when the shop requires approval (for every campaign, or
   * from an audience size on) and it has not been approved. Returns whether it did.
   */
  private async holdForApproval(campaign: Campaign): Promise<boolean> {
    if (campaign.approvedAt) return false;
    const settings = await this.deps.marketingSettingsService.current();
    let reason: string | null = null;
    if (settings.requireApproval) reason = 'the shop requires approval for every campaign';
    else if (settings.approvalThreshold != null) {
      const audience = await this.deps.marketingAudienceService.count(
        campaign.listId,
        parseSegmentFilters(campaign.segmentFilters),
      );
      if (audience >= settings.approvalThreshold)
        reason = `the audience of ${audience} reaches the approval threshold of ${settings.approvalThreshold}`;
    }
    if (reason === null) return false;
    this.moveTo(campaign, 'pending_approval');
    campaign.approvalRequired = true;
    campaign.approvalReason = reason;
    await this.em.flush();
    return true;
  }

  /**
   * Sending begins: running, and for a one-off campaign its run with the recipients built now;
   * a recurring campaign waits for its first occurrence (not before `from`).
   */
  private async activate(campaign: Campaign, from: Date) {
    this.moveTo(campaign, 'running');
    campaign.startedAt ??= new Date();
    campaign.pauseReason = null;
    let run = null;
    if (campaign.isRecurring) {
      campaign.nextRunAt = nextOccurrence(
        campaign.recurringCron!,
        this.deps.shop.timezone,
        new Date(from.getTime() - 1000),
      );
    } else {
      await this.em.flush();
      run = await this.deps.marketingCampaignRunsService.build(campaign, from);
    }
    await this.em.flush();
    await this.changed(campaign);
    return run;
  }

  /**
   * A campaign whose lines (named, or the lines enabled for mass marketing) include a Cloud API
   * number needs an approved template there, with values that fill its placeholders: refused on
   * this call, before it is saved, started or approved, rather than failing recipient by recipient.
   */
  private async checkTemplate(c: { sessionIds?: number[] | null; template?: CampaignTemplate | null }): Promise<void> {
    const templates = this.deps.chatappTemplatesService;
    const lines = await templates.templateLines(c.sessionIds ?? null);
    if (lines.length === 0) return;
    const ids = lines.map((l) => l.id);
    if (!c.template)
      throw new ToolError(
        'template_required',
        `Line${ids.length > 1 ? 's' : ''} ${ids.join(', ')} send${ids.length > 1 ? '' : 's'} through the WhatsApp Cloud API, which takes only approved templates from a business outside the customer's 24-hour window: give the campaign a template (create_campaign or update_campaign with template: { name, language, body_parameters }; values may use {nombre}, {telefono}, {tienda}). list_chatapp_templates shows the approved ones (sync_chatapp_templates reads them from Meta).`,
        { session_ids: ids },
      );
    const sample = templateFor(c.template, SAMPLE_RECIPIENT(this.deps.shop.name));
    // Templates belong to the provider: one check for each provider's lines, however many numbers it has.
    const checked = new Set<unknown>();
    for (const line of lines) {
      if (checked.has(line.providerId)) continue;
      checked.add(line.providerId);
      await templates.prepare(line, sample);
    }
  }

  private async checkReferences(fields: CampaignFields): Promise<void> {
    if (fields.listId !== undefined) await this.deps.marketingContactListsService.get(fields.listId);
    for (const sessionId of fields.sessionIds ?? []) await this.deps.chatappSessionsService.get(sessionId);
  }
}

const laterOf = (a: Date, b: Date | null | undefined) => (b && b > a ? b : a);

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const affected = (result: unknown) => Number((result as { affectedRows?: number }).affectedRows ?? 0);
