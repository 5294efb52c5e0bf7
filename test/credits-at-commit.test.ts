import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { serviceProbe } from './fixtures/fixture-groups.js';
import { inShop } from './fixtures/service-probe/index.js';
import { sql, type ToolContext } from '../core/index.js';

/**
 * A batch of debits in a unit of work's transaction (debitEach, the send path's) is decided at once
 * and written just before the commit, so the shop row is locked for the commit only.
 */
describe('credits: a batch of debits is written at the commit', () => {
  let k: TestKernel;
  const balance = async (shopId: number) =>
    Number(
      (await sql<{ b: string }>(k.orm.em.fork(), 'select credits_balance as b from shops where id = $1', [shopId]))[0]!
        .b,
    );
  const ledger = (shopId: number) =>
    sql<{ amount: string; balance_after: string; reference: string | null }>(
      k.orm.em.fork(),
      `select amount, balance_after, reference from credit_movements where shop_id = $1 and reason = 'probe' order by id`,
      [shopId],
    );
  const debitEach = (ctx: ToolContext, amounts: number[], tag: string) =>
    ctx.services.credits.debitEach(
      amounts.map((amount, i) => ({ amount, reference: `${tag}:${i}` })),
      'probe',
    );

  before(async () => {
    k = await bootKernel({ groups: [], overrides: { groups: { service_probe: serviceProbe } } });
  });
  after(async () => {
    await k?.close();
  });

  it('takes what the balance covers, refuses the rest, and writes the update and ledger lines in order at the commit', async () => {
    const { shopId } = await k.newShop('Commit shop', { credits: 10 });
    const { taken, refusals } = await inShop(k, shopId, async (ctx) => {
      const result = await debitEach(ctx, [3, 4, 5], 'a');
      // Nothing is written before the commit: another connection still sees the full balance.
      if (process.env.TEST_DATABASE !== 'pglite') expect(await balance(shopId)).to.equal(10);
      return result;
    });
    expect(taken).to.equal(2);
    expect(refusals.map((r: { code: string; details: unknown }) => [r.code, r.details])).to.deep.equal([
      ['insufficient_credits', { required: 5, balance: 3 }],
    ]);
    expect(await balance(shopId)).to.equal(3);
    expect(await ledger(shopId)).to.deep.equal([
      { amount: '-3', balance_after: '7', reference: 'a:0' },
      { amount: '-4', balance_after: '3', reference: 'a:1' },
    ]);
  });

  it('two batches of one shop in one unit of work count each other', async () => {
    const { shopId } = await k.newShop('Twice shop', { credits: 10 });
    const [first, second] = await inShop(k, shopId, async (ctx) => [
      await debitEach(ctx, [6], 'a'),
      await debitEach(ctx, [3, 3], 'b'),
    ]);
    expect([first.taken, second.taken]).to.deep.equal([1, 1]);
    expect(await balance(shopId)).to.equal(1);
    expect((await ledger(shopId)).map((l) => l.balance_after)).to.deep.equal(['4', '1']);
  });

  it('without a transaction of the unit of work’s own, a batch is written at once, with the same ledger', async () => {
    const { shopId } = await k.newShop('At once shop', { credits: 10 });
    const { taken, refusals } = await inShop(
      k,
      shopId,
      async (ctx) => {
        const result = await debitEach(ctx, [3, 4, 5], 'a');
        expect(await balance(shopId)).to.equal(3);
        return result;
      },
      false,
    );
    expect(taken).to.equal(2);
    expect(refusals.map((r: { details: unknown }) => r.details)).to.deep.equal([{ required: 5, balance: 3 }]);
    expect(await ledger(shopId)).to.deep.equal([
      { amount: '-3', balance_after: '7', reference: 'a:0' },
      { amount: '-4', balance_after: '3', reference: 'a:1' },
    ]);
  });

  it('a unit of work that fails after its debits writes none of them', async () => {
    const { shopId } = await k.newShop('Rollback shop', { credits: 10 });
    const failure = await inShop(k, shopId, async (ctx) => {
      await debitEach(ctx, [4], 'a');
      throw new Error('the send failed');
    }).catch((err: Error) => err);
    expect(failure).to.have.property('message', 'the send failed');
    expect(await balance(shopId)).to.equal(10);
    expect(await ledger(shopId)).to.deep.equal([]);
  });

  // The embedded engine runs one session, so two transactions cannot be open at once there.
  (process.env.TEST_DATABASE === 'pglite' ? it.skip : it)(
    'a second batch of the shop commits while the first is still open; if it spent the credits, the first one’s commit refuses and leaves nothing',
    async () => {
      const { shopId } = await k.newShop('Race shop', { credits: 10 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let decided!: () => void;
      const firstDecided = new Promise<void>((resolve) => (decided = resolve));
      const first = inShop(k, shopId, async (ctx) => {
        const result = await debitEach(ctx, [8], 'first');
        decided();
        await held;
        return result;
      }).catch((err: { code?: string; details?: unknown }) => err);
      await firstDecided;
      // The first holds no lock on the shop row yet: the second is not kept waiting for it.
      const second = await inShop(k, shopId, (ctx) => debitEach(ctx, [7], 'second'));
      expect(second.taken).to.equal(1);
      expect(await balance(shopId)).to.equal(3);
      release();
      expect(await first).to.deep.include({
        code: 'insufficient_credits',
        details: { required: 8, balance: 3 },
      });
      expect(await balance(shopId)).to.equal(3);
      expect((await ledger(shopId)).map((l) => l.reference)).to.deep.equal(['second:0']);
    },
  );
});
