import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ContactColumns } from './contact-rows.js';
import { JOINED_FACT_COLUMNS, joinedFacts, lockFactsForImport, probedFacts } from '../audience/audience-facts.js';

/** From this many staged rows on, the facts of the new members are joined in bulk rather than probed row by row. */
const BULK_ROWS = 10_000;

/**
 * A session temp table the rows of one import are collected in on their way into a list: rows are
 * loaded chunk by chunk as they are checked (COPY on PostgreSQL, batched inserts on the embedded
 * engine), then merged into the list in one statement that also gives each new member its audience
 * facts (services/audience-facts.ts). One statement over the whole import sorts once and lets the
 * planner join the facts with hash joins. The table is dropped when the transaction ends.
 */
export class ContactStage {
  private staged = 0;

  private constructor(
    private readonly client: ClientBase,
    private readonly useCopy: boolean,
  ) {}

  static async open(client: ClientBase, useCopy: boolean): Promise<ContactStage> {
    await client.query(
      'create temp table if not exists mm_contact_stage (line int not null, phone text not null, name text) on commit drop',
    );
    await client.query('truncate mm_contact_stage');
    return new ContactStage(client, useCopy);
  }

  async load(rows: ContactColumns): Promise<void> {
    if (rows.phones.length === 0) return;
    if (this.useCopy) await this.copy(rows);
    else
      await this.client.query(
        'insert into mm_contact_stage (line, phone, name) select * from unnest($1::int[], $2::text[], $3::text[])',
        [rows.lines, rows.phones, rows.names],
      );
    this.staged += rows.phones.length;
  }

  /** Rows a database source yields (phones in E.164 already), staged in the source's order. */
  async loadSql(sql: string, params: unknown[]): Promise<number> {
    const { rowCount } = await this.client.query(
      `insert into mm_contact_stage (line, phone, name) select row_number() over (), s.phone, left(nullif(trim(s.name), ''), 200) from (${sql}) s`,
      params,
    );
    this.staged += rowCount ?? 0;
    return rowCount ?? 0;
  }

  /**
   * Moves the staged rows into the list: one member per phone; a phone given twice keeps the first
   * row that has a name; a phone already in the list stays as it is, except that it takes a name
   * when it has none. Returns how many members were added. Into a list that had no members the
   * rows are plainly inserted (nothing can conflict); otherwise with `on conflict`.
   */
  async mergeInto(shopId: number, listId: number): Promise<number> {
    if (this.staged === 0) return 0;
    await lockFactsForImport(this.client, shopId);
    const { rows: present } = await this.client.query(
      'select 1 from marketing_list_members where list_id = $1 and shop_id = $2 limit 1',
      [listId, shopId],
    );
    const bulk = this.staged >= BULK_ROWS;
    // Sorting and hashing a million rows in memory instead of in temp files.
    if (bulk) await this.client.query(`set local work_mem = '128MB'`);
    const probed = probedFacts('s.phone', '$2');
    const columns = bulk
      ? JOINED_FACT_COLUMNS
      : [probed.tagKeys, probed.lastContactAt, probed.hasHistory, probed.excluded].join(', ');
    // The duplicates only need grouping: bytewise order ("C") sorts a million phones faster than the locale's.
    const { rows } = await this.client.query<{ added: number }>(
      `with s as (select distinct on (phone collate "C") phone, name from mm_contact_stage order by phone collate "C", (name is null), line),
       merged as (
         insert into marketing_list_members (shop_id, list_id, phone, name, created_at, tag_keys, last_contact_at, has_history, excluded)
         select $1::int, $2::int, s.phone, s.name, now(), ${columns} from s ${bulk ? joinedFacts('$2') : ''}
         ${present.length ? `on conflict (list_id, phone) do update set name = excluded.name where marketing_list_members.name is null and excluded.name is not null` : ''}
         returning (xmax = 0) as inserted)
       select count(*) filter (where inserted)::int as added from merged`,
      [shopId, listId],
    );
    if (bulk) await this.client.query('reset work_mem');
    await this.client.query('truncate mm_contact_stage');
    this.staged = 0;
    return rows[0]!.added;
  }

  private async copy(rows: ContactColumns): Promise<void> {
    let text = '';
    for (let i = 0; i < rows.phones.length; i++) {
      const name = rows.names[i];
      text += `${rows.lines[i]}\t${rows.phones[i]}\t${name === null || name === undefined ? '\\N' : copyEscape(name)}\n`;
    }
    const stream = this.client.query(copyFrom('copy mm_contact_stage (line, phone, name) from stdin'));
    await new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(text);
    });
  }
}

/** COPY text format: backslash, tab and line breaks are escaped. */
function copyEscape(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
}
