import { LockMode } from '@mikro-orm/core';
import type { Services } from '../../../../core/index.js';
import { Campaign } from '../../entities/campaign.entity.js';
import { CampaignRun } from '../../entities/campaign-run.entity.js';
import { parseSegmentFilters } from '../audience/segment-filters.js';
import { transactionClient } from '../pg-client.js';
import { campaignStatusChanged } from './campaign-status-events.js';
import { campaignsProgressed } from './campaign-progress-events.js';

/**
 * Runs and their recipients. A run's recipients are the list's audience after the exclusions and
 * the segment at the moment the run is built, inserted by one `insert … select` in the caller's
 * transaction, so a run never exists half-built.
 */
export class MarketingCampaignRunsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /**
   * Builds the run of `campaign` for `occurrenceAt`; null when that occurrence already has one (a
   * second process got there first: the unique (campaign, occurrence) pair decides).
   */
  async build(campaign: Campaign, occurrenceAt: Date): Promise<CampaignRun | null> {
    const shopId = this.deps.shop.id;
    const list = await this.deps.marketingContactListsService.get(campaign.listId);
    const client = await transactionClient(this.em);
    const created = await client.query<{ id: number }>(
      `insert into marketing_campaign_runs (shop_id, campaign_id, seq, occurrence_at, status, recipients_total, members_total, created_at)
       values ($1, $2, (select coalesce(max(seq), 0) + 1 from marketing_campaign_runs where campaign_id = $2), $3, 'sending', 0, $4, now())
       on conflict (campaign_id, occurrence_at) do nothing returning id`,
      [shopId, campaign.id, occurrenceAt, list.memberCount],
    );
    if (created.rows.length === 0) return null;
    const runId = created.rows[0]!.id;
    const { fromWhere, params } = this.deps.marketingAudienceService.query(
      list.id,
      parseSegmentFilters(campaign.segmentFilters),
      4,
    );
    const inserted = await client.query(
      `insert into marketing_campaign_recipients (shop_id, campaign_id, run_id, phone, name, status, attempts, credits_charged, created_at)
       select $1, $2, $3, m.phone, m.name, 'pending', 0, 0, now() ${fromWhere}`,
      [shopId, campaign.id, runId, ...params],
    );
    await client.query('update marketing_campaign_runs set recipients_total = $1 where id = $2 and shop_id = $3', [
      inserted.rowCount ?? 0,
      runId,
      shopId,
    ]);
    await campaignsProgressed(this.deps.events, [campaign.id]);
    return this.em.findOneOrFail(CampaignRun, { id: runId }, { refresh: true });
  }

  async list(campaignId: number, limit: number): Promise<CampaignRun[]> {
    return this.em.find(CampaignRun, { campaign: campaignId }, { orderBy: { id: 'desc' }, limit });
  }

  /**
   * Closes a run with nothing left to do (engine-sql.ts `finishedRuns`): completed, or cancelled
   * when its campaign was, its last pending rows skipped. A one-off campaign completes with its
   * run. False when there is nothing to close (still sending, already closed, or another process
   * holds it).
   */
  async finish(runId: number): Promise<boolean> {
    const run = await this.em.findOne(CampaignRun, { id: runId }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
    if (!run || run.status !== 'sending') return false;
    const campaign = await this.em.findOneOrFail(
      Campaign,
      { id: run.campaign.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    const cancelled = campaign.status === 'cancelled';
    const open = await this.em.execute(
      `select 1 from marketing_campaign_recipients where campaign_id = ? and run_id = ? and (status = 'sending' or (status = 'pending' and not ?)) limit 1`,
      [campaign.id, run.id, cancelled],
    );
    if (open.length > 0) return false;
    if (cancelled) {
      await this.em.execute(
        `update marketing_campaign_recipients set status = 'skipped', reason = 'campaign_cancelled' where shop_id = ? and campaign_id = ? and run_id = ? and status = 'pending'`,
        [this.deps.shop.id, campaign.id, run.id],
      );
    }
    run.status = cancelled ? 'cancelled' : 'completed';
    run.completedAt = new Date();
    const previous = campaign.status;
    if (!campaign.isRecurring && (campaign.status === 'running' || campaign.status === 'paused')) {
      campaign.status = 'completed';
      campaign.completedAt = new Date();
      campaign.pauseReason = null;
      campaign.waitingReason = null;
      campaign.waitingSince = null;
    }
    await this.em.flush();
    await campaignStatusChanged(this.deps.events, campaign, previous);
    await campaignsProgressed(this.deps.events, [campaign.id]);
    return true;
  }
}
