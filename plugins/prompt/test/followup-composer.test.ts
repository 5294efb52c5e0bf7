import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { ok } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';

describe('prompt: the AI runtime as tickets’ follow-up composer', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let k: TestKernel;
  let tick = 0;
  const compose = () => k.scheduler.runTick('tickets.compose-followups', new Date(Date.UTC(2002, 0, 1, 0, 0, tick++)));

  before(async () => {
    fake = await new FakeOpenAi().start();
    k = await bootKernel({
      groups: ['prompt', 'agents', 'customers', 'tickets'],
      overrides: { network: { allowLoopback: true }, groups: { service_probe: serviceProbe } },
    });
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });

  const resolvedTicket = async (provider: boolean) => {
    const shop = await k.newShop(`Composer ${provider ? 'provider' : 'builtin'} ${tick}`);
    if (provider)
      await ok(k, shop.token, 'configure_ai_provider', {
        provider: 'openai_compatible',
        base_url: fake.baseUrl,
        api_key: fake.apiKey,
        chat_model: 'fake-chat',
      });
    const { ticket } = await ok(k, shop.token, 'create_ai_ticket', {
      action: 'create',
      title: 'Parcel lost (internal: courier blamed)',
      phone: '+34610000777',
    });
    const { followup } = await ok(k, shop.token, 'add_ai_ticket_agent_resolution', {
      action: 'add',
      ticket_id: ticket.id,
      body: 'We sent a new parcel; it arrives on Friday.',
    });
    const current = async () =>
      (await ok(k, shop.token, 'get_ai_ticket', { ticket_id: ticket.id })).ticket.followups[0];
    return { shop, followup, current };
  };

  it('composes a pending follow-up outside any transaction, from the resolution only, before it can be sent', async () => {
    const { shop, followup, current } = await resolvedTicket(true);
    expect(followup).to.include({ composed_by: 'pending', status: 'queued' });
    const queued = await inShop(k, shop.shopId, ({ services }) =>
      services.ticketResolutionsService.queuedFollowups(10),
    );
    expect(queued, 'not offered to the senders while it waits for the composer').to.deep.equal([]);
    fake.requests.length = 0;
    fake.reply = JSON.stringify({ message: '¡Hola! Te hemos enviado un paquete nuevo; llega el viernes.' });
    expect(await compose()).to.equal('ran');
    const sent = fake.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(sent).to.have.length(1);
    expect(sent[0]!.body.model).to.equal('fake-chat');
    const asked = JSON.stringify(sent[0]!.body.messages);
    expect(asked).to.include('We sent a new parcel').and.not.include('courier blamed');
    expect(await current()).to.include({
      composed_by: 'ai',
      status: 'queued',
      message: '¡Hola! Te hemos enviado un paquete nuevo; llega el viernes.',
    });
    const offered = await inShop(k, shop.shopId, ({ services }) =>
      services.ticketResolutionsService.queuedFollowups(10),
    );
    expect(offered.map((f: any) => f.id)).to.deep.equal([followup.id]);
  });

  it('a provider that keeps failing leaves the template; the built-in engine never waits for a composer', async () => {
    const failing = await resolvedTicket(true);
    fake.queue({ fail: 500 }, { fail: 500 }, { fail: 500 });
    await compose();
    expect(await failing.current()).to.include({ composed_by: 'template', message: failing.followup.message });
    const builtin = await resolvedTicket(false);
    expect(builtin.followup.composed_by).to.equal('template');
  });
});
