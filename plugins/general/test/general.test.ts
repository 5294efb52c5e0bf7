import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';

describe('general group', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootKernel({ groups: ['general'] });
    ({ token } = await k.newShop('General shop'));
  });
  after(() => k.close());

  it('ping names the shop and echoes the message', async () => {
    const { payload, isError } = await k.call(token, 'ping', { message: 'hello' });
    expect(isError).to.equal(false);
    expect(payload).to.deep.equal({ success: true, pong: true, shop: 'General shop', echo: 'hello' });
    expect((await k.call(token, 'ping')).payload).to.not.have.property('echo');
  });

  it('get_server_time gives UTC and the shop-local time in the scheduling format', async () => {
    const before = Date.now();
    const { payload } = await k.call(token, 'get_server_time');
    expect(payload.success).to.equal(true);
    expect(Date.parse(payload.utc)).to.be.within(before - 1000, Date.now() + 1000);
    expect(payload.shop_timezone).to.equal('UTC');
    expect(payload.shop_local).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(payload.shop_local.slice(0, 13)).to.equal(payload.utc.slice(0, 13).replace('T', ' '));
  });

  it('list_enabled_groups lists exactly the enabled groups and their tools', async () => {
    const { payload } = await k.call(token, 'list_enabled_groups');
    expect(payload.count).to.equal(1);
    expect(payload.groups).to.deep.equal([
      {
        name: 'general',
        version: '1.0.0',
        description: 'Connection checks and facts about this server: ping, server time, enabled groups.',
        tools: ['ping', 'get_server_time', 'list_enabled_groups'],
      },
    ]);
  });

  it('rejects unknown arguments', async () => {
    const { payload, isError } = await k.call(token, 'get_server_time', { tz: 'x' });
    expect(isError).to.equal(true);
    expect(payload.error_code).to.equal('invalid_arguments');
    expect(payload.errors).to.deep.equal([{ path: 'tz', message: 'is not a known argument' }]);
  });
});
