import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { balanceOf, caller, connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import type { GraphApiFake } from './fakes/graph-api-fake.js';
import { cloudKernel, NUMBER2 } from './helpers/cloud-kernel.js';

/** The campaign engine with a fast poll, pacing shortened by the test-only scale (10 s → 10 ms). */
const FAST_ENGINE = { pollMs: 20, testPacingScale: 0.001, staleSendingSeconds: 30 };

let nextPhone = 500_000;
const freshPhones = (n: number) => Array.from({ length: n }, () => `+3462${String(nextPhone++).padStart(7, '0')}`);

type Caller = ReturnType<typeof caller>;

async function listWith(c: Caller, phones: string[]): Promise<number> {
  const { list } = await c.ok('create_contact_list', { action: 'create', name: `List ${nextPhone++}` });
  await c.ok('add_contacts_to_list', {
    action: 'add',
    list_id: list.id,
    contacts: phones.map((phone, i) => ({ phone, name: `Contact ${i}` })),
  });
  return list.id;
}

async function allLogs(c: Caller, id: number): Promise<any[]> {
  const out: any[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await c.ok('get_campaign_logs', { campaign_id: id, limit: 100, offset });
    out.push(...page.logs);
    if (!page.has_more) return out;
  }
}

const untilStatus = (c: Caller, id: number, status: string, timeoutMs: number) =>
  waitFor(
    `campaign ${id} to be ${status}`,
    async () => (await c.ok('get_campaign', { campaign_id: id })).campaign.status === status,
    timeoutMs,
  );

/** The provider's second number connected too, and both lines enabled for mass marketing. */
async function bothNumbersForMarketing(c: Caller, provider: any, line: any): Promise<void> {
  const { session: second } = await c.ok('connect_chatapp', {
    label: 'Second',
    provider_id: provider.id,
    phone_number_id: NUMBER2.id,
  });
  for (const session of [line, second])
    await c.ok('assign_marketing_session', { action: 'assign', session_id: session.id, enable_mass_marketing: true });
}

const ORDER_UPDATE = { name: 'order_update', language: 'es_ES', body_parameters: ['{nombre}', '{tienda}'] };

describe('mass_marketing on Cloud API lines: campaigns send an approved template there', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let shopId: number;
  let token: string;
  let c: Caller;
  let cloudLine: any;

  const campaignCount = async () => (await c.ok('list_campaigns', {})).count as number;
  const enableForMarketing = (sessionId: number, enabled: boolean) =>
    c.ok('assign_marketing_session', { action: 'assign', session_id: sessionId, enable_mass_marketing: enabled });

  before(async () => {
    ({
      k,
      fake,
      shopId,
      token,
      line: cloudLine,
    } = await cloudKernel({
      ops: { groups: ['customers', 'mass_marketing'], groupConfigs: { mass_marketing: { engine: FAST_ENGINE } } },
    }));
    c = caller(k, token);
    await c.ok('sync_chatapp_templates', {});
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('a campaign on a Cloud API line without a template is refused on the first call, naming how to set one', async () => {
    const listId = await listWith(c, freshPhones(2));
    const before = await campaignCount();
    const refused = await c.fails(
      'create_campaign',
      {
        action: 'create',
        name: 'No template',
        message_text: 'Hola {nombre}',
        list_id: listId,
        session_ids: [cloudLine.id],
      },
      'template_required',
    );
    expect(refused.session_ids).to.deep.equal([cloudLine.id]);
    expect(refused.message).to.contain('template: { name, language, body_parameters }');
    expect(refused.message).to.contain('list_chatapp_templates');
    // The lines enabled for mass marketing are the campaign's when it names none.
    await enableForMarketing(cloudLine.id, true);
    await c.fails(
      'create_campaign',
      { action: 'create', name: 'No template', message_text: 'Hola', list_id: listId },
      'template_required',
    );
    expect(await campaignCount()).to.equal(before);
  });

  it('a draft that did not need one is refused at start_campaign once a Cloud API line is among its lines', async () => {
    await enableForMarketing(cloudLine.id, false);
    const listId = await listWith(c, freshPhones(1));
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Later',
      message_text: 'Hola',
      list_id: listId,
    });
    await enableForMarketing(cloudLine.id, true);
    await c.fails('start_campaign', { campaign_id: campaign.id }, 'template_required');
    expect((await c.ok('get_campaign', { campaign_id: campaign.id })).campaign.status).to.equal('draft');
    await c.fails(
      'update_campaign',
      { campaign_id: campaign.id, template: { name: 'order_update', body_parameters: ['{nombre}'] } },
      'template_parameters_mismatch',
    );
    await c.fails(
      'update_campaign',
      { campaign_id: campaign.id, template: { name: 'new_arrivals' } },
      'template_not_approved',
    );
    await c.fails('update_campaign', { campaign_id: campaign.id, template: { name: 'nope' } }, 'template_not_found');
    const { campaign: updated } = await c.ok('update_campaign', { campaign_id: campaign.id, template: ORDER_UPDATE });
    expect(updated.template).to.deep.include({ name: 'order_update', body_parameters: ['{nombre}', '{tienda}'] });
    await c.ok('delete_campaign', { campaign_id: campaign.id });
    await enableForMarketing(cloudLine.id, false);
  });

  it('sends the template with each recipient’s values on the Cloud API line and text on a sandbox line, once each, with exact credits', async () => {
    const sandboxLine = await connectedLine(k, token, { force_new: true });
    await enableForMarketing(sandboxLine.id, true);
    await enableForMarketing(cloudLine.id, true);
    const phones = freshPhones(6);
    const listId = await listWith(c, phones);
    // One contact without a name: {nombre} takes the fallback (a template value may not be blank).
    await rows(k, 'update marketing_list_members set name = null where list_id = ? and phone = ?', [listId, phones[0]]);
    const balance = await balanceOf(k, shopId);
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Spring',
      message_text: 'Hola {nombre}, novedades de {tienda}',
      list_id: listId,
      send_interval_seconds: 10,
      template: { ...ORDER_UPDATE, name_fallback: 'amiga' },
    });
    expect(campaign.template).to.deep.equal({
      name: 'order_update',
      language: 'es_ES',
      body_parameters: ['{nombre}', '{tienda}'],
      header_parameters: null,
      header_media: null,
      button_parameters: null,
      name_fallback: 'amiga',
    });
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed', 30_000);

    const logs = await allLogs(c, campaign.id);
    // Receipts may already have moved them on: every row reached the network.
    expect(logs.filter((l) => ['sent', 'delivered', 'read'].includes(l.status)).length).to.equal(phones.length);
    expect(logs.every((l) => l.credits_charged === 1000)).to.equal(true);
    expect(await balanceOf(k, shopId)).to.equal(balance - 6000);

    const onCloud = logs.filter((l) => l.session_id === cloudLine.id);
    const onSandbox = logs.filter((l) => l.session_id === sandboxLine.id);
    expect(onCloud.length).to.be.greaterThan(0);
    expect(onSandbox.length).to.be.greaterThan(0);
    const templates = fake.sent.filter((m) => m.type === 'template' && phones.includes(`+${m.to}`));
    expect(templates.map((m) => `+${m.to}`).sort()).to.deep.equal(onCloud.map((l) => l.phone).sort());
    for (const m of templates) {
      const log = onCloud.find((l) => l.phone === `+${m.to}`)!;
      const name = m.to === phones[0]!.slice(1) ? 'amiga' : `Contact ${phones.indexOf(`+${m.to}`)}`;
      expect(m.body.template).to.deep.equal({
        name: 'order_update',
        language: { code: 'es_ES' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: name },
              { type: 'text', text: 'Cloud shop' },
            ],
          },
        ],
      });
      expect(m.bizOpaque).to.equal(`campaign-recipient-${log.id}`);
    }
    const [message] = await rows(k, 'select text, template from chatapp_messages where id = ?', [
      onCloud[0]!.message_id,
    ]);
    expect(message.text).to.match(/^Hola .+, tu pedido Cloud shop está en camino\.\n\nTienda Luna$/);
    const sandboxTexts = await rows(k, `select text from chatapp_messages where id = any(?::int[])`, [
      `{${onSandbox.map((l) => l.message_id).join(',')}}`,
    ]);
    for (const { text } of sandboxTexts) expect(text).to.match(/^Hola .+, novedades de Cloud shop/);
    // Nothing else went to these customers on the Cloud API number.
    expect(fake.sent.filter((m) => phones.includes(`+${m.to}`)).length).to.equal(onCloud.length);
  });
});

