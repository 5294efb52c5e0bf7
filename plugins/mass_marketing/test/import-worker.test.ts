import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootMarketing, caller } from './helpers.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';

const P = (n: number) => `+3460060${String(n).padStart(4, '0')}`;

describe('mass_marketing: the import worker', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let shopId: number;
  const conn = () => k.orm.em.getConnection();
  const drain = () => withShop(shopId, (ctx) => ctx.services.marketingImportWorker.drain() as Promise<number>);
  const enqueue = async (name: string) => {
    const list = (await c.ok('create_contact_list', { action: 'create', name })).list;
    const csv = Array.from({ length: 5 }, (_, i) => `${P(i)},N${i}`).join('\n');
    return { list, imp: (await c.ok('import_marketing_contacts', { list_id: list.id, csv_text: csv })).import };
  };

  before(async () => {
    // The worker does not poll here: the tests drive it with drain().
    k = await bootMarketing({
      probe: true,
      config: { inlineImportMaxRows: 2, importWorker: { enabled: false, maxAttempts: 2 } },
    });
    const shop = await k.newShop('Worker shop');
    shopId = shop.shopId;
    c = caller(k, shop.token);
  });
  after(() => k.close());

  it('leaves queued imports alone until claimed, then runs each once', async () => {
    const { imp } = await enqueue('Queued');
    expect((await c.ok('get_import_status', { import_id: imp.id })).import.status).to.equal('queued');
    expect(await drain()).to.be.greaterThanOrEqual(1);
    expect((await c.ok('get_import_status', { import_id: imp.id })).import).to.include({
      status: 'completed',
      added_count: 5,
      attempts: 1,
    });
    await drain();
    expect((await c.ok('get_import_status', { import_id: imp.id })).import.attempts).to.equal(1);
  });

  it('takes over an import whose worker died (lease expired) and ignores one whose lease is live', async () => {
    const dead = await enqueue('Dead worker');
    const live = await enqueue('Live worker');
    await conn().execute(
      `update marketing_imports set status = 'running', attempts = 1, lease_owner = 'gone', lease_until = now() - interval '1 second' where id = ?`,
      [dead.imp.id],
    );
    await conn().execute(
      `update marketing_imports set status = 'running', attempts = 1, lease_owner = 'busy', lease_until = now() + interval '1 hour' where id = ?`,
      [live.imp.id],
    );
    await drain();
    expect((await c.ok('get_import_status', { import_id: dead.imp.id })).import).to.include({
      status: 'completed',
      attempts: 2,
      added_count: 5,
    });
    expect((await c.ok('get_import_status', { import_id: live.imp.id })).import).to.include({ status: 'running' });
    expect((await c.ok('get_contact_list_detail', { list_id: live.list.id })).list.member_count).to.equal(0);
  });

  it('marks an import failed once it was interrupted maxAttempts times', async () => {
    const { imp, list } = await enqueue('Interrupted');
    await conn().execute(
      `update marketing_imports set status = 'running', attempts = 2, lease_owner = 'gone', lease_until = now() - interval '1 second' where id = ?`,
      [imp.id],
    );
    await drain();
    const status = (await c.ok('get_import_status', { import_id: imp.id })).import;
    expect(status).to.include({ status: 'failed', error: 'interrupted too many times' });
    expect((await c.ok('get_contact_list_detail', { list_id: list.id })).list.member_count).to.equal(0);
  });

  it('a stale worker whose lease was taken over cannot complete the import', async () => {
    const { imp, list } = await enqueue('Taken over');
    await conn().execute(
      `update marketing_imports set status = 'running', attempts = 1, lease_owner = 'other', lease_until = now() + interval '1 hour' where id = ?`,
      [imp.id],
    );
    const result = await withShop(
      shopId,
      (ctx) => ctx.services.marketingContactImportsService.runJob(imp.id, 'me', {}),
      {
        transactional: true,
      },
    );
    expect(result).to.equal(null);
    expect((await c.ok('get_contact_list_detail', { list_id: list.id })).list.member_count).to.equal(0);
  });
});
