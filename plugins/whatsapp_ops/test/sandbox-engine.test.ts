import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createOrm } from '../../../test/helpers/kernel-internals.js';
import { sharedDatabaseUrl } from '../../../test/helpers/global-database.js';
import type { WireEvent } from '../channel/wire-format.js';
import { SandboxEngine } from '../sandbox/sandbox-engine.js';
import { sandboxEntities, sandboxMigrationsFullNames } from '../sandbox/sandbox-schema.js';
import type { SandboxTimings } from '../sandbox/sandbox-timings.js';
import { uniqueEngineName } from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const quietLog = { error: () => {} };

describe('sandbox engine', () => {
  let orm: MikroORM;
  const engines: SandboxEngine[] = [];
  const engine = (timings: Partial<SandboxTimings> = {}) => {
    const e = new SandboxEngine({
      em: orm.em,
      name: uniqueEngineName('eng'),
      pairingBaseUrl: () => 'http://sandbox.test',
      timings: { pollIntervalMs: 20, ...timings },
      log: quietLog,
    });
    engines.push(e);
    return e;
  };
  const connected = async (e: SandboxEngine) => {
    const { session, pairingUrl } = await e.createSession();
    await e.pair(pairingUrl!.split('/').pop()!);
    return session.sessionKey;
  };
  const row = async (table: string, where: string, params: unknown[]) =>
    (await orm.em.getConnection().execute(`select * from ${table} where ${where}`, params))[0];

  before(async () => {
    orm = await createOrm({
      url: await sharedDatabaseUrl(),
      entities: sandboxEntities,
      migrations: sandboxMigrationsFullNames,
      poolMax: 4,
    });
    await orm.getMigrator().up();
  });
  after(async () => {
    for (const e of engines) await e.stop();
    await orm.close();
  });

  it('two engines sharing a database never see or deliver each other’s sessions and events', async () => {
    const a = engine({ deliveredAfterMs: 20 });
    const b = engine({ deliveredAfterMs: 20 });
    const seenByB: WireEvent[] = [];
    b.setSink(async (events) => void seenByB.push(...events));
    b.start();
    const { session, pairingUrl } = await a.createSession();
    const token = pairingUrl!.split('/').pop()!;
    expect(await b.pair(token)).to.equal(null);
    await b.status(session.sessionKey).then(
      () => expect.fail('engine b must not know the session of engine a'),
      (err) => expect(err.code).to.equal('session_not_found'),
    );
    await a.pair(token);
    await a.send({ sessionKey: session.sessionKey, to: '+34600111222', text: 'only a', idempotencyKey: 'iso-1' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByB).to.deep.equal([]);
    // Engine a has no sink and is not started: its message was not advanced by b either.
    expect((await row('sandbox_messages', 'session_key = ?', [session.sessionKey])).status).to.equal('sent');
  });

  it('with readAfterMs null a message is delivered and never read on its own', async () => {
    const e = engine({ deliveredAfterMs: 10, readAfterMs: null });
    e.start();
    const key = await connected(e);
    const sent = await e.send({ sessionKey: key, to: '+34600111222', text: 'x', idempotencyKey: 'unread' });
    await waitFor(
      'delivered',
      async () =>
        (await row('sandbox_messages', 'provider_message_id = ?', [sent.providerMessageId])).status === 'delivered',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const message = await row('sandbox_messages', 'provider_message_id = ?', [sent.providerMessageId]);
    expect(message).to.include({ status: 'delivered', next_receipt_at: null, read_at: null });
    const read = await e.injectReceipt({ sessionKey: key, providerMessageId: sent.providerMessageId, status: 'read' });
    expect(read.status).to.equal('read');
  });

  it('an event whose delivery keeps failing is parked as failed after maxDeliveryAttempts, with the error kept', async () => {
    const e = engine({ maxDeliveryAttempts: 1 });
    let calls = 0;
    e.setSink(async () => {
      calls++;
      throw new Error('main server unreachable');
    });
    e.start();
    const { session } = await e.createSession();
    await e.logout(session.sessionKey);
    // Logging out an unpaired session reports nothing; pair one to get an event.
    const key = await connected(e);
    const event = await waitFor('the parked event', async () => {
      const r = await row('sandbox_events', 'session_key = ? and state = ?', [key, 'failed']);
      return r ?? undefined;
    });
    expect(event).to.include({ type: 'session.connected', attempts: 1, last_error: 'main server unreachable' });
    const callsAfterParking = calls;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).to.equal(callsAfterParking);
    expect(await row('sandbox_events', 'session_key = ?', [session.sessionKey])).to.equal(undefined);
  });

  it('a session pairs once: the link opened twice reports already_paired and queues one event', async () => {
    const e = engine();
    const { session, pairingUrl } = await e.createSession();
    const token = pairingUrl!.split('/').pop()!;
    const [first, second] = await Promise.all([e.pair(token, '+34600999888'), e.pair(token, '+34600999777')]);
    expect([first!.outcome, second!.outcome].sort()).to.deep.equal(['already_paired', 'paired']);
    const events = await orm.em
      .getConnection()
      .execute('select count(*)::int as n from sandbox_events where session_key = ?', [session.sessionKey]);
    expect(events[0].n).to.equal(1);
    await e.pair(token, 'not a phone').then(
      () => expect.fail('an invalid phone must be refused'),
      (err) => expect(err.code).to.equal('invalid_request'),
    );
  });
});
