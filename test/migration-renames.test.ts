import { expect } from 'chai';
import { Migration } from '../core/index.js';
import { createOrm } from '../core/db/create-orm.js';
import { kernelEntities } from '../core/db/kernel-schema.js';
import { TestDatabase } from './helpers/test-database.js';

class CreatesWidgets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "widgets" ("id" serial primary key);');
  }
}

const recordedNames = async (orm: Awaited<ReturnType<typeof createOrm>>) =>
  (await orm.em.getConnection().execute<{ name: string }[]>('select name from schema_migrations order by id')).map(
    (r) => r.name,
  );

describe('migrations renamed with renamedFrom', function () {
  this.timeout(60_000);
  let db: TestDatabase;

  before(async () => {
    db = await TestDatabase.createEmpty();
  });
  after(async () => db.drop());

  it('a database that recorded the old name keeps it applied under the new one and does not run it again', async () => {
    const before = await createOrm({
      url: db.url,
      entities: kernelEntities,
      migrations: [{ name: 'fx/0003-init', class: CreatesWidgets }],
      poolMax: 2,
    });
    await before.getMigrator().up();
    await before.close();

    const after = await createOrm({
      url: db.url,
      entities: kernelEntities,
      migrations: [{ name: 'fx/0001-init', class: CreatesWidgets, renamedFrom: 'fx/0003-init' }],
      poolMax: 2,
    });
    try {
      expect(await recordedNames(after)).to.deep.equal(['fx/0001-init']);
      expect(await after.getMigrator().getPendingMigrations()).to.deep.equal([]);
      // Running up again would fail on the existing table if the rename had not been carried over.
      await after.getMigrator().up();
    } finally {
      await after.close();
    }
  });

  it('a brand-new database runs the migration under its new name', async () => {
    const fresh = await TestDatabase.createEmpty();
    const orm = await createOrm({
      url: fresh.url,
      entities: kernelEntities,
      migrations: [{ name: 'fx/0001-init', class: CreatesWidgets, renamedFrom: 'fx/0003-init' }],
      poolMax: 2,
    });
    try {
      await orm.getMigrator().up();
      expect(await recordedNames(orm)).to.deep.equal(['fx/0001-init']);
    } finally {
      await orm.close();
      await fresh.drop();
    }
  });
});
