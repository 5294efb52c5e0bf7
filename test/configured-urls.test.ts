import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';

/**
 * A name under .invalid never resolves (RFC 2606): it stands for a host whose DNS is down or not
 * published yet when the shop configures it.
 */
const OFFLINE = 'shop-offline.invalid';
/** A literal private address: refused at configuration, whatever DNS says. */
const PRIVATE = '10.20.30.40';

describe('URLs a shop configures: refused when not allowed, saved with a warning when the name does not resolve now', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let token: string;
  const call = async (tool: string, args: Record<string, unknown>) => (await k.call(token, tool, args)).payload;
  const refused = async (tool: string, args: Record<string, unknown>) => {
    const answer = await call(tool, args);
    expect(answer, JSON.stringify(answer)).to.include({ success: false, error_code: 'url_not_allowed' });
    expect(answer.reason).to.match(/private/);
  };
  const warned = (answer: any) => {
    expect(answer.success, JSON.stringify(answer)).to.equal(true);
    expect(answer.warnings).to.have.length(1);
    expect(answer.warnings[0]).to.include(`${OFFLINE} does not resolve right now`);
  };

  before(async () => {
    k = await bootKernel({
      overrides: {
        groups: {
          // The installation's Twilio address, unreachable: the credentials check meets it.
          voice: { enabled: true, config: { twilio: { apiBaseUrl: `https://api.${OFFLINE}` } } },
        },
      },
    });
    ({ token } = await k.newShop('Offline DNS shop', { credits: 10_000 }));
  });
  after(async () => {
    await k?.close();
  });

  it('webhooks: the confirmation says the name does not resolve; approved, the URL is saved', async () => {
    const args = {
      webhook_enabled: true,
      webhook_url: `https://hooks.${OFFLINE}/in`,
      webhook_secret: 'whsec-0123456789abcdef',
      webhook_events: ['ticket.created'],
    };
    await refused('configure_webhooks', { ...args, webhook_url: `https://${PRIVATE}/in` });
    const first = await call('configure_webhooks', args);
    expect(first.requires_confirmation, JSON.stringify(first)).to.equal(true);
    expect(first.summary).to.include(`hooks.${OFFLINE} does not resolve right now`);
    const approved = await k.app.inject({
      method: 'POST',
      url: `${new URL(first.confirmation_url).pathname}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approved.statusCode).to.equal(200);
    const { webhooks } = await call('get_webhook_config', {});
    expect(webhooks).to.include({ webhook_url: `https://hooks.${OFFLINE}/in`, webhook_enabled: true });
  });

  it('custom functions: created and updated with the warning', async () => {
    const fields = {
      description: 'Looks up an order',
      parameters: { type: 'object', properties: { order: { type: 'string' } } },
    };
    await refused('create_custom_function', { name: 'private_fn', ...fields, url: `https://${PRIVATE}/fn` });
    const created = await call('create_custom_function', {
      name: 'order_lookup',
      ...fields,
      url: `https://fn.${OFFLINE}/a`,
    });
    warned(created);
    const updated = await call('update_custom_function', {
      function_id: created.function.id,
      url: `https://fn.${OFFLINE}/b`,
    });
    warned(updated);
    expect(
      (await call('update_custom_function', { function_id: created.function.id, is_enabled: false })).warnings,
    ).to.deep.equal([]);
  });

  it('the AI provider’s base_url', async () => {
    const args = { provider: 'openai_compatible', api_key: 'sk-test-0123456789', chat_model: 'gpt-test' };
    await refused('configure_ai_provider', { ...args, base_url: `https://${PRIVATE}/v1` });
    warned(await call('configure_ai_provider', { ...args, base_url: `https://ai.${OFFLINE}/v1` }));
  });

  it('the chat widget’s avatar_url', async () => {
    await refused('configure_plugin_chat', { plugin_type: 'chat', avatar_url: `https://${PRIVATE}/a.png` });
    warned(await call('configure_plugin_chat', { plugin_type: 'chat', avatar_url: `https://img.${OFFLINE}/a.png` }));
  });

  it('mail servers are logged in to before anything is stored: a name that does not resolve cannot be reached', async () => {
    const args = {
      action: 'create',
      email_address: 'shop@example.com',
      imap_password: 'mail-password-0123',
    };
    await refused('create_email_account', { ...args, imap_host: PRIVATE, smtp_host: `smtp.${OFFLINE}` });
    const answer = await call('create_email_account', {
      ...args,
      imap_host: `imap.${OFFLINE}`,
      smtp_host: `smtp.${OFFLINE}`,
    });
    expect(answer, JSON.stringify(answer)).to.include({
      success: false,
      error_code: 'connection_failed',
      reason: 'refused',
    });
  });

  it('storefronts are asked for the credentials before anything is stored: a name that does not resolve cannot be reached', async () => {
    const args = { platform_type: 'ecomC', ecomC_api_key: 'KEY0123456789KEY0123456789KEY012' };
    await refused('connect_ecommerce', { ...args, ecomC_store_url: `https://${PRIVATE}` });
    const answer = await call('connect_ecommerce', { ...args, ecomC_store_url: `https://store.${OFFLINE}` });
    expect(answer, JSON.stringify(answer)).to.include({
      success: false,
      error_code: 'connection_failed',
      reason: 'unreachable',
    });
  });

  it('voice: Twilio is asked for the credentials; an address that does not resolve is unreachable, not refused', async () => {
    const answer = await call('configure_voice', {
      provider: 'twilio',
      account_sid: `AC${'0'.repeat(32)}`,
      auth_token: 'twilio-token-0123456789',
    });
    expect(answer, JSON.stringify(answer)).to.include({ success: false, error_code: 'provider_unreachable' });
  });

  it('storage: a file URL that does not resolve is a fetch failure, not a refusal and not an internal error', async () => {
    await refused('import_file_from_url', { url: `https://${PRIVATE}/a.png`, purpose: 'chat_media' });
    const answer = await call('import_file_from_url', { url: `https://files.${OFFLINE}/a.png`, purpose: 'chat_media' });
    expect(answer, JSON.stringify(answer)).to.include({
      success: false,
      error_code: 'fetch_failed',
      http_status: null,
    });
  });
});
