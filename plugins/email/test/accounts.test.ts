import { expect } from 'chai';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { bootEmail, caller, newMailbox, type MailWorld } from './helpers.js';

describe('email accounts (against Dovecot and an SMTP server)', () => {
  let world: MailWorld;
  let c: ReturnType<typeof caller>;
  let token: string;

  before(async () => {
    world = await bootEmail();
    const shop = await world.k.newShop('Mail shop');
    token = shop.token;
    c = caller(world.k, token);
  });
  after(async () => {
    await world?.k.close();
    await world?.smtp.stop();
  });

  it('create_email_account: confirmed, both servers logged in to, Sent found, passwords sealed and never shown', async () => {
    const box = newMailbox(world, { label: 'Support', smtp_from_name: 'Shop support' });
    const first = await world.k.call(token, 'create_email_account', box.args);
    expect(first.payload).to.include({ success: false, requires_confirmation: true });
    expect(JSON.stringify(first.payload)).not.to.include(box.password);
    const { account } = await c.ok('create_email_account', { ...box.args, confirm: true });
    expect(account).to.include({
      email_address: box.user,
      label: 'Support',
      auth_type: 'basic',
      imap_port: world.imap.starttlsPort,
      imap_tls: 'starttls',
      smtp_port: world.smtp.port,
      smtp_tls: 'starttls',
      imap_user: box.user,
      smtp_user: box.user,
      has_imap_password: true,
      has_smtp_password: true,
      sent_folder: 'Sent',
      sent_copy: 'append',
      sync_since_days: 7,
      status: 'active',
      is_active: 1,
      ai_classification_enabled: 1,
      oauth_authorized: null,
    });
    expect(JSON.stringify(account)).not.to.include(box.password);
    const [row] = await rows(
      world.k,
      'select imap_password_sealed, smtp_password_sealed from email_accounts where id = ?',
      [account.id],
    );
    expect(row.imap_password_sealed).to.match(/^v1\./).and.not.include(box.password);
    expect(row.smtp_password_sealed).to.match(/^v1\./).and.not.include(box.password);
  });

  it('implicit TLS when asked (as on 993), and the ports default to 993 and 587', async () => {
    const box = newMailbox(world, { imap_port: world.imap.port, imap_tls: 'ssl' });
    const { account } = await c.confirmed('create_email_account', box.args);
    expect(account).to.include({ imap_tls: 'ssl', imap_port: world.imap.port });
    const { imap_port: _i, smtp_port: _s, ...defaults } = newMailbox(world).args;
    const refused = await c.fails('create_email_account', defaults, 'connection_failed');
    expect(refused.side).to.be.oneOf(['imap', 'smtp']);
    expect(refused.message).to.match(/Nothing was stored/);
  });

  it('refuses on the first call, before any confirmation: missing hosts, oauth2 without provider, a taken address, a private host', async () => {
    const { imap_host: _h, smtp_host: _s, ...noHosts } = newMailbox(world).args;
    const missing = await c.fails('create_email_account', noHosts, 'invalid_arguments');
    expect(missing.errors.map((e: any) => e.path)).to.include.members(['imap_host', 'smtp_host']);
    await c.fails(
      'create_email_account',
      { action: 'create', email_address: 'o@example.test', auth_type: 'oauth2' },
      'invalid_arguments',
    );
    const taken = newMailbox(world);
    const { account } = await c.confirmed('create_email_account', taken.args);
    const conflict = await c.fails(
      'create_email_account',
      { ...newMailbox(world).args, email_address: taken.user.toUpperCase() },
      'conflict',
    );
    expect(conflict.account_id).to.equal(account.id);
    const guarded = await c.fails(
      'create_email_account',
      { ...newMailbox(world).args, imap_host: '10.20.30.40' },
      'url_not_allowed',
    );
    expect(guarded.reason).to.match(/private/);
    const pending = await rows(
      world.k,
      `select count(*)::int as n from pending_confirmations where tool = 'create_email_account' and summary like '%10.20.30.40%'`,
    );
    expect(pending[0].n).to.equal(0);
  });

  it('a wrong password is connection_failed (imap, auth) on the first call, with the server’s reply and nothing stored', async () => {
    const box = newMailbox(world);
    const before = await c.ok('list_email_accounts', {});
    const failed = await c.fails(
      'create_email_account',
      { ...box.args, imap_password: 'wrong-password' },
      'connection_failed',
    );
    expect(failed).to.include({ side: 'imap', reason: 'auth' });
    expect(failed.server_reply).to.be.a('string');
    expect(JSON.stringify(failed)).not.to.include('wrong-password');
    const smtpFailed = await c.fails(
      'create_email_account',
      { ...box.args, smtp_password: 'wrong-smtp-password' },
      'connection_failed',
    );
    expect(smtpFailed).to.include({ side: 'smtp', reason: 'auth' });
    expect((await c.ok('list_email_accounts', {})).count).to.equal(before.count);
  });

  it('the 11th account is email_account_limit_reached on the first call, with no confirmation issued', async () => {
    const shop = await world.k.newShop('Ten boxes');
    const other = caller(world.k, shop.token);
    for (let i = 0; i < 10; i++) await other.confirmed('create_email_account', newMailbox(world).args);
    const eleventh = newMailbox(world);
    const refused = await other.fails('create_email_account', eleventh.args, 'email_account_limit_reached');
    expect(refused).to.include({ current_count: 10, max_allowed: 10 });
    expect(refused.requires_confirmation).to.equal(undefined);
    const pending = await rows(
      world.k,
      `select count(*)::int as n from pending_confirmations where shop_id = ? and status = 'pending'`,
      [shop.shopId],
    );
    expect(pending[0].n).to.equal(0);
  });

  it('list, get, test, update (a password kept unless given, connection changes tested first) and delete', async () => {
    const box = newMailbox(world);
    const { account } = await c.confirmed('create_email_account', box.args);
    const listed = await c.ok('list_email_accounts', { status: 'active' });
    expect(listed.accounts.map((a: any) => a.id)).to.include(account.id);
    const got = await c.ok('get_email_account', { account_id: account.id });
    expect(got.account.id).to.equal(account.id);
    expect(got.sync).to.include({ account_id: account.id, consecutive_failures: 0, syncing: false });

    const tested = await c.ok('test_email_account', { account_id: account.id });
    expect(tested.imap).to.include({ ok: true, error: null });
    expect(tested.imap.capabilities).to.include('IDLE');
    expect(tested.smtp).to.include({ ok: true, error: null });
    const bad = await c.ok('test_email_account', {
      email_address: box.user,
      imap_host: '127.0.0.1',
      imap_port: world.imap.starttlsPort,
      imap_password: 'nope-nope',
      smtp_host: '127.0.0.1',
      smtp_port: world.smtp.port,
    });
    expect(bad.imap.ok).to.equal(false);
    expect(bad.imap.error.reason).to.equal('auth');
    expect(bad.smtp.error.reason).to.equal('auth');

    const renamed = await c.ok('update_email_account', {
      account_id: account.id,
      label: 'Orders',
      signature_html: '<p>Shop</p>',
    });
    expect(renamed.account).to.include({ label: 'Orders', signature_html: '<p>Shop</p>', has_imap_password: true });
    await c.fails('update_email_account', { account_id: account.id, imap_password: 'not-it' }, 'connection_failed');
    expect((await c.ok('test_email_account', { account_id: account.id })).imap.ok, 'the old password is kept').to.equal(
      true,
    );
    await c.fails('update_email_account', { account_id: account.id }, 'invalid_arguments');
    const paused = await c.ok('update_email_account', { account_id: account.id, is_active: 0 });
    expect(paused.account).to.include({ is_active: 0, status: 'inactive' });
    await c.fails('sync_email_account', { account_id: account.id }, 'invalid_state');
    const resumed = await c.ok('update_email_account', { account_id: account.id, is_active: 1 });
    expect(resumed.account).to.include({ is_active: 1, status: 'active' });

    const deleted = await c.ok('delete_email_account', { account_id: account.id });
    expect(deleted).to.include({ deleted: true, id: account.id });
    await c.fails('get_email_account', { account_id: account.id }, 'not_found');
    const [row] = await rows(world.k, 'select imap_password_sealed from email_accounts where id = ?', [account.id]);
    expect(row.imap_password_sealed, 'credentials are erased').to.equal(null);
    const again = await c.confirmed('create_email_account', box.args);
    expect(again.account.id, 'the address may be connected again').not.to.equal(account.id);
  });

  it('agent_hashes must name the shop’s agents', async () => {
    const { agent } = await c.ok('create_agent', {
      action: 'create',
      nickname: 'Eva',
      full_name: 'Eva M',
      email: 'eva@shop.example',
    });
    const bad = await c.fails(
      'create_email_account',
      { ...newMailbox(world).args, agent_hashes: ['f'.repeat(32)] },
      'invalid_arguments',
    );
    expect(bad.errors[0].path).to.equal('agent_hashes');
    const { account } = await c.confirmed('create_email_account', {
      ...newMailbox(world).args,
      agent_hashes: [agent.agent_hash],
    });
    expect(account.agent_hashes).to.deep.equal([agent.agent_hash]);
  });
});
