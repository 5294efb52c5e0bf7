import { expect } from 'chai';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { asEntities, sql } from '../core/index.js';
import { Shop } from '../core/tenancy/shop.entity.js';

describe('sql: plain statements on the unit of work’s connection', () => {
  let k: TestKernel;
  const em = () => k.orm.em.fork();
  const count = async () =>
    Number((await sql<{ n: string }>(em(), 'select count(*) as n from sql_helper_probe'))[0]!.n);

  before(async () => {
    k = await bootKernel({ groups: [] });
    await sql(em(), 'create table sql_helper_probe (id int primary key, label text)');
  });
  after(async () => {
    if (k) await sql(em(), 'drop table if exists sql_helper_probe');
    await k?.close();
  });

  it('outside a transaction it borrows a pooled connection and gives it back (more statements than the pool holds)', async () => {
    for (let i = 0; i < 3 * k.config.database.poolMax; i++) {
      const rows = await sql<{ n: number }>(em(), 'select $1::int as n', [i]);
      expect(rows).to.deep.equal([{ n: i }]);
    }
  });

  it('inside a transaction it runs on the transaction’s connection: seen by the ORM there, rolled back with it', async () => {
    const failure = await em()
      .transactional(async (tx) => {
        await sql(tx, 'insert into sql_helper_probe (id, label) values ($1, $2)', [1, 'rolled back']);
        const seen = await tx.execute('select label from sql_helper_probe where id = 1');
        expect(seen).to.deep.equal([{ label: 'rolled back' }]);
        // Another connection does not see it before commit (the embedded engine has one session only).
        if (process.env.TEST_DATABASE !== 'pglite') expect(await count()).to.equal(0);
        throw new Error('roll back');
      })
      .catch((err: Error) => err);
    expect(failure).to.be.instanceOf(Error).with.property('message', 'roll back');
    expect(await count()).to.equal(0);
    await em().transactional((tx) => sql(tx, 'insert into sql_helper_probe (id, label) values ($1, $2)', [2, 'kept']));
    expect(await count()).to.equal(1);
  });

  it('asEntities: rows become managed entities with their types; one the unit of work holds keeps its unflushed change', async () => {
    const { shopId } = await k.newShop('Mapped shop');
    const em = k.orm.em.fork();
    const read = async () => asEntities(em, Shop, await sql(em, 'select * from shops where id = $1', [shopId]))[0]!;
    const shop = await read();
    expect(shop).to.include({ id: shopId, name: 'Mapped shop' });
    expect(em.getUnitOfWork().getIdentityMap().values()).to.include(shop);
    expect(shop.createdAt).to.be.instanceOf(Date);
    shop.name = 'Renamed, not flushed';
    const again = await read();
    expect(again).to.equal(shop);
    expect(again.name).to.equal('Renamed, not flushed');
    await em.flush();
    const fresh = asEntities(k.orm.em.fork(), Shop, await sql(em, 'select * from shops where id = $1', [shopId]))[0]!;
    expect(fresh.name).to.equal('Renamed, not flushed');
  });

  it('a failing statement throws MikroORM’s exception, as em.execute does, and the connection stays usable', async () => {
    const err = await sql(em(), 'insert into sql_helper_probe (id) values (2)').catch((e: unknown) => e);
    expect(err).to.be.instanceOf(UniqueConstraintViolationException);
    for (let i = 0; i < 2 * k.config.database.poolMax; i++)
      await sql(em(), 'select 1 from sql_helper_probe').then((rows) => expect(rows).to.have.length(1));
  });
});
