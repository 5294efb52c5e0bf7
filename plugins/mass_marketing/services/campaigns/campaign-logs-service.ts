import type { ClientBase } from 'pg';
import {
  notFound,
  pageOf,
  phoneE164OrNull,
  invalidArguments,
  type Paging,
  type ServiceDeps,
} from '../../../../core/index.js';
import type { MassMarketingConfig } from '../../config.js';
import { Campaign } from '../../entities/campaign.entity.js';
import { logPayload, type RecipientRow } from '../payloads.js';
import { CSV_HEADER, csvLines } from './campaign-csv.js';
import { withClient } from '../pg-client.js';
import type { RecipientStatus } from '../../entities/values.js';

export interface LogFilter {
  runId?: number;
  status?: RecipientStatus;
  phone?: string;
}

/** What a download link carries, sealed (authenticated encryption): nobody can forge or widen it. */
export interface ExportGrant {
  shop: number;
  campaign: number;
  run: number | null;
  status: RecipientStatus | null;
  phone: string | null;
  expires: number;
}

export const EXPORT_ROUTE = '/mass-marketing/exports';
const PAGE_ROWS = 2000;

/**
 * The send log of a campaign: one line per recipient and run with its status and the time of each
 * step. get_campaign_logs pages through it; export_campaign_csv returns it as CSV, inline when it
 * is small, else as a short-lived signed download link whose route streams it page by page.
 */
export class MarketingCampaignLogsService {
  constructor(private readonly deps: ServiceDeps<MassMarketingConfig>) {}

  private async campaign(id: number): Promise<Campaign> {
    const campaign = await this.deps.em.findOne(Campaign, { id });
    if (!campaign) throw notFound('campaign', id);
    return campaign;
  }

  private where(campaignId: number, filter: LogFilter, afterId: number | null) {
    const params = [
      this.deps.shop.id,
      campaignId,
      filter.runId ?? null,
      filter.status ?? null,
      filter.phone ?? null,
      afterId,
    ];
    const sql = `shop_id = $1 and campaign_id = $2 and ($3::int is null or run_id = $3) and ($4::text is null or status = $4)
      and ($5::text is null or phone = $5) and ($6::bigint is null or id > $6)`;
    return { sql, params };
  }

  async logs(campaignId: number, rawFilter: LogFilter, paging: Paging) {
    const campaign = await this.campaign(campaignId);
    const filter = normalised(rawFilter);
    return withClient(this.deps.em, async (client) => {
      const { sql, params } = this.where(campaign.id, filter, null);
      const count = await countRows(client, sql, params);
      const rows = await client.query<RecipientRow>(
        `select * from marketing_campaign_recipients where ${sql} order by id limit $7 offset $8`,
        [...params, paging.limit, paging.offset],
      );
      return { campaign_id: campaign.id, ...pageOf('logs', rows.rows.map(logPayload), count, paging) };
    });
  }

  async exportCsv(campaignId: number, rawFilter: LogFilter) {
    const campaign = await this.campaign(campaignId);
    const filter = normalised(rawFilter);
    const filename = `campaign-${campaign.id}${filter.runId ? `-run-${filter.runId}` : ''}-logs.csv`;
    const { sql, params } = this.where(campaign.id, filter, null);
    const rowCount = await withClient(this.deps.em, (client) => countRows(client, sql, params));
    const { exportInlineMaxRows, exportLinkTtlSeconds } = this.deps.config;
    if (rowCount <= exportInlineMaxRows) {
      let csv = CSV_HEADER;
      for await (const chunk of this.csvChunks(campaign.id, filter)) csv += chunk;
      return { campaign_id: campaign.id, filename, content_type: 'text/csv', row_count: rowCount, csv };
    }
    const expires = Date.now() + exportLinkTtlSeconds * 1000;
    const grant: ExportGrant = {
      shop: this.deps.shop.id,
      campaign: campaign.id,
      run: filter.runId ?? null,
      status: filter.status ?? null,
      phone: filter.phone ?? null,
      expires,
    };
    const token = this.deps.secrets.seal(JSON.stringify(grant));
    return {
      campaign_id: campaign.id,
      filename,
      content_type: 'text/csv',
      row_count: rowCount,
      download_url: `${this.deps.baseUrl()}${EXPORT_ROUTE}?token=${encodeURIComponent(token)}`,
      expires_at: new Date(expires).toISOString(),
      message: `The log has ${rowCount} rows: download it from download_url within ${Math.round(exportLinkTtlSeconds / 60)} minutes.`,
    };
  }

  /** The CSV body (without header) page by page: bounded memory for any size. */
  async *csvChunks(campaignId: number, filter: LogFilter): AsyncGenerator<string> {
    let after: number | null = null;
    for (;;) {
      const rows: RecipientRow[] = await withClient(this.deps.em, async (client) => {
        const { sql, params } = this.where(campaignId, filter, after);
        return (
          await client.query<RecipientRow>(
            `select * from marketing_campaign_recipients where ${sql} order by id limit $7`,
            [...params, PAGE_ROWS],
          )
        ).rows;
      });
      if (rows.length) yield csvLines(rows);
      if (rows.length < PAGE_ROWS) return;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}

async function countRows(client: ClientBase, where: string, params: unknown[]): Promise<number> {
  return (
    await client.query<{ n: number }>(
      `select count(*)::int as n from marketing_campaign_recipients where ${where}`,
      params,
    )
  ).rows[0]!.n;
}

function normalised(filter: LogFilter): LogFilter {
  if (filter.phone === undefined) return filter;
  const phone = phoneE164OrNull(filter.phone);
  if (phone === null)
    throw invalidArguments(`phone "${filter.phone}" is not a valid phone number with an international prefix.`, [
      { path: 'phone', message: 'is not a valid international phone number' },
    ]);
  return { ...filter, phone };
}
