import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ContactColumns } from './contact-rows.js';

/**
 * A session temp table the rows of one import pass through on their way into a list: rows are
 * loaded in bulk (COPY on PostgreSQL, batched inserts on the embedded engine), then merged into
 * the list in one statement per chunk. It is dropped when the transaction ends.
 */
export class ContactStage {
  private constructor(
    private readonly client: ClientBase,
    private readonly useCopy: boolean,
  ) {}

  static async open(client: ClientBase, useCopy: boolean): Promise<ContactStage> {
    await client.query('create temp table if not exists mm_contact_stage (line int not null, phone text not null, name text) on commit drop');
    await client.query('truncate mm_contact_stage');
    return new ContactStage(client, useCopy);
  }

  async load(rows: ContactColumns): Promise<void> {
    if (rows.phones.length === 0) return;
    if (this.useCopy) await this.copy(rows);
    else await this.client.query('insert into mm_contact_stage (line, phone, name) select * from unnest($1::int[], $2::text[], $3::text[])', [rows.lines, rows.phones, rows.names]);
  }

  /**
   * Moves the staged rows into the list: one member per phone; a phone given twice keeps the first
   * row that has a name; a phone already in the list stays as it is, except that it takes a name
   * when it has none. Returns how many members were added.
   */
  async mergeInto(shopId: number, listId: number): Promise<number> {
    const { rows } = await this.client.query<{ added: number }>(
      `with merged as (
         insert into marketing_list_members (shop_id, list_id, phone, name, created_at)
         select distinct on (phone) $1::int, $2::int, phone, name, now() from mm_contact_stage order by phone, (name is null), line
         on conflict (list_id, phone) do update set name = excluded.name
           where marketing_list_members.name is null and excluded.name is not null
         returning (xmax = 0) as inserted)
       select count(*) filter (where inserted)::int as added from merged`,
      [shopId, listId],
    );
    await this.client.query('truncate mm_contact_stage');
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
  return /[\\\t\n\r]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : value;
}
