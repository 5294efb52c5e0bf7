import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, fails, ok, openPairingLink, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('whatsapp_ops: sessions (connect, pair, status, roles, disconnect)', () => {
  let k: TestKernel;
  let token: string;

  before(async () => {
    k = await bootOps();
    ({ token } = await k.newShop('Sessions shop'));
  });
  after(() => k.close());

  let first: any;
  it('connect_chatapp creates a session awaiting pairing, with the pairing link, its QR, and the sandbox label', async () => {
    first = await ok(k, token, 'connect_chatapp', { label: 'Main line' });
    expect(first.reused).to.equal(false);
    expect(first.session).to.include({
      label: 'Main line',
      status: 'awaiting_pairing',
      phone: null,
      adapter: 'sandbox',
      sandbox: true,
      mass_marketing_enabled: false,
    });
    expect(first.session.id).to.be.a('number');
    expect(first.pairing.status).to.equal('awaiting_pairing');
    expect(first.pairing.pairing_url).to.match(/\/sandbox\/pair\/[\w-]+$/);
    expect(first.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
    expect(first.sandbox).to.equal(true);
    expect(first.notice).to.match(/nothing is sent on the real messaging network/);
    const qr = await k.app.inject({ method: 'GET', url: new URL(first.pairing.qr_image_url).pathname });
    expect(qr.statusCode).to.equal(200);
    expect(qr.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).to.equal(true);
  });

  it("the shop's first number gets all three routing roles", () => {
    expect(first.session.routing_roles).to.deep.equal(['general', 'operations', 'marketing']);
  });

  it('a label over 50 characters is invalid_arguments, and nothing is created', async () => {
    const before = (await ok(k, token, 'list_chatapp_sessions')).count;
    const payload = await fails(k, token, 'connect_chatapp', { label: 'x'.repeat(51) }, 'invalid_arguments');
    expect(payload.errors.map((e: any) => e.path)).to.include('label');
    await ok(k, token, 'connect_chatapp', { label: 'y'.repeat(50), force_new: true }).then((p) =>
      expect(p.session.label).to.have.length(50),
    );
    expect((await ok(k, token, 'list_chatapp_sessions')).count).to.equal(before + 1);
  });

  it('routing roles outside general/operations/marketing, or repeated, are refused', async () => {
    await fails(k, token, 'connect_chatapp', { routing_roles: ['sales'] }, 'invalid_arguments');
    await fails(k, token, 'connect_chatapp', { routing_roles: ['general', 'general'] }, 'invalid_arguments');
    await fails(k, token, 'connect_chatapp', { routing_roles: [] }, 'invalid_arguments');
  });

  it('opening the pairing link pairs the session: the status says connected with the line number', async () => {
    const paired = await openPairingLink(k, first.pairing.pairing_url, '+34 711 000 001');
    expect(paired.status).to.equal(200);
    expect(paired.body).to.include({ paired: true, outcome: 'paired' });
    const session = await waitFor('connected', async () => {
      const { session } = await ok(k, token, 'get_chatapp_status', { session_id: first.session.id });
      return session.status === 'connected' && session;
    });
    expect(session.phone).to.equal('+34711000001');
    expect(session.connected_at).to.be.a('string');
    expect(session.live).to.include({ status: 'connected', phone: '+34711000001', engine: 'sandbox', sandbox: true });
    const again = await openPairingLink(k, first.pairing.pairing_url);
    expect(again.body.outcome).to.equal('already_paired');
  });

  it('get_chatapp_status without session_id reports every session, labelled sandbox', async () => {
    const status = await ok(k, token, 'get_chatapp_status');
    expect(status.count).to.equal(status.sessions.length).and.be.greaterThan(1);
    expect(status.connected_count).to.equal(1);
    expect(status).to.include({ sandbox: true });
    expect(status.notice).to.be.a('string');
    for (const s of status.sessions) expect(s.live.sandbox).to.equal(true);
  });

  it('without force_new, connect_chatapp reuses an unused session (awaiting pairing) instead of creating one', async () => {
    const before = (await ok(k, token, 'list_chatapp_sessions')).count;
    const again = await ok(k, token, 'connect_chatapp', {});
    expect(again.reused).to.equal(true);
    expect(again.session.status).to.equal('awaiting_pairing');
    expect((await ok(k, token, 'list_chatapp_sessions')).count).to.equal(before);
  });

  it('a later number gets the operations role by default; routing roles can be replaced', async () => {
    const later = await ok(k, token, 'connect_chatapp', { force_new: true, label: 'Second' });
    expect(later.session.routing_roles).to.deep.equal(['operations']);
    const updated = await ok(k, token, 'update_chatapp_routing_roles', {
      session_id: later.session.id,
      routing_roles: ['marketing', 'operations'],
    });
    expect(updated.session.routing_roles).to.deep.equal(['marketing', 'operations']);
    await fails(
      k,
      token,
      'update_chatapp_routing_roles',
      { session_id: later.session.id, routing_roles: [] },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'update_chatapp_routing_roles',
      { session_id: 999999, routing_roles: ['general'] },
      'not_found',
    );
  });

  it('disconnect_chatapp logs the line out; disconnecting again is invalid_state', async () => {
    const out = await ok(k, token, 'disconnect_chatapp', { session_id: first.session.id });
    expect(out.session.status).to.equal('disconnected');
    expect(out.session.disconnected_at).to.be.a('string');
    const { session } = await ok(k, token, 'get_chatapp_status', { session_id: first.session.id });
    expect(session.live.status).to.equal('logged_out');
    const again = await fails(k, token, 'disconnect_chatapp', { session_id: first.session.id }, 'invalid_state');
    expect(again).to.include({ current_status: 'disconnected' });
    expect(again.allowed).to.deep.equal(['awaiting_pairing', 'connected']);
    // The engine's own disconnection event arrives later and changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ok(k, token, 'get_chatapp_status', { session_id: first.session.id })).session.status).to.equal(
      'disconnected',
    );
  });

  it('connect_chatapp reuses the disconnected session: a new pairing link, its roles kept', async () => {
    const reused = await ok(k, token, 'connect_chatapp', {});
    expect(reused.reused).to.equal(true);
    expect(reused.session.id).to.equal(first.session.id);
    expect(reused.session.status).to.equal('awaiting_pairing');
    expect(reused.session.routing_roles).to.deep.equal(['general', 'operations', 'marketing']);
    expect(reused.pairing.pairing_url).to.not.equal(first.pairing.pairing_url);
    expect((await openPairingLink(k, first.pairing.pairing_url)).status).to.equal(404);
    await openPairingLink(k, reused.pairing.pairing_url, '+34711000001');
    await waitFor(
      'reconnected',
      async () =>
        (await ok(k, token, 'get_chatapp_status', { session_id: first.session.id })).session.status === 'connected',
    );
  });

  it('force_new creates a new session even when a disconnected one exists', async () => {
    const line = await connectedLine(k, token, { force_new: true, label: 'Temp' });
    await ok(k, token, 'disconnect_chatapp', { session_id: line.id });
    const fresh = await ok(k, token, 'connect_chatapp', { force_new: true });
    expect(fresh.reused).to.equal(false);
    expect(fresh.session.id).to.not.equal(line.id);
  });

  it('list_chatapp_sessions filters by status and pages', async () => {
    const all = await ok(k, token, 'list_chatapp_sessions', { limit: 2 });
    expect(all.sessions).to.have.length(2);
    expect(all.has_more).to.equal(all.count > 2);
    const connected = await ok(k, token, 'list_chatapp_sessions', { status: 'connected' });
    expect(connected.sessions.every((s: any) => s.status === 'connected')).to.equal(true);
    expect(connected.sandbox).to.equal(true);
  });

  it('API keys are never stored for sandbox sessions; session keys are unique', async () => {
    const stored = await rows(
      k,
      'select api_key_sealed, session_key from chatapp_sessions where shop_id = (select id from shops where name = ?)',
      ['Sessions shop'],
    );
    expect(stored.every((r) => r.api_key_sealed === null)).to.equal(true);
    expect(new Set(stored.map((r) => r.session_key)).size).to.equal(stored.length);
  });
});
