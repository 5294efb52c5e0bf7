import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, fails, ok } from '../../../test/helpers/ops-kernel.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';

describe('whatsapp_ops: opt-outs', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;

  before(async () => {
    k = await bootOps({ probe: true });
    ({ shopId, token } = await k.newShop('Opt-out shop'));
  });
  after(() => k.close());

  it('add_chatapp_optout stores the number in E.164 with its reason and emits whatsapp_ops.opted_out', async () => {
    const added = await ok(k, token, 'add_chatapp_optout', {
      action: 'add',
      phone: '0034 600 333 111',
      reason: 'Replied STOP',
    });
    expect(added.created).to.equal(true);
    expect(added.optout).to.include({ phone: '+34600333111', reason: 'Replied STOP' });
    const events = recorded.filter((e) => e.shopId === shopId && e.name === 'whatsapp_ops.opted_out');
    expect(events.map((e) => e.payload)).to.deep.equal([{ phone: '+34600333111', reason: 'Replied STOP' }]);
  });

  it('adding it again keeps one record (created: false), replaces the reason if given, and emits nothing', async () => {
    const again = await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: '+34600333111' });
    expect(again).to.include({ created: false });
    expect(again.optout.reason).to.equal('Replied STOP');
    const reasoned = await ok(k, token, 'add_chatapp_optout', {
      action: 'add',
      phone: '+34600333111',
      reason: 'Complained',
    });
    expect(reasoned.optout.reason).to.equal('Complained');
    expect(recorded.filter((e) => e.shopId === shopId && e.name === 'whatsapp_ops.opted_out')).to.have.length(1);
    expect((await ok(k, token, 'list_chatapp_optouts')).count).to.equal(1);
  });

  it('check_chatapp_optout answers for opted-out and other numbers', async () => {
    const yes = await ok(k, token, 'check_chatapp_optout', { action: 'check', phone: '+34 600 333 111' });
    expect(yes).to.include({ phone: '+34600333111', opted_out: true });
    expect(yes.optout.reason).to.equal('Complained');
    const no = await ok(k, token, 'check_chatapp_optout', { action: 'check', phone: '+34600333999' });
    expect(no).to.include({ opted_out: false, optout: null });
  });

  it('requires action and a valid phone; a reason is at most 500 characters', async () => {
    await fails(k, token, 'add_chatapp_optout', { phone: '+34600333222' }, 'invalid_arguments');
    await fails(k, token, 'add_chatapp_optout', { action: 'remove', phone: '+34600333222' }, 'invalid_arguments');
    await fails(k, token, 'check_chatapp_optout', { action: 'check', phone: '12' }, 'invalid_arguments');
    await fails(
      k,
      token,
      'add_chatapp_optout',
      { action: 'add', phone: '+34600333222', reason: 'r'.repeat(501) },
      'invalid_arguments',
    );
  });

  it('list_chatapp_optouts pages newest first', async () => {
    await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: '+34600333222' });
    await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: '+34600333333' });
    const page = await ok(k, token, 'list_chatapp_optouts', { limit: 2 });
    expect(page.optouts.map((o: any) => o.phone)).to.deep.equal(['+34600333333', '+34600333222']);
    expect(page).to.include({ count: 3, limit: 2, offset: 0, has_more: true });
  });

  it('remove_chatapp_optout lets automatic messages reach the number again; an unknown number is not_found', async () => {
    expect(await ok(k, token, 'remove_chatapp_optout', { phone: '+34600333222' })).to.include({
      removed: true,
      phone: '+34600333222',
    });
    expect((await ok(k, token, 'check_chatapp_optout', { action: 'check', phone: '+34600333222' })).opted_out).to.equal(
      false,
    );
    await fails(k, token, 'remove_chatapp_optout', { phone: '+34600333222' }, 'not_found');
  });
});
