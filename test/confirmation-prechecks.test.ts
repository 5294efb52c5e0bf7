import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';

type Call = (tool: string, args?: Record<string, unknown>) => Promise<any>;

/** Arguments that name a missing record or one in a state the tool refuses, and the error the first call must get. */
interface FailingCall {
  args: (call: Call) => Promise<Record<string, unknown>>;
  error: string;
}

/**
 * Every tool that asks for confirmation, by name: the call that must fail. A tool that cannot be
 * called in an invalid state would be listed in NOTHING_INVALID with the reason instead.
 */
const FAILING_CALLS: Record<string, FailingCall> = {
  cancel_campaign: {
    // A campaign cancelled already: cancelling again is refused, so no confirmation may be asked for.
    args: async (call) => {
      const { list } = await call('create_contact_list', { action: 'create', name: 'Precheck list' });
      await call('add_contacts_to_list', { action: 'add', list_id: list.id, contacts: [{ phone: '+34600700001' }] });
      const { campaign } = await call('create_campaign', {
        action: 'create',
        name: 'Cancelled once',
        message_text: 'Hello',
        list_id: list.id,
      });
      const args = { action: 'cancel', campaign_id: campaign.id };
      expect((await call('cancel_campaign', args)).requires_confirmation).to.equal(true);
      expect((await call('cancel_campaign', { ...args, confirm: true })).campaign.status).to.equal('cancelled');
      return args;
    },
    error: 'invalid_state',
  },
  cancel_scheduled_message: { args: async () => ({ action: 'cancel', id: 999_999 }), error: 'not_found' },
  cancel_scheduled_email: {
    args: async () => ({ action: 'cancel_scheduled', message_id: 999_999 }),
    error: 'not_found',
  },
  bulk_delete_workflows: { args: async () => ({ action: 'bulk', workflow_ids: [999_999] }), error: 'not_found' },
  apply_training_suggestion: { args: async () => ({ action: 'apply', suggestion_id: 999_999 }), error: 'not_found' },
  connect_ecommerce: {
    // Store URLs must be HTTPS: the credentials are never sent over plain HTTP.
    args: async () => ({
      platform_type: 'ecomC',
      ecomC_store_url: 'http://shop.example.com',
      ecomC_api_key: 'KEY0123456789KEY0123456789KEY012',
    }),
    error: 'invalid_arguments',
  },
  create_email_account: {
    // basic needs both servers; nothing to log in to.
    args: async () => ({ action: 'create', email_address: 'shop@example.com', imap_password: 'secret-password' }),
    error: 'invalid_arguments',
  },
  configure_webhooks: {
    // Enabling needs a URL, a secret and an event, and there are none yet.
    args: async () => ({ webhook_enabled: true }),
    error: 'invalid_arguments',
  },
};

const NOTHING_INVALID: Record<string, string> = {};

describe('confirmation: a call that would fail gets its error on the first call', () => {
  let k: TestKernel;
  let call: Call;

  before(async () => {
    k = await bootKernel();
    const shop = await k.newShop('Precheck shop', { credits: 100_000 });
    call = async (tool, args = {}) => (await k.call(shop.token, tool, args)).payload;
  });
  after(async () => {
    await k?.close();
  });

  it('names every confirmed tool of every enabled group, each with a failing call or the reason it has none', () => {
    const confirmed = k.registry
      .all()
      .filter((tool) => tool.confirmation !== 'none')
      .map((tool) => tool.definition.name);
    expect(confirmed).to.include('cancel_campaign');
    expect([...Object.keys(FAILING_CALLS), ...Object.keys(NOTHING_INVALID)]).to.have.members(confirmed);
  });

  for (const [tool, failing] of Object.entries(FAILING_CALLS)) {
    it(`${tool}: refused at once, without a confirmation`, async () => {
      const args = await failing.args(call);
      const [{ n: before }] = await k.orm.em
        .getConnection()
        .execute(`select count(*)::int as n from pending_confirmations where tool = ?`, [tool]);
      const answer = await call(tool, args);
      expect(answer, JSON.stringify(answer)).to.include({ success: false, error_code: failing.error });
      expect(answer).not.to.have.property('requires_confirmation');
      const [{ n: after }] = await k.orm.em
        .getConnection()
        .execute(`select count(*)::int as n from pending_confirmations where tool = ?`, [tool]);
      expect(after).to.equal(before);
    });
  }
});
