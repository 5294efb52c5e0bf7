import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import { audited } from './fixtures/groups/fx_audit/index.js';
import { TestDatabase } from './helpers/test-database.js';
import { ShopScope } from './helpers/kernel-internals.js';

const CONFIRM = { enabled: true, resolve: './test/fixtures/confirm-group/index.ts' };

describe('the audit hook: every mutation, successful or failed, with its actor and secrets redacted', () => {
  let db: TestDatabase;
  let k: TestKernel;
  let shopId: number;
  let token: string;
  before(async () => {
    db = await TestDatabase.create();
    k = await bootKernel({
      groups: [],
      databaseUrl: db.url,
      overrides: { groups: { fx_audit: fixtureGroup('fx_audit'), confirm_fixture: CONFIRM } },
    });
    ({ shopId, token } = await k.newShop('Audited shop'));
  });
  after(async () => {
    await k?.close();
    await db?.drop();
  });
  beforeEach(() => void audited.splice(0));

  it('a success is reported inside the call’s transaction, by the API token, with secret arguments redacted', async () => {
    const res = await k.call(token, 'fx_set_api_key', {
      label: 'shop key',
      api_key: 'sk_live_very_secret',
      nested: { user: 'ana', password: 'hunter22' },
    });
    expect(res.payload).to.deep.equal({ success: true, label: 'shop key' });
    expect(audited).to.have.length(1);
    const [record] = audited;
    expect(record).to.include({
      tool: 'fx_set_api_key',
      group: 'fx_audit',
      actor: 'api_token',
      token: null,
      outcome: 'success',
      error_code: null,
      shop_id: shopId,
      in_transaction: true,
    });
    expect(record!.arguments).to.deep.equal({
      label: 'shop key',
      api_key: '[redacted]',
      nested: { user: 'ana', password: '[redacted]' },
    });
    expect(JSON.stringify(audited)).to.not.contain('sk_live_very_secret').and.not.contain('hunter22');
  });

  it('a failure is reported once, after the rollback, with its code; invalid arguments too', async () => {
    await k.call(token, 'fx_set_api_key', { label: 'x', api_key: 'sk_fail_secret', fail: true });
    await k.call(token, 'fx_set_api_key', { label: 'x' });
    expect(audited.map((r) => [r.outcome, r.error_code, r.in_transaction])).to.deep.equal([
      ['failure', 'conflict', true],
      ['failure', 'invalid_arguments', true],
    ]);
    expect(audited[0]!.arguments.api_key).to.equal('[redacted]');
    expect(JSON.stringify(audited)).to.not.contain('sk_fail_secret');
  });

  it('queries are not audited, and open no transaction for it', async () => {
    const units: boolean[] = [];
    const run = ShopScope.prototype.run;
    ShopScope.prototype.run = function (this: ShopScope, ...params: Parameters<ShopScope['run']>) {
      if (params[2]?.group === 'fx_audit') units.push(params[2].transactional === true);
      return run.apply(this, params);
    } as ShopScope['run'];
    try {
      await k.call(token, 'fx_read_api_key_label');
    } finally {
      ShopScope.prototype.run = run;
    }
    expect(audited).to.deep.equal([]);
    expect(units).to.deep.equal([false]);
  });

  it('a call approved on the confirmation page: issued, the call and approved, by the page; the summary never sees the secret', async () => {
    const first = await k.call(token, 'fixture_set_webhook', {
      url: 'https://hooks.example/a',
      secret: 'whsec_top_secret',
    });
    expect(first.payload.requires_confirmation).to.equal(true);
    expect(first.payload.summary).to.not.contain('whsec_top_secret');
    expect(audited.map((r) => [r.kind, r.tool, r.actor, r.outcome])).to.deep.equal([
      ['confirmation', 'fixture_set_webhook', 'api_token', 'issued'],
    ]);
    const path = new URL(first.payload.confirmation_url).pathname;
    const page = await k.app.inject({ method: 'GET', url: path });
    const approved = await k.app.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(page.statusCode).to.equal(200);
    expect(approved.statusCode, approved.body).to.equal(200);
    expect(audited.map((r) => [r.kind, r.tool, r.actor, r.outcome])).to.deep.equal([
      ['confirmation', 'fixture_set_webhook', 'api_token', 'issued'],
      ['call', 'fixture_set_webhook', 'confirmation_page', 'success'],
      ['confirmation', 'fixture_set_webhook', 'confirmation_page', 'approved'],
    ]);
    for (const record of audited)
      expect(record.arguments).to.deep.equal({ url: 'https://hooks.example/a', secret: '[redacted]' });
    expect(audited.every((r) => r.in_transaction)).to.equal(true);
    expect(JSON.stringify(audited)).to.not.contain('whsec_top_secret');
  });

  it('a rejection is reported by the page, a lapse by the expiry job, and an agent confirmation by the token', async () => {
    const hook = await k.call(token, 'fixture_set_webhook', {
      url: 'https://hooks.example/b',
      secret: 'whsec_other_one',
    });
    const path = new URL(hook.payload.confirmation_url).pathname;
    await k.app.inject({
      method: 'POST',
      url: `${path}/reject`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

    const { payload: created } = await k.call(token, 'fixture_create_item', { action: 'create', name: 'audited item' });
    const rename = { action: 'rename', item_id: created.item.id, name: 'renamed' };
    await k.call(token, 'fixture_rename_item', rename);
    await k.call(token, 'fixture_rename_item', { ...rename, confirm: true });

    await k.call(token, 'fixture_delete_item', { action: 'delete', item_id: created.item.id });
    await k.orm.em
      .getConnection()
      .execute(
        `update pending_confirmations set expires_at = now() - interval '1 second' where status = 'pending' and tool = 'fixture_delete_item'`,
      );
    expect(await k.scheduler.runTick('kernel.expire-confirmations', new Date())).to.equal('ran');

    expect(audited.map((r) => [r.kind, r.tool, r.actor, r.outcome])).to.deep.equal([
      ['confirmation', 'fixture_set_webhook', 'api_token', 'issued'],
      ['confirmation', 'fixture_set_webhook', 'confirmation_page', 'rejected'],
      ['call', 'fixture_create_item', 'api_token', 'success'],
      ['confirmation', 'fixture_rename_item', 'api_token', 'issued'],
      ['call', 'fixture_rename_item', 'api_token', 'success'],
      ['confirmation', 'fixture_rename_item', 'api_token', 'approved'],
      ['confirmation', 'fixture_delete_item', 'api_token', 'issued'],
      ['confirmation', 'fixture_delete_item', 'job', 'expired'],
    ]);
    // The record each touched: what a create answered, then the id the later calls name.
    expect(audited.filter((r) => r.kind === 'call').map((r) => r.resource)).to.deep.equal([
      { type: 'item', id: String(created.item.id) },
      { type: 'item', id: String(created.item.id) },
    ]);
    expect(JSON.stringify(audited)).to.not.contain('whsec_other_one');
  });
});
