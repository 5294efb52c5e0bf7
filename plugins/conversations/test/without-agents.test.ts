import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { sandboxConfig } from './fixtures.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';

describe('conversations without the agents group', () => {
  let k: TestKernel;
  let token: string;
  const phone = '+34644000001';

  before(async () => {
    k = await bootKernel({
      groups: ['customers', 'whatsapp_ops', 'conversations'],
      overrides: {
        groups: {
          whatsapp_ops: sandboxConfig(`conversations-no-agents-${process.pid}`),
          service_probe: serviceProbe,
        },
      },
    });
    const shop = await k.newShop('No agents shop');
    token = shop.token;
    await withShop(
      shop.shopId,
      ({ services }) =>
        services.events.emit('whatsapp_ops.message_received', {
          message_id: 1,
          session_id: 1,
          phone,
          text: 'Hi',
          media: null,
          received_at: new Date().toISOString(),
        }),
      { transactional: true },
    );
  });
  after(() => k?.close());

  it('boots: agents is an optional dependency', () => {
    expect(k.plugins.map((p) => p.plugin.name)).to.not.include('agents');
  });

  it('assigning answers group_not_enabled, naming the group, and changes nothing', async () => {
    const { payload, isError } = await k.call(token, 'assign_conversation', { phone, agent_id: 3 });
    expect(isError).to.equal(true);
    expect(payload).to.include({ success: false, error_code: 'group_not_enabled', group: 'agents' });
    expect(payload.message).to.match(/agents group/);
    const [c] = (await k.call(token, 'list_conversations', {})).payload.conversations;
    expect(c.assigned_agent_id).to.equal(null);
  });

  it('agent_id 0 still unassigns', async () => {
    const { payload } = await k.call(token, 'assign_conversation', { phone, agent_id: 0 });
    expect(payload).to.include({ success: true, count: 1, agent: null });
  });
});
