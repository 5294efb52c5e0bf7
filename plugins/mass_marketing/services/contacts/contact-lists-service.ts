import {
  containsPattern,
  invalidArguments,
  likeLiteral,
  nonBlank,
  normalizePhone,
  notFound,
  pageOf,
  ToolError,
  type Paging,
  type ServiceDeps,
} from '../../../../core/index.js';
import type { MassMarketingConfig } from '../../config.js';
import { ContactList } from '../../entities/contact-list.entity.js';
import { Campaign } from '../../entities/campaign.entity.js';
import { LIST_IN_USE_STATUSES } from '../../entities/values.js';
import { listPayload } from '../payloads.js';
import { transactionClient, isEmbeddedEngine, withClient } from '../pg-client.js';
import { runImportPipeline, type PipelineCounts } from './import-pipeline.js';
import { phoneErrors, splitPhones, type RawRow, type RowError } from './contact-rows.js';
import { NO_FILTERS } from '../audience/segment-filters.js';

export interface ContactInput {
  phone: string;
  name?: string | null;
}

/**
 * Contact lists and their members. Every change of membership runs in the caller's transaction and
 * first locks the list's row (`lock`), so concurrent changes to one list queue up and its
 * member_count stays exact.
 */
export class MarketingContactListsService {
  constructor(private readonly deps: ServiceDeps<MassMarketingConfig>) {}

  private get em() {
    return this.deps.em;
  }

  async create(name: string, description: string | undefined) {
    const list = await this.createList(name, description);
    return { list: listPayload(list) };
  }

  /** A new empty list; a name the shop already uses is `conflict`. */
  async createList(rawName: string, description: string | undefined | null): Promise<ContactList> {
    const name = nonBlank(rawName, 'name');
    const existing = await this.em.findOne(ContactList, { name });
    if (existing)
      throw new ToolError('conflict', `A contact list named "${name}" already exists (id ${existing.id}).`, {
        field: 'name',
        list_id: existing.id,
      });
    const list = this.em.create(ContactList, { name, description: description?.trim() || null } as ContactList);
    await this.em.flush();
    return list;
  }

  /** The list named `name`, case-insensitively (names are unique in the shop). */
  async byName(name: string): Promise<ContactList> {
    const list = await this.em.findOne(ContactList, { name: { $ilike: likeLiteral(name.trim()) } });
    if (!list) throw notFound('contact list', name);
    return list;
  }

  async get(id: number): Promise<ContactList> {
    const list = await this.em.findOne(ContactList, { id });
    if (!list) throw notFound('contact list', id);
    return list;
  }

  /** The list, locked against concurrent membership changes until the transaction ends. */
  async lock(id: number): Promise<ContactList> {
    const locked = await this.em.execute(
      'select id from marketing_contact_lists where id = ? and shop_id = ? for update',
      [id, this.deps.shop.id],
    );
    if (locked.length === 0) throw notFound('contact list', id);
    return this.get(id);
  }

  /** Adds `delta` to the stored member count and reloads the list. */
  async recount(list: ContactList, delta: number): Promise<ContactList> {
    if (delta !== 0) {
      await this.em.execute(
        'update marketing_contact_lists set member_count = member_count + ?, updated_at = now() where id = ? and shop_id = ?',
        [delta, list.id, this.deps.shop.id],
      );
    }
    await this.em.refresh(list);
    return list;
  }

