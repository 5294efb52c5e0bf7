import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, customerWrites, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const CUSTOMER = '+34600777111';

describe('whatsapp_ops: archiving chats', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let first: any;
  let second: any;

  const engineArchived = async (sessionKey: string, phone: string) =>
    Number(
      (
        await rows(
          k,
          'select count(*)::int as n from sandbox_archived_chats where session_key = ? and peer_phone = ?',
          [sessionKey, phone],
        )
      )[0].n,
    ) === 1;
  const recorded = async () =>
    rows(k, 'select session_id, phone from chatapp_archived_chats where shop_id = ? order by id', [shopId]);

  before(async () => {
    k = await bootOps();
    ({ shopId, token } = await k.newShop('Archive shop'));
    first = await connectedLine(k, token, {}, '+34711000700');
    second = await connectedLine(k, token, { force_new: true }, '+34711000701');
  });
  after(() => k.close());

  it('without session_id and no history with the customer, the first connected session is used', async () => {
    const res = await ok(k, token, 'archive_chatapp_chat', { action: 'archive', phone: '+34 600 777 222' });
    expect(res.chat).to.include({ session_id: first.id, phone: '+34600777222', archived: true });
    expect(res.chat.archived_at).to.be.a('string');
    expect(res.reported_to_engine).to.equal(true);
    expect(await engineArchived(first.session_key, '+34600777222')).to.equal(true);
  });

  it('the default is the session that last talked with the customer; archiving is recorded per shop, session and phone', async () => {
    await customerWrites(k, token, second.session_key, CUSTOMER, 'Hello second line');
    await waitFor(
      'the inbound message',
      async () => (await ok(k, token, 'list_chatapp_messages', { session_id: second.id })).count === 1,
    );
    const res = await ok(k, token, 'archive_chatapp_chat', { action: 'archive', phone: CUSTOMER });
    expect(res.chat).to.include({ session_id: second.id, archived: true });
    expect(await engineArchived(second.session_key, CUSTOMER)).to.equal(true);
    expect(await engineArchived(first.session_key, CUSTOMER)).to.equal(false);
    // Archiving again changes nothing (idempotent, archived_at kept).
    const again = await ok(k, token, 'archive_chatapp_chat', { action: 'archive', phone: CUSTOMER, archive: true });
    expect(again.chat.archived_at).to.equal(res.chat.archived_at);
    expect(await recorded()).to.deep.equal([
      { session_id: first.id, phone: '+34600777222' },
      { session_id: second.id, phone: CUSTOMER },
    ]);
  });

  it('archive: false unarchives, on the session named', async () => {
    await ok(k, token, 'archive_chatapp_chat', { action: 'archive', phone: CUSTOMER, session_id: first.id });
    const res = await ok(k, token, 'archive_chatapp_chat', {
      action: 'archive',
      phone: CUSTOMER,
      archive: false,
      session_id: second.id,
    });
    expect(res.chat).to.include({ session_id: second.id, archived: false, archived_at: null });
    expect(await engineArchived(second.session_key, CUSTOMER)).to.equal(false);
    expect(await engineArchived(first.session_key, CUSTOMER)).to.equal(true);
  });

  it('refuses a bad phone, a missing action, an unknown session and a disconnected one; with no connected session → session_not_connected', async () => {
    await fails(k, token, 'archive_chatapp_chat', { action: 'archive', phone: 'x' }, 'invalid_arguments');
    await fails(k, token, 'archive_chatapp_chat', { phone: CUSTOMER }, 'invalid_arguments');
    await fails(
      k,
      token,
      'archive_chatapp_chat',
      { action: 'archive', phone: CUSTOMER, session_id: 999999 },
      'not_found',
    );
    await ok(k, token, 'disconnect_chatapp', { session_id: second.id });
    await fails(
      k,
      token,
      'archive_chatapp_chat',
      { action: 'archive', phone: CUSTOMER, session_id: second.id },
      'session_not_connected',
    );
    await ok(k, token, 'disconnect_chatapp', { session_id: first.id });
    await fails(k, token, 'archive_chatapp_chat', { action: 'archive', phone: CUSTOMER }, 'session_not_connected');
  });
});
