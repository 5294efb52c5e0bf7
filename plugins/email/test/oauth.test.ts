import { expect } from 'chai';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { caller, deliver, emailKernel, freshUser, newMailbox, rawMail, type MailWorld } from './helpers.js';
import { dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { FakeOauthProvider } from '../../../test/helpers/mail-servers/oauth-provider.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';

describe('email OAuth2: authorization code with PKCE, XOAUTH2 on IMAP and SMTP, refresh', () => {
  let world: MailWorld;
  let provider: FakeOauthProvider;
  let c: ReturnType<typeof caller>;
  let token: string;

  before(async () => {
    const imap = await dovecot();
    const smtp = await new SmtpSink({ imap }).start();
    provider = await new FakeOauthProvider((user, access) => {
      imap.grantToken(user, access);
      smtp.tokens.set(user, access);
    }).start();
    const oauth = {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      authorizeUrl: `${provider.url}/authorize`,
      tokenUrl: `${provider.url}/token`,
      scope: 'mail',
    };
    world = { imap, smtp, k: undefined as never };
    world.k = await emailKernel(world, {
      config: { oauth: { none: oauth, gmail: { ...oauth, clientId: undefined } } },
    });
    const shop = await world.k.newShop('OAuth shop');
    token = shop.token;
    c = caller(world.k, token);
  });
  after(async () => {
    await world?.k.close();
    await world?.smtp.stop();
    await provider?.stop();
  });

  /** What the mailbox owner's browser does with the link: the provider, then back to our callback. */
  async function signIn(authorizationUrl: string) {
    const atProvider = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(atProvider.status).to.equal(302);
    const back = new URL(atProvider.headers.get('location')!);
    return world.k.app.inject({ method: 'GET', url: back.pathname + back.search });
  }

  it('an oauth2 account waits for sign-in, then syncs and sends with XOAUTH2; tokens sealed and refreshed before they end', async () => {
    const user = freshUser('oauth');
    const { account } = await c.confirmed('create_email_account', {
      action: 'create',
      email_address: user,
      auth_type: 'oauth2',
      oauth_provider: 'none',
      imap_host: '127.0.0.1',
      imap_port: world.imap.port,
      imap_tls: 'ssl',
      smtp_host: '127.0.0.1',
      smtp_port: world.smtp.port,
    });
    expect(account).to.include({
      auth_type: 'oauth2',
      status: 'auth_error',
      oauth_authorized: false,
      has_imap_password: false,
    });
    await c.fails('sync_email_account', { account_id: account.id }, 'connection_failed');

    const started = await c.ok('start_email_oauth', { account_id: account.id });
    const link = new URL(started.authorization_url);
    expect(link.origin + link.pathname).to.equal(`${provider.url}/authorize`);
    expect(link.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(link.searchParams.get('login_hint')).to.equal(user);
    expect(started.redirect_uri).to.match(/\/email\/oauth\/callback$/);
    const page = await signIn(started.authorization_url);
    expect(page.statusCode, page.body).to.equal(200);
    expect(page.body).to.include('Mailbox connected');

    const connected = (await c.ok('get_email_account', { account_id: account.id })).account;
    expect(connected).to.include({ status: 'active', oauth_authorized: true });
    const [sealed] = await rows(
      world.k,
      'select oauth_access_sealed, oauth_refresh_sealed from email_accounts where id = ?',
      [account.id],
    );
    expect(sealed.oauth_access_sealed).to.match(/^v1\./).and.not.include('at-');
    expect(sealed.oauth_refresh_sealed).to.match(/^v1\./).and.not.include('rt-');

    const password = 'unused-password';
    world.imap.addUser(user, password);
    await deliver(world, { user, password }, [rawMail({ from: 'o@customer.example', to: user, subject: 'Via OAuth' })]);
    expect(await c.ok('sync_email_account', { account_id: account.id })).to.include({ new_messages: 1 });
    const { message } = await c.ok('send_email', {
      account_id: account.id,
      to: 'o@customer.example',
      subject: 'Hello',
      body_text: 'Sent with XOAUTH2',
    });
    await waitFor('the send', async () => {
      await world.k.outbox.deliverDue();
      return (await rows(world.k, 'select status from email_messages where id = ?', [message.id]))[0].status === 'sent';
    });
    expect(world.smtp.for(user)).to.have.length(1);

    // The access token ends: it is refreshed (the rotated refresh token kept) before the next use.
    await rows(world.k, `update email_accounts set oauth_expires_at = now() - interval '1 minute' where id = ?`, [
      account.id,
    ]);
    const refreshes = provider.grants.filter((g) => g.grant_type === 'refresh_token').length;
    expect(await c.ok('sync_email_account', { account_id: account.id })).to.include({ new_messages: 0 });
    expect(provider.grants.filter((g) => g.grant_type === 'refresh_token').length).to.equal(refreshes + 1);
    expect(await c.ok('sync_email_account', { account_id: account.id })).to.include({ new_messages: 0 });
    expect(provider.grants.filter((g) => g.grant_type === 'refresh_token').length, 'a fresh token is reused').to.equal(
      refreshes + 1,
    );
  });

  it('refuses what cannot be signed in: a password account, an unconfigured provider, a forged state, a used code', async () => {
    await c.fails('start_email_oauth', { account_id: 99_999_999 }, 'not_found');
    const basic = await c.confirmed('create_email_account', newMailbox(world).args);
    const refused = await c.fails('start_email_oauth', { account_id: basic.account.id }, 'invalid_state');
    expect(refused).to.include({ action: 'start_email_oauth' });
    const gmail = await c.confirmed('create_email_account', {
      action: 'create',
      email_address: freshUser('gmail'),
      auth_type: 'oauth2',
      oauth_provider: 'gmail',
    });
    expect(gmail.account).to.include({
      imap_host: 'imap.gmail.com',
      smtp_host: 'smtp.gmail.com',
      imap_port: 993,
      smtp_port: 465,
      sent_copy: 'server',
    });
    const unconfigured = await c.fails('start_email_oauth', { account_id: gmail.account.id }, 'oauth_not_configured');
    expect(unconfigured.provider).to.equal('gmail');
    const forged = await world.k.app.inject({ method: 'GET', url: '/email/oauth/callback?code=x&state=forged' });
    expect(forged.statusCode).to.equal(400);
    const none = await c.confirmed('create_email_account', {
      action: 'create',
      email_address: freshUser('none'),
      auth_type: 'oauth2',
      oauth_provider: 'none',
      imap_host: '127.0.0.1',
      imap_port: world.imap.port,
      imap_tls: 'ssl',
      smtp_host: '127.0.0.1',
      smtp_port: world.smtp.port,
    });
    const { authorization_url } = await c.ok('start_email_oauth', { account_id: none.account.id });
    const atProvider = await fetch(authorization_url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    expect((await world.k.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).to.equal(200);
    const replay = await world.k.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(replay.statusCode).to.equal(400);
    expect(replay.body).to.include('invalid_grant');
    const denied = await world.k.app.inject({
      method: 'GET',
      url: `/email/oauth/callback?error=access_denied&state=${back.searchParams.get('state')}`,
    });
    expect(denied.statusCode).to.equal(400);
    expect(denied.body).to.include('access_denied');
  });
});