  async list(query: string | undefined, paging: Paging) {
    const where = query === undefined ? {} : { name: { $ilike: containsPattern(nonBlank(query, 'query')) } };
    const [items, count] = await this.em.findAndCount(ContactList, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('lists', items.map(listPayload), count, paging);
  }

  /**
   * The list with its counts (members; eligible = after blacklist, unsubscribes and opt-outs) and a
   * page of members in phone order, each with the exclusions that apply to it.
   */
  async detail(id: number, query: string | undefined, paging: Paging) {
    const list = await this.get(id);
    const eligible = await this.deps.marketingAudienceService.count(list.id, NO_FILTERS);
    const search = query === undefined ? null : containsPattern(nonBlank(query, 'query'));
    const { members, matching } = await withClient(this.em, async (client) => {
      const params = [this.deps.shop.id, list.id, search];
      const filter = `m.shop_id = $1 and m.list_id = $2 and ($3::text is null or m.phone like $3 or m.name ilike $3)`;
      const page = await client.query(
        `select m.phone, m.name, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as added_at,
           exists (select 1 from marketing_blacklist b where b.shop_id = $1 and b.phone = m.phone) as blacklisted,
           exists (select 1 from marketing_unsubscribes u where u.shop_id = $1 and u.phone = m.phone) as unsubscribed,
           exists (select 1 from chatapp_optouts_view o where o.shop_id = $1 and o.phone = m.phone) as opted_out
         from marketing_list_members m where ${filter} order by m.phone limit $4 offset $5`,
        [...params, paging.limit, paging.offset],
      );
      const total =
        search === null
          ? list.memberCount
          : (
              await client.query<{ n: number }>(
                `select count(*)::int as n from marketing_list_members m where ${filter}`,
                params,
              )
            ).rows[0]!.n;
      return { members: page.rows, matching: total };
    });
    return {
      list: { ...listPayload(list), eligible_count: eligible, excluded_count: list.memberCount - eligible },
      ...pageOf(
        'members',
        members.map((m) => ({
          phone: m.phone,
          name: m.name,
          added_at: m.added_at,
          blacklisted: m.blacklisted,
          unsubscribed: m.unsubscribed,
          opted_out: m.opted_out,
        })),
        matching,
        paging,
      ),
    };
  }

  /**
   * Deletes the list with its members and its imports, in one transaction. Refused while a
   * campaign still needs it (scheduled, waiting for approval, running or paused): list_in_use.
   */
  async delete(id: number) {
    const list = await this.lock(id);
    const users = await this.em.find(
      Campaign,
      { listId: list.id, status: { $in: LIST_IN_USE_STATUSES } },
      { orderBy: { id: 'asc' } },
    );
    if (users.length > 0) {
      throw new ToolError(
        'list_in_use',
        `Contact list ${list.id} is used by campaign${users.length > 1 ? 's' : ''} ${users.map((c) => `${c.id} (${c.status})`).join(', ')}: cancel or finish ${users.length > 1 ? 'them' : 'it'} first.`,
        {
          list_id: list.id,
          campaign_ids: users.map((c) => c.id),
        },
      );
    }
    await this.em.execute('delete from marketing_list_members where shop_id = ? and list_id = ?', [
      this.deps.shop.id,
      list.id,
    ]);
    this.em.remove(list);
    await this.em.flush();
    return { deleted: true, id, name: list.name, members_removed: list.memberCount };
  }

  /**
   * add_contacts_to_list. Partial success: valid contacts are added and every invalid one is
   * reported with its index and reason; when none is valid nothing changes and the call fails with
   * invalid_arguments naming each one.
   */
  async addContacts(listId: number, contacts: ContactInput[]) {
    const rows: RawRow[] = contacts.map((c, index) => ({ line: index, phone: c.phone, name: c.name ?? null }));
    const list = await this.lock(listId);
    const { counts, errors } = await this.mergeRows(list, [rows]);
    if (counts.invalid === counts.received) throw allInvalid(errors, (i) => `contacts.${i}.phone`);
    const updated = await this.recount(list, counts.added);
    return {
      list: listPayload(updated),
      ...countsPayload(counts),
      invalid: errors.map((e) => ({ index: e.line, phone: e.value, code: e.code, reason: e.reason })),
    };
  }

  /**
   * Rows → members of a list the caller has locked, in the caller's transaction. The bad rows are
   * returned in full (callers bound the input); `onErrors` also receives them chunk by chunk.
   */
  async mergeRows(
    list: ContactList,
    rows: AsyncIterable<RawRow[]> | Iterable<RawRow[]>,
    hooks: {
      onErrors?: (errors: RowError[]) => Promise<void>;
      onProgress?: (counts: PipelineCounts) => Promise<void>;
      signal?: AbortSignal;
      keepErrors?: boolean;
    } = {},
  ) {
    const client = await transactionClient(this.em);
    const errors: RowError[] = [];
    const counts = await runImportPipeline({
      client,
      useCopy: !(await isEmbeddedEngine(client)),
      shopId: this.deps.shop.id,
      listId: list.id,
      rows,
      chunkSize: this.deps.config.importChunkRows,
      onErrors: async (chunk) => {
        if (hooks.keepErrors !== false) errors.push(...chunk);
        await hooks.onErrors?.(chunk);
      },
      onProgress: hooks.onProgress,
      signal: hooks.signal,
    });
    return { counts, errors };
  }

  async removeMember(listId: number, rawPhone: string) {
    const phone = normalizePhone(rawPhone);
    const list = await this.lock(listId);
    const removed = await this.em.execute(
      'delete from marketing_list_members where shop_id = ? and list_id = ? and phone = ? returning phone',
      [this.deps.shop.id, list.id, phone],
    );
    if (removed.length === 0)
      throw new ToolError('not_found', `${phone} is not in contact list ${list.id}.`, {
        resource: 'list member',
        phone,
        list_id: list.id,
      });
    return { removed: true, phone, list: listPayload(await this.recount(list, -1)) };
  }

  /** Removes the given phones; phones not in the list and invalid ones are reported, not fatal. */
  async removeBulk(listId: number, rawPhones: string[]) {
    const { phones, invalid } = splitPhones(rawPhones);
    if (phones.length === 0) throw allInvalid(phoneErrors(invalid), (i) => `phones.${i}`);
    const list = await this.lock(listId);
    const client = await transactionClient(this.em);
    const { rows: removed } = await client.query<{ phone: string }>(
      'delete from marketing_list_members where shop_id = $1 and list_id = $2 and phone = any($3::text[]) returning phone',
      [this.deps.shop.id, list.id, phones],
    );
    const gone = new Set(removed.map((r) => r.phone));
    return {
      removed_count: removed.length,
      removed: [...gone].sort(),
      not_in_list: phones.filter((p) => !gone.has(p)),
      invalid,
      list: listPayload(await this.recount(list, -removed.length)),
    };
  }
}

export const countsPayload = (c: PipelineCounts) => ({
  received: c.received,
  added: c.added,
  duplicates: c.duplicates,
  invalid_count: c.invalid,
});

/** Every row was bad: nothing to do, and the caller learns about each one. */
export function allInvalid(errors: RowError[], path: (position: number) => string) {
  return invalidArguments(
    errors.length === 1
      ? `No valid contact: ${errors[0]!.reason} ("${errors[0]!.value}").`
      : `No valid contact among the ${errors.length} given; each one is listed in errors.`,
    errors.map((e) => ({ path: path(e.line), message: e.reason })),
  );
}
