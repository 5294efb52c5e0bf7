import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../core/db/embedded-postgres.js';

const NAMES = ['José Pérez', 'Jose Perez Garcia', 'Ana Núñez', 'Jöran Müller', 'Peter Parker'];

/** One search as a group would write it: typo-tolerant and accent-insensitive, best match first. */
async function search(k: TestKernel, query: string): Promise<string[]> {
  const rows = await k.orm.em.getConnection().execute<{ name: string }[]>(
    `select name from json_array_elements_text(?::json) as c(name)
     where sb_search_text(name) % sb_search_text(?) or sb_search_text(name) like '%' || sb_search_text(?) || '%'
     order by similarity(sb_search_text(name), sb_search_text(?)) desc, name`,
    [JSON.stringify(NAMES), query, query, query],
  );
  return rows.map((r) => r.name);
}

/** The same on every engine: an index on the search form too, which needs it to be immutable. */
async function expectSearch(k: TestKernel): Promise<void> {
  expect((await search(k, 'jose perez')).slice(0, 2)).to.have.members(['José Pérez', 'Jose Perez Garcia']);
  expect(await search(k, 'nunez')).to.deep.equal(['Ana Núñez']);
  expect(await search(k, 'muler')).to.deep.equal(['Jöran Müller']);
  const conn = k.orm.em.getConnection();
  await conn.execute('create temporary table search_probe (name text)');
  await conn.execute('create index on search_probe using gin (sb_search_text(name) gin_trgm_ops)');
}

describe('text search on both engines: pg_trgm and unaccent, installed by the kernel', function () {
  this.timeout(120_000);

  it('PostgreSQL: a typo and a missing accent still find the customer', async () => {
    const k = await bootKernel({ groups: [] });
    try {
      await expectSearch(k);
    } finally {
      await k.close();
    }
  });

  it('embedded (PGlite): the same search, the extensions loaded into the engine', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-search-'));
    let embedded: EmbeddedPostgres | undefined;
    let k: TestKernel | undefined;
    try {
      embedded = await startEmbeddedPostgres(dir);
      k = await bootKernel({ groups: [], databaseUrl: embedded.url });
      await expectSearch(k);
    } finally {
      await k?.close();
      await embedded?.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