describe('mass_marketing on Cloud API lines: claimed rows that wait for their batch past the stale limit', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let token: string;
  let c: Caller;
  let provider: any;
  let line: any;

  before(async () => {
    ({ k, fake, token, provider, line } = await cloudKernel({
      secondNumber: true,
      ops: {
        groups: ['customers', 'mass_marketing'],
        // Batches of one, one at a time: the second row waits the first's whole send.
        groupConfigs: {
          mass_marketing: { engine: { ...FAST_ENGINE, staleSendingSeconds: 2, sendBatch: 1, concurrency: 1 } },
        },
        config: { cloudApi: { timeoutMs: 10_000 } },
      },
    }));
    c = caller(k, token);
    await c.ok('sync_chatapp_templates', {});
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('keep their claim while the sends before them take longer than it: each goes once, by its batch, none through the reconciliation', async () => {
    await bothNumbersForMarketing(c, provider, line);
    const phones = freshPhones(2);
    const listId = await listWith(c, phones);
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Slow network',
      message_text: 'Hola {nombre}',
      list_id: listId,
      send_interval_seconds: 10,
      template: ORDER_UPDATE,
    });
    // Each send takes longer than the stale limit, so the second row waits past it for its batch.
    fake.answerDelayMs = 3000;
    try {
      await c.ok('start_campaign', { campaign_id: campaign.id });
      await untilStatus(c, campaign.id, 'completed', 30_000);
    } finally {
      fake.answerDelayMs = 0;
    }
    const recipients = await rows(
      k,
      'select phone, attempts, status from marketing_campaign_recipients where campaign_id = ? order by phone',
      [campaign.id],
    );
    expect(recipients.map((r: any) => [r.phone, r.attempts])).to.deep.equal(phones.sort().map((p) => [p, 1]));
    const sent = fake.sent.filter((m) => phones.includes(`+${m.to}`));
    expect(sent.map((m) => `+${m.to}`).sort()).to.deep.equal(phones.sort());
  });
});

