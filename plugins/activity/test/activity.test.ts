import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fixtureGroup } from '../../../test/fixtures/fixture-groups.js';

const GROUPS = ['activity', 'agents', 'customers', 'tickets', 'crm', 'whatsapp_ops', 'mass_marketing'];

describe('activity: the audit log', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  /** Every mutation this file made through the tools, with the outcome it answered. */
  const made: { tool: string; outcome: string; error_code: string | null }[] = [];

  before(async () => {
    k = await bootKernel({
      groups: GROUPS,
      overrides: {
        groups: {
          fx_audit: fixtureGroup('fx_audit'),
          fx_outbox: fixtureGroup('fx_outbox'),
          mass_marketing: { enabled: true, config: { engine: { enabled: false } } },
        },
      },
    });
    shop = await k.newShop('Activity shop', { credits: 100_000 });
  });
  after(async () => {
    await k?.close();
  });

  const call = async (name: string, args: Record<string, unknown> = {}, token = shop.token) => {
    const { payload } = await k.call(token, name, args);
    if (k.registry.get(name)!.definition.kind === 'mutation' && payload.requires_confirmation !== true)
      made.push({
        tool: name,
        outcome: payload.success ? 'success' : 'failure',
        error_code: payload.success ? null : payload.error_code,
      });
    return payload;
  };
  const ok = async (name: string, args: Record<string, unknown> = {}) => {
    const payload = await call(name, args);
    expect(payload.success, `${name}: ${JSON.stringify(payload)}`).to.equal(true);
    return payload;
  };
  const calls = async (filters: Record<string, unknown> = {}) =>
    (await ok('list_activity', { kind: 'call', limit: 100, ...filters })).entries;

  it('records every mutation, success or failure, across groups — and no query', async () => {
    const { ticket } = await ok('create_ai_ticket', { action: 'create', title: 'Broken zip', phone: '+34600111222' });
    await ok('add_ai_ticket_note', { action: 'add', ticket_id: ticket.id, body: 'Called back' });
    await ok('close_ai_ticket', { action: 'close', ticket_id: ticket.id, reason: 'fixed' });
    await call('close_ai_ticket', { action: 'close', ticket_id: 999_999 });
    await call('create_ai_ticket', { action: 'create', title: '' });
    await ok('create_crm_customer', { action: 'create', whatsapp_number: '+34600111333' });
    const { list } = await ok('create_contact_list', { action: 'create', name: 'Audited list' });
    await ok('import_contacts_manual', { list_id: list.id, numbers: '+34600111444' });
    await call('list_ai_tickets');
    await call('get_credits_balance').catch(() => undefined);

    const entries = await calls();
    expect(entries.map((e: any) => [e.tool, e.outcome, e.error_code]).reverse()).to.deep.equal(
      made.map((m) => [m.tool, m.outcome, m.error_code]),
    );
    expect(entries.every((e: any) => e.actor === 'api_token' && e.token === null && e.kind === 'call')).to.equal(true);
    expect(entries.some((e: any) => e.tool === 'list_ai_tickets')).to.equal(false);

    const history = await ok('get_resource_history', { resource_type: 'ticket', resource_id: String(ticket.id) });
    expect(history.entries.map((e: any) => e.tool)).to.deep.equal([
      'create_ai_ticket',
      'add_ai_ticket_note',
      'close_ai_ticket',
    ]);
    const one = await ok('get_activity_entry', { entry_id: history.entries[2].id });
    expect(one.entry).to.deep.include({
      tool: 'close_ai_ticket',
      group: 'tickets',
      resource: { type: 'ticket', id: String(ticket.id) },
      arguments: { ticket_id: ticket.id, reason: 'fixed' },
      outcome: 'success',
    });
  });

  it('redacts secret arguments: the secret is nowhere in the table', async () => {
    await ok('fx_set_api_key', {
      label: 'shop key',
      api_key: 'sk_live_never_logged',
      nested: { user: 'ana', password: 'hunter22' },
    });
    await call('fx_set_api_key', { label: 'again', api_key: 'sk_live_never_logged', fail: true });
    const [latest] = await calls({ tool: 'fx_set_api_key', outcome: 'failure' });
    expect(latest.arguments).to.deep.equal({ label: 'again', api_key: '[redacted]', fail: true });
    const raw = await k.orm.em
      .getConnection()
      .execute(`select arguments::text as a from activity_entries where shop_id = ?`, [shop.shopId]);
    expect(JSON.stringify(raw)).not.to.match(/sk_live_never_logged|hunter22/);
  });

  it('a rolled-back mutation leaves only its failure line', async () => {
    const failed = await call('fx_outbox_send', { pings: [{ note: 'never' }], fail_after: true });
    expect(failed.error_code).to.equal('conflict');
    const lines = await calls({ tool: 'fx_outbox_send' });
    expect(lines.map((e: any) => [e.outcome, e.error_code])).to.deep.equal([['failure', 'conflict']]);
  });

  it('records confirmation events with the call they approve, and the named token behind a call', async () => {
    const { list } = await ok('create_contact_list', { action: 'create', name: 'Campaign list' });
    const { campaign } = await ok('create_campaign', {
      action: 'create',
      name: 'To cancel',
      message_text: 'Hola',
      list_id: list.id,
    });
    const bot = (await k.tokens.create({ shopId: shop.shopId, name: 'marketing-bot' }))!;
    const first = await call('cancel_campaign', { action: 'cancel', campaign_id: campaign.id }, bot.token);
    expect(first.requires_confirmation).to.equal(true);
    await call('cancel_campaign', { action: 'cancel', campaign_id: campaign.id, confirm: true }, bot.token);

    const history = await ok('get_resource_history', { resource_type: 'campaign', resource_id: String(campaign.id) });
    expect(history.entries.map((e: any) => [e.kind, e.tool, e.outcome, e.token])).to.deep.equal([
      ['call', 'create_campaign', 'success', null],
      ['confirmation', 'cancel_campaign', 'issued', 'marketing-bot'],
      ['call', 'cancel_campaign', 'success', 'marketing-bot'],
      ['confirmation', 'cancel_campaign', 'approved', 'marketing-bot'],
    ]);
    expect((await ok('list_activity', { token: 'marketing-bot' })).count).to.equal(3);
    expect((await ok('list_activity', { kind: 'confirmation', outcome: 'approved' })).count).to.equal(1);
  });

  it('filters by time in the shop’s zone and exports CSV with the same filters', async () => {
    const future = await ok('list_activity', { date_from: '2999-01-01 00:00' });
    expect(future.count).to.equal(0);
    const all = await ok('list_activity', { date_from: '2000-01-01T00:00:00Z', limit: 100 });
    const csv = await ok('export_activity_csv', { tool: 'close_ai_ticket' });
    const lines = csv.csv.trimEnd().split('\r\n');
    expect(lines[0]).to.equal(
      'id,at,kind,actor,token,tool,group,resource_type,resource_id,outcome,error_code,request_id,arguments',
    );
    expect(lines.length - 1).to.equal(csv.rows);
    expect(csv.rows).to.equal(2);
    expect(csv.truncated).to.equal(false);
    expect(all.count).to.be.greaterThan(csv.rows);
    const bad = await call('list_activity', { date_from: 'yesterday-ish' });
    expect(bad.error_code).to.equal('invalid_arguments');
    expect(bad.errors[0].message).to.match(/YYYY-MM-DD/);
  });

  it('takes a bare date as a bound: the whole day in the shop’s zone', async () => {
    const all = await ok('list_activity', { date_from: '2000-01-01T00:00:00Z', limit: 100 });
    expect((await ok('list_activity', { date_from: '2000-01-01', limit: 100 })).count).to.equal(all.count);
    expect((await ok('list_activity', { date_from: '2999-01-01' })).count).to.equal(0);
    expect((await ok('list_activity', { date_to: '2000-01-01' })).count).to.equal(0);
    expect((await ok('list_activity', { date_to: '2999-12-31', limit: 100 })).count).to.equal(all.count);
  });

  it('keeps lines for the shop’s retention, then the retention job deletes older ones', async () => {
    expect((await ok('list_activity', { limit: 1 })).retention_days).to.equal(365);
    const { settings } = await ok('configure_activity_log', { retention_days: 30 });
    expect(settings).to.deep.equal({ retention_days: 30, default: false });
    await k.orm.em
      .getConnection()
      .execute(
        `update activity_entries set at = now() - interval '31 days' where shop_id = ? and tool = 'create_crm_customer'`,
        [shop.shopId],
      );
    const before = (await ok('list_activity', { limit: 1 })).count;
    expect(await k.scheduler.runTick('kernel.retention', new Date())).to.equal('ran');
    const after = await ok('list_activity', { limit: 100 });
    expect(after.count).to.equal(before - 1);
    expect(after.entries.some((e: any) => e.tool === 'create_crm_customer')).to.equal(false);
    expect(after.retention_days).to.equal(30);
  });

  it('answers not_found for an entry the shop does not have', async () => {
    const payload = await call('get_activity_entry', { entry_id: 999_999_999 });
    expect(payload).to.include({ success: false, error_code: 'not_found' });
  });
});
