import { kernelMigrations } from '../core/db/kernel-schema.js';
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import defaults from '../config/default.js';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import type { GroupEntry } from '../core/config/config-schema.js';

/** Every group config/default.ts enables when the test runs: their hand-written migrations are what this guards. */
const defaultGroups = Object.entries(defaults.groups ?? {})
  .filter(([, entry]) => entry?.enabled !== false)
  .map(([name]) => name);

/** The fixture groups that bring entities and migrations of their own. */
const fixtureGroups: Record<string, GroupEntry> = {
  fx_tenancy: fixtureGroup('fx_tenancy'),
  fx_jobs: fixtureGroup('fx_jobs'),
  confirm_fixture: {
    enabled: true,
    resolve: fileURLToPath(new URL('./fixtures/confirm-group/index.ts', import.meta.url)),
  },
};

const bootOn = (db: TestDatabase, migrateOnStart = true) =>
  bootKernel({
    groups: defaultGroups,
    databaseUrl: db.url,
    overrides: { database: { migrateOnStart }, groups: fixtureGroups },
  });

/** Names as the kernel registers them: the kernel's own, then `<group>/<name>` in group order. */
const declaredMigrations = (k: TestKernel) => [
  ...kernelMigrations.map((m) => m.name),
  ...k.plugins.flatMap(({ plugin }) => (plugin.migrations ?? []).map((m) => `${plugin.name}/${m.name}`)),
];

const appliedRows = async (k: TestKernel) =>
  k.orm.em.getConnection().execute('select id, name, executed_at from schema_migrations order by id');

const publicTables = async (k: TestKernel) =>
  (
    await k.orm.em
      .getConnection()
      .execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables where table_schema = 'public'`,
      )
  ).map((r) => r.table_name);

describe('migrations on a brand-new database', function () {
  this.timeout(120_000);

  describe('with migrateOnStart (the default)', () => {
    let db: TestDatabase;
    let first: TestKernel;
    let firstRows: unknown[];

    before(async () => {
      db = await TestDatabase.createEmpty();
      first = await bootOn(db);
      firstRows = await appliedRows(first);
    });
    after(async () => {
      await first?.close();
      await db?.drop();
    });

    it('boots every default group plus the fixtures', () => {
      expect(first.plugins.map((p) => p.plugin.name)).to.include.members([
        ...defaultGroups,
        ...Object.keys(fixtureGroups),
      ]);
    });

    it('the first boot applies every declared migration, in order', async () => {
      const declared = declaredMigrations(first);
      expect(declared).to.include.members(['kernel/0001-init', 'fx_tenancy/0001-init', 'fx_jobs/0001-init']);
      expect((firstRows as { name: string }[]).map((r) => r.name)).to.deep.equal(declared);
      expect(await first.orm.getMigrator().getPendingMigrations()).to.deep.equal([]);
    });

    it('the migrated schema matches the entity metadata of every group exactly', async () => {
      const diff = (await first.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
      expect(diff, `schema differs from the entities:\n${diff}`).to.equal('');
    });

    it('booting again applies nothing', async () => {
      const second = await bootOn(db);
      try {
        expect(await appliedRows(second)).to.deep.equal(firstRows);
        expect(await second.orm.getMigrator().getPendingMigrations()).to.deep.equal([]);
        expect((await second.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).to.equal('');
      } finally {
        await second.close();
      }
    });
  });

  describe('with migrateOnStart: false', () => {
    let db: TestDatabase;
    let k: TestKernel;

    before(async () => {
      db = await TestDatabase.createEmpty();
      k = await bootOn(db, false);
    });
    after(async () => {
      await k?.close();
      await db?.drop();
    });

    it('leaves the empty database unmigrated, with every migration pending', async () => {
      expect(await publicTables(k)).to.deep.equal([]);
      const pending = (await k.orm.getMigrator().getPendingMigrations()).map((m) => m.name);
      expect(pending).to.deep.equal(declaredMigrations(k));
    });
  });
});
