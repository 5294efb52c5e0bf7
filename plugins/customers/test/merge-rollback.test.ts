import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fixtureGroup } from './fixtures.js';

describe('customers: a merge that fails half way changes nothing', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({
      groups: ['customers'],
      overrides: { groups: { merge_breaker: fixtureGroup('merge-breaker') } },
    });
    ({ token } = await k.newShop('Merge rollback shop'));
  });
  after(() => k.close());

  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const state = async (phone: string) => ({
    customer: (await call('get_customer', { phone })).customer,
    comments: (await call('list_customer_comments', { phone, limit: 100 })).comments,
    tags: (await call('list_customer_tags', { phone })).tags,
  });

  it('a failing customers.merged listener rolls back the moves, its own writes and the deletion', async () => {
    const primary = '+34600800001';
    const secondary = '+34600800002';
    await call('add_customer_comment', { action: 'add', phone: primary, comment: 'kept on primary' });
    await call('add_customer_tag', { action: 'add', phone: primary, tag_name: 'Shared', tag_color: '#aaaaaa' });
    await call('add_customer_comment', { action: 'add', phone: secondary, comment: 'kept on secondary' });
    await call('add_customer_tag', { action: 'add', phone: secondary, tag_name: 'shared', tag_color: '#bbbbbb' });
    await call('add_customer_tag', { action: 'add', phone: secondary, tag_name: 'Only secondary' });
    await call('update_customer', { phone: secondary, name: 'Second', email: 'second@example.com' });
    const before = { primary: await state(primary), secondary: await state(secondary) };

    const { payload, isError } = await k.call(token, 'merge_customers', {
      primary_phone: primary,
      secondary_phone: secondary,
    });
    expect(isError).to.equal(true);
    expect(payload).to.include({ success: false, error_code: 'fixture_failure' });

    expect({ primary: await state(primary), secondary: await state(secondary) }).to.deep.equal(before);
    expect(before.primary.comments.map((c: any) => c.comment)).to.deep.equal(['kept on primary']);
  });
});
