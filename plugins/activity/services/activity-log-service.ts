import {
  csvRow,
  notFound,
  pageOf,
  parseShopDay,
  type EntityManager,
  type Paging,
  type ShopContext,
} from '../../../core/index.js';
import { ActivityEntry } from '../entities/activity-entry.entity.js';
import { ActivitySettings } from '../entities/activity-settings.entity.js';
import type { ActivityConfig } from '../config.js';
import type { SettingsPayload } from '../tools/outputs.js';
import type { EntryFilters } from './entry-filters.js';
import { CSV_COLUMNS, csvValues, entryPayload } from './entry-payload.js';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  config: ActivityConfig;
}

/** Reading the shop's audit log, and its retention. The EntityManager is the call's, scoped to its shop. */
export class ActivityLogService {
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  async list(filters: EntryFilters, paging: Paging) {
    const where = this.where(filters);
    const [entries, count] = await this.em.findAndCount(ActivityEntry, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return {
      ...pageOf('entries', entries.map(entryPayload), count, paging),
      retention_days: (await this.settings()).retention_days,
    };
  }

  async get(id: number) {
    const entry = await this.em.findOne(ActivityEntry, { id });
    if (!entry) throw notFound('entry', id);
    return entryPayload(entry);
  }

  /** One record's timeline, oldest first: its creation, every change, every confirmation about it. */
  async history(type: string, id: string, paging: Paging) {
    const [entries, count] = await this.em.findAndCount(
      ActivityEntry,
      { resourceType: type, resourceId: id },
      { orderBy: { id: 'asc' }, limit: paging.limit, offset: paging.offset },
    );
    return pageOf('entries', entries.map(entryPayload), count, paging);
  }

  /** Newest first, at most exportMaxRows; `truncated` says a narrower filter would get the rest. */
  async exportCsv(filters: EntryFilters) {
    const max = this.deps.config.exportMaxRows;
    const entries = await this.em.find(ActivityEntry, this.where(filters), { orderBy: { id: 'desc' }, limit: max + 1 });
    const shown = entries.slice(0, max);
    return {
      csv: csvRow(CSV_COLUMNS) + shown.map((e) => csvRow(csvValues(entryPayload(e)))).join(''),
      rows: shown.length,
      truncated: entries.length > max,
    };
  }

  async settings(): Promise<SettingsPayload> {
    const row = await this.em.findOne(ActivitySettings, {});
    return row
      ? { retention_days: row.retentionDays, default: false }
      : { retention_days: this.deps.config.defaultRetentionDays, default: true };
  }

  async configure(retentionDays: number): Promise<SettingsPayload> {
    const row =
      (await this.em.findOne(ActivitySettings, {})) ??
      this.em.create(ActivitySettings, { retentionDays } as ActivitySettings);
    row.retentionDays = retentionDays;
    await this.em.flush();
    return { retention_days: retentionDays, default: false };
  }

  private where(filters: EntryFilters) {
    const zone = this.deps.shop.timezone;
    const at = {
      ...(filters.date_from && { $gte: parseShopDay(filters.date_from, zone, 'date_from', 'start') }),
      ...(filters.date_to && { $lt: parseShopDay(filters.date_to, zone, 'date_to', 'end') }),
    };
    return {
      ...(filters.kind && { kind: filters.kind }),
      ...(filters.actor && { actor: filters.actor }),
      ...(filters.token && { token: filters.token }),
      ...(filters.tool && { tool: filters.tool }),
      ...(filters.group && { groupName: filters.group }),
      ...(filters.resource_type && { resourceType: filters.resource_type }),
      ...(filters.resource_id && { resourceId: filters.resource_id }),
      ...(filters.outcome && { outcome: filters.outcome }),
      ...(filters.error_code && { errorCode: filters.error_code }),
      ...(Object.keys(at).length > 0 && { at }),
    };
  }
}