describe('mass_marketing on Cloud API lines: more send batches at once than the connection pool holds', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let token: string;
  let c: Caller;
  let provider: any;
  let line: any;

  before(async () => {
    ({ k, fake, token, provider, line } = await cloudKernel({
      secondNumber: true,
      ops: {
        groups: ['customers', 'mass_marketing'],
        // Each line's batch its own transaction, four at a time in each of three passes, on two connections.
        groupConfigs: { mass_marketing: { engine: { ...FAST_ENGINE, sendBatch: 1, concurrency: 4, workers: 3 } } },
        kernel: { database: { poolMax: 2 } },
      },
    }));
    c = caller(k, token);
    await c.ok('sync_chatapp_templates', {});
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('still send every recipient once: the send ledger and the pace never wait for a connection a batch holds', async () => {
    await bothNumbersForMarketing(c, provider, line);
    const phones = freshPhones(12);
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Small pool',
      message_text: 'Hola {nombre}',
      list_id: await listWith(c, phones),
      send_interval_seconds: 10,
      template: ORDER_UPDATE,
    });
    await c.ok('start_campaign', { campaign_id: campaign.id });
    // Well inside the pool's acquire timeout (60 s), which is how long a starved batch would wait.
    await untilStatus(c, campaign.id, 'completed', 30_000);
    const recipients = await rows(
      k,
      'select status, attempts from marketing_campaign_recipients where campaign_id = ? order by phone',
      [campaign.id],
    );
    // Receipts may already have moved them on: every row reached the network, on its first attempt.
    expect(recipients.map((r: any) => (['sent', 'delivered', 'read'].includes(r.status) ? 1 : r.status))).to.deep.equal(
      phones.map(() => 1),
    );
    expect(recipients.map((r: any) => r.attempts)).to.deep.equal(phones.map(() => 1));
    const sent = fake.sent.filter((m) => phones.includes(`+${m.to}`));
    expect(sent.map((m) => `+${m.to}`).sort()).to.deep.equal([...phones].sort());
    const pending = await rows(k, `select count(*)::int as n from chatapp_send_attempts where status <> 'sent'`);
    expect(pending).to.deep.equal([{ n: 0 }]);
  });
});
