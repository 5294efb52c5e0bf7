import { expect } from 'chai';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import { FxNote } from './fixtures/groups/fx_tenancy/fx-note.entity.js';
import { forkForShop } from '../core/tenancy/fork-for-shop.js';
import { CreditMovement } from '../core/credits/credit-movement.entity.js';

interface Tenant {
  shopId: number;
  token: string;
  notes: number[];
}

/** The error the promise failed with; fails the test if it resolved. */
async function failure(work: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await work;
  } catch (err) {
    return err as Error & { code?: string };
  }
  expect.fail('expected the operation to fail');
}

describe('tenancy: two shops never reach each other’s rows', () => {
  let k: TestKernel;
  let a: Tenant;
  let b: Tenant;

  const emOf = (t: Tenant): EntityManager => forkForShop(k.orm.em, t.shopId);
  /** Reads through an em that ignores the filter, to see what really is in the table. */
  const truth = (id: number) => k.orm.em.fork().findOne(FxNote, { id }, { filters: false });

  const createNote = async (t: Tenant, title: string) => {
    const { payload } = await k.call(t.token, 'fx_create_note', { action: 'create', title });
    expect(payload.success, JSON.stringify(payload)).to.equal(true);
    t.notes.push(payload.note.id);
    return payload.note.id as number;
  };

  before(async () => {
    k = await bootKernel({ groups: ['general'], overrides: { groups: { fx_tenancy: fixtureGroup('fx_tenancy') } } });
    a = { ...(await k.newShop('Tenancy shop A')), notes: [] };
    b = { ...(await k.newShop('Tenancy shop B')), notes: [] };
    await createNote(a, 'a1');
    await createNote(a, 'a2');
    await createNote(b, 'b1');
  });
  after(() => k.close());

  describe('through the ORM', () => {
    it('find, findOne, findOneOrFail, count and findAndCount see only the own shop', async () => {
      for (const [self, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const em = emOf(self);
        const all = await em.find(FxNote, {}, { orderBy: { id: 'asc' } });
        expect(all.map((n) => n.id)).to.deep.equal(self.notes);
        expect(all.every((n) => n.shopId === self.shopId)).to.equal(true);
        expect(await em.find(FxNote, { id: other.notes[0] })).to.deep.equal([]);
        expect(await em.find(FxNote, { id: { $in: [...self.notes, ...other.notes] } })).to.have.length(
          self.notes.length,
        );
        expect(await em.findOne(FxNote, { id: other.notes[0] })).to.equal(null);
        expect(await em.findOne(FxNote, other.notes[0]!)).to.equal(null);
        await failure(em.findOneOrFail(FxNote, { id: other.notes[0] }));
        expect(await em.count(FxNote, {})).to.equal(self.notes.length);
        expect(await em.count(FxNote, { id: other.notes[0] })).to.equal(0);
        const [rows, total] = await em.findAndCount(FxNote, {}, { limit: 1 });
        expect(total).to.equal(self.notes.length);
        expect(rows[0]!.shopId).to.equal(self.shopId);
      }
    });

    it('a condition naming the other shop cannot widen the filter', async () => {
      const em = emOf(a);
      expect(await em.find(FxNote, { shopId: b.shopId })).to.deep.equal([]);
      expect(await em.count(FxNote, { $or: [{ shopId: b.shopId }, { id: b.notes[0] }] })).to.equal(0);
    });

    it('nativeUpdate and nativeDelete touch only the own shop’s rows', async () => {
      const em = emOf(a);
      expect(await em.nativeUpdate(FxNote, { id: b.notes[0] }, { title: 'hijacked' })).to.equal(0);
      expect(await em.nativeDelete(FxNote, { id: b.notes[0] })).to.equal(0);
      expect(await em.nativeUpdate(FxNote, {}, { pinned: true })).to.equal(a.notes.length);
      expect(await truth(b.notes[0]!)).to.include({ title: 'b1', pinned: false });
      expect(await emOf(b).nativeDelete(FxNote, { id: { $in: a.notes } })).to.equal(0);
      expect(await emOf(a).count(FxNote, {})).to.equal(a.notes.length);
      await em.nativeUpdate(FxNote, {}, { pinned: false });
    });

    it('nativeUpdate cannot move rows to another shop', async () => {
      const err = await failure(emOf(a).nativeUpdate(FxNote, { id: a.notes[0] }, { shopId: b.shopId }));
      expect(err.code).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      expect((await truth(a.notes[0]!))?.shopId).to.equal(a.shopId);
    });

    it('the QueryBuilder with applyFilters() selects, counts, updates and deletes only the own shop’s rows', async () => {
      const em = emOf(a);
      const select = em.createQueryBuilder(FxNote).select('*');
      await select.applyFilters();
      expect((await select.getResultList()).map((n) => n.id).sort()).to.deep.equal([...a.notes].sort());

      const count = em.createQueryBuilder(FxNote).where({ id: b.notes[0] });
      await count.applyFilters();
      expect(await count.getCount()).to.equal(0);

      const update = em.createQueryBuilder(FxNote).update({ title: 'hijacked' }).where({ id: b.notes[0] });
      await update.applyFilters();
      expect((await update.execute('run')).affectedRows).to.equal(0);

      const remove = em.createQueryBuilder(FxNote).delete().where({ id: b.notes[0] });
      await remove.applyFilters();
      expect((await remove.execute('run')).affectedRows).to.equal(0);
      expect((await truth(b.notes[0]!))?.title).to.equal('b1');
    });

    it('flushing a loaded entity changed to another shop → KRN_ERR_CROSS_TENANT_WRITE, nothing written', async () => {
      const em = emOf(a);
      const note = await em.findOneOrFail(FxNote, { id: a.notes[0] });
      note.shopId = b.shopId;
      note.title = 'moved';
      expect((await failure(em.flush())).code).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      const stored = await truth(a.notes[0]!);
      expect(stored).to.include({ shopId: a.shopId, title: 'a1' });
    });

    it('creating an entity that names another shop → KRN_ERR_CROSS_TENANT_WRITE', async () => {
      const em = emOf(a);
      // The database fills search_vector (a generated column), which the entity type cannot tell.
      em.create(FxNote, { title: 'planted', shopId: b.shopId } as FxNote);
      expect((await failure(em.flush())).code).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      expect(await emOf(b).count(FxNote, { title: 'planted' })).to.equal(0);
    });

    it('removing another shop’s row by reference → KRN_ERR_CROSS_TENANT_WRITE, the row stays', async () => {
      const em = emOf(a);
      em.remove(em.getReference(FxNote, b.notes[0]!));
      expect((await failure(em.flush())).code).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      expect(await truth(b.notes[0]!)).to.not.equal(null);
    });

    it('native inserts cannot plant rows in another shop and fill in the own shop', async () => {
      const em = emOf(a);
      expect(
        (await failure(em.insert(FxNote, { title: 'planted', pinned: false, shopId: b.shopId } as FxNote))).code,
      ).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      expect(
        (await failure(em.insertMany(FxNote, [{ title: 'planted', pinned: false, shopId: b.shopId } as FxNote]))).code,
      ).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      expect(await emOf(b).count(FxNote, { title: 'planted' })).to.equal(0);
      const id = await em.insert(FxNote, { title: 'inserted', pinned: false } as FxNote);
      expect((await truth(id as number))?.shopId).to.equal(a.shopId);
      await em.nativeDelete(FxNote, { id });
    });

    it('upsert must resolve conflicts per shop, so it can never take over another shop’s row', async () => {
      const em = emOf(a);
      const byId = await failure(em.upsert(FxNote, { id: b.notes[0]!, title: 'hijacked', shopId: a.shopId }));
      expect(byId.code).to.equal('KRN_ERR_TENANT_UNSAFE_UPSERT');
      const many = await failure(
        em.upsertMany(FxNote, [{ id: b.notes[0]!, title: 'hijacked' }], { onConflictFields: ['id'] }),
      );
      expect(many.code).to.equal('KRN_ERR_TENANT_UNSAFE_UPSERT');
      const naming = await failure(
        em.upsert(FxNote, { title: 'b1', pinned: true, shopId: b.shopId }, { onConflictFields: ['shopId', 'title'] }),
      );
      expect(naming.code).to.equal('KRN_ERR_CROSS_TENANT_WRITE');
      expect(await truth(b.notes[0]!)).to.include({ shopId: b.shopId, title: 'b1', pinned: false });
    });

    it('an upsert on a per-shop key inserts or updates the own shop’s row only', async () => {
      const shared = await createNote(b, 'shared');
      const em = emOf(a);
      const inserted = await em.upsert(FxNote, { title: 'shared', pinned: true } as FxNote, {
        onConflictFields: ['shopId', 'title'],
      });
      expect(inserted.shopId).to.equal(a.shopId);
      expect(inserted.id).to.not.equal(shared);
      const [updated] = await emOf(a).upsertMany(FxNote, [{ title: 'shared', pinned: false } as FxNote], {
        onConflictFields: ['shopId', 'title'],
      });
      expect(updated!.id).to.equal(inserted.id);
      expect(await truth(shared)).to.include({ shopId: b.shopId, pinned: false });
      expect(await truth(inserted.id)).to.include({ shopId: a.shopId, pinned: false });
      await em.nativeDelete(FxNote, { id: inserted.id });
    });

    it('an unscoped em reading a tenant entity throws instead of returning every shop’s rows', async () => {
      const em = k.orm.em.fork();
      await failure(em.find(FxNote, {}));
      await failure(em.findOne(FxNote, { id: a.notes[0] }));
      await failure(em.count(FxNote, {}));
      await failure(em.findAndCount(FxNote, {}));
      await failure(em.nativeUpdate(FxNote, {}, { title: 'x' }));
      await failure(em.nativeDelete(FxNote, {}));
      const qb = em.createQueryBuilder(FxNote).select('*');
      await failure(qb.applyFilters());
    });

    it('a write on an em with no shop → KRN_ERR_NO_TENANT', async () => {
      const em = k.orm.em.fork();
      em.create(FxNote, { title: 'orphan' } as FxNote);
      expect((await failure(em.flush())).code).to.equal('KRN_ERR_NO_TENANT');
      expect((await failure(k.orm.em.fork().insert(FxNote, { title: 'orphan' } as FxNote))).code).to.equal(
        'KRN_ERR_NO_TENANT',
      );
      expect(await k.orm.em.fork().count(FxNote, { title: 'orphan' }, { filters: false })).to.equal(0);
    });
  });

  describe('through MCP', () => {
    it('tools read, update and delete only the caller’s notes; other ids are not_found', async () => {
      const list = await k.call(b.token, 'fx_list_notes');
      expect(list.payload.count).to.equal(b.notes.length);
      expect(list.payload.notes.map((n: any) => n.id)).to.deep.equal(b.notes);

      const target = a.notes[0]!;
      for (const [tool, args] of [
        ['fx_get_note', { note_id: target }],
        ['fx_rename_note', { action: 'rename', note_id: target, title: 'hijacked' }],
        ['fx_delete_note', { action: 'delete', note_id: target }],
      ] as const) {
        const { payload, isError } = await k.call(b.token, tool, args);
        expect(isError, tool).to.equal(true);
        expect(payload, tool).to.include({ success: false, error_code: 'not_found' });
      }
      const own = await k.call(a.token, 'fx_get_note', { note_id: target });
      expect(own.payload.note).to.deep.equal({ id: target, shop_id: a.shopId, title: 'a1' });
      expect((await k.call(a.token, 'fx_list_notes')).payload.count).to.equal(a.notes.length);
    });

    it('the own shop can still update and delete its notes', async () => {
      const id = await createNote(b, 'temporary');
      const renamed = await k.call(b.token, 'fx_rename_note', { action: 'rename', note_id: id, title: 'renamed' });
      expect(renamed.payload.note).to.include({ id, title: 'renamed' });
      const deleted = await k.call(b.token, 'fx_delete_note', { action: 'delete', note_id: id });
      expect(deleted.payload).to.deep.equal({ success: true, deleted: true, id });
      b.notes.pop();
    });

    it('resources/read shop://profile shows only the caller’s shop', async () => {
      for (const t of [a, b]) {
        const res = await k.rpc(
          { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'shop://profile' } },
          t.token,
        );
        const [content] = res.body.result.contents;
        expect(content.mimeType).to.equal('application/json');
        const profile = JSON.parse(content.text);
        expect(profile.shop_id).to.equal(t.shopId);
        expect(profile.name).to.equal(t === a ? 'Tenancy shop A' : 'Tenancy shop B');
        expect(profile.enabled_groups).to.include.members(['general', 'fx_tenancy']);
      }
    });
  });

  describe('credits', () => {
    const balance = async (t: { token: string }) => {
      const res = await k.rpc(
        { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'shop://profile' } },
        t.token,
      );
      return JSON.parse(res.body.result.contents[0].text).credits.balance as number;
    };
    const debits = (shopId: number) =>
      forkForShop(k.orm.em, shopId).find(CreditMovement, { reason: 'fx_spend' }, { orderBy: { id: 'asc' } });

    it('a debit below zero → insufficient_credits and nothing changes', async () => {
      const shop = await k.newShop('Credits shop', { credits: 5 });
      const { payload, isError } = await k.call(shop.token, 'fx_spend_credits', { action: 'spend', amount: 6 });
      expect(isError).to.equal(true);
      expect(payload).to.include({ success: false, error_code: 'insufficient_credits', required: 6, balance: 5 });
      expect(await balance(shop)).to.equal(5);
      expect(await debits(shop.shopId)).to.deep.equal([]);

      const ok = await k.call(shop.token, 'fx_spend_credits', { action: 'spend', amount: 5 });
      expect(ok.payload).to.deep.equal({ success: true, balance: 0 });
      expect(await balance(shop)).to.equal(0);
    });

    it('concurrent debits never overdraw, and one shop’s debits leave the other’s balance alone', async () => {
      const rich = await k.newShop('Concurrent credits shop', { credits: 7 });
      const bystander = await k.newShop('Bystander credits shop', { credits: 3 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => k.call(rich.token, 'fx_spend_credits', { action: 'spend', amount: 1 })),
      );
      const succeeded = results.filter((r) => r.payload.success);
      expect(succeeded).to.have.length(7);
      expect(results.filter((r) => r.payload.error_code === 'insufficient_credits')).to.have.length(13);
      expect(await balance(rich)).to.equal(0);
      const ledger = await debits(rich.shopId);
      expect(ledger.map((m) => m.balanceAfter).sort()).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
      expect(ledger.every((m) => m.amount === -1)).to.equal(true);
      expect(await balance(bystander)).to.equal(3);
    });
  });
});
