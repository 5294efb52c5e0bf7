import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup, serviceProbe } from './fixtures/fixture-groups.js';
import { batches, batchFailure, calls, delivered } from './fixtures/groups/fx_outbox/index.js';
import { inShop } from './fixtures/service-probe/index.js';
import { waitFor } from './helpers/wait-for.js';
import { KernelError } from '../core/errors/kernel-error.js';
import { nextAttemptDelay } from '../core/outbox/next-attempt-delay.js';
import { collectOutboxConsumers } from '../core/outbox/collect-outbox-consumers.js';
import { finalizeConfig } from '../core/config/load-config.js';

describe('the transactional outbox: written with the change, delivered after commit, at least once', function () {
  this.timeout(30_000);

  let k: TestKernel;
  let shopId: number;
  let token: string;
  let otherShopId: number;
  let otherToken: string;

  before(async () => {
    k = await bootKernel({
      groups: [],
      overrides: {
        jobs: { enabled: false },
        outbox: { deliveryTimeoutMs: 300, pollMs: 60_000 },
        groups: { fx_outbox: fixtureGroup('fx_outbox'), service_probe: serviceProbe },
      },
    });
    ({ shopId, token } = await k.newShop('Outbox shop'));
    ({ shopId: otherShopId, token: otherToken } = await k.newShop('Other outbox shop'));
  });
  after(() => k?.close());
  beforeEach(() => {
    delivered.splice(0);
    calls.clear();
    batches.splice(0);
  });

  const send = async (pings: object[], extra: object = {}, as = token) =>
    (await k.call(as, 'fx_outbox_send', { pings, ...extra })).payload;
  const rowsOf = (eventIds: string[]) =>
    k.orm.em
      .fork()
      .execute(
        `select event_id, shop_id, status, attempts, last_error, locked_until, finished_at from outbox_messages where event_id in (select json_array_elements_text(?::json)) order by id`,
        [JSON.stringify(eventIds)],
      );
  /** Runs relay passes until `done` holds, letting retries come due in between. */
  const relayUntil = (what: string, done: () => boolean | Promise<boolean>) =>
    waitFor(what, async () => {
      await k.outbox.deliverDue();
      return (await done()) || undefined;
    });

  it('a committed change delivers its message once, after commit, with the event id the change got', async () => {
    const sent = await send([{ note: 'hello' }]);
    expect(sent.success).to.equal(true);
    const [eventId] = sent.event_ids;
    expect(eventId).to.match(/^evt_[0-9a-f]{32}$/);
    expect(delivered).to.deep.equal([]);
    expect((await rowsOf([eventId]))[0]).to.include({ status: 'pending', attempts: 0, shop_id: shopId });

    expect(await k.outbox.deliverDue()).to.equal(true);
    expect(delivered).to.deep.equal([
      { eventId, note: 'hello', attempt: 1, lastAttempt: false, shopId, inTransaction: false },
    ]);
    const [row] = await rowsOf([eventId]);
    expect(row).to.include({ status: 'delivered', attempts: 1, last_error: null, locked_until: null });
    expect(row.finished_at).to.not.equal(null);
    expect(await k.outbox.deliverDue()).to.equal(false);
    expect(delivered).to.have.length(1);
  });

  it('a change that rolls back writes nothing and delivers nothing', async () => {
    const failed = await send([{ note: 'never' }, { note: 'never either' }], { fail_after: true });
    expect(failed).to.include({ success: false, error_code: 'conflict' });
    const [{ n }] = await k.orm.em
      .fork()
      .execute(`select count(*) as n from outbox_messages where payload->>'note' like 'never%'`);
    expect(Number(n)).to.equal(0);
    await k.outbox.deliverDue();
    expect(delivered).to.deep.equal([]);
  });

  it('a failing consumer is retried on its schedule with the same event id, and the last error is kept until it succeeds', async () => {
    const [eventId] = (await send([{ note: 'flaky', fail_calls: 2 }])).event_ids;
    await k.outbox.deliverDue();
    let [row] = await rowsOf([eventId]);
    expect(row).to.include({
      status: 'pending',
      attempts: 1,
      last_error: 'receiver failed call 1',
      locked_until: null,
    });
    await relayUntil('the third attempt', () => delivered.length === 1);
    expect(calls.get(eventId)).to.equal(3);
    expect(delivered[0]).to.include({ eventId, attempt: 3, lastAttempt: false });
    [row] = await rowsOf([eventId]);
    expect(row).to.include({ status: 'delivered', attempts: 3 });
  });

  it('after the last attempt the message is exhausted; the shop can offer its exhausted messages again', async () => {
    const [eventId] = (await send([{ note: 'down', fail_calls: 4 }])).event_ids;
    await relayUntil('exhaustion', async () => (await rowsOf([eventId]))[0].status === 'exhausted');
    const [row] = await rowsOf([eventId]);
    expect(row).to.include({ attempts: 4, last_error: 'receiver failed call 4' });
    expect(calls.get(eventId)).to.equal(4);
    expect(delivered).to.deep.equal([]);

    // Another shop's retry touches nothing of this shop.
    expect(await inShop(k, otherShopId, ({ services }) => services.outbox.retryExhausted('fx_outbox.ping'))).to.equal(
      0,
    );
    expect(await inShop(k, shopId, ({ services }) => services.outbox.retryExhausted('fx_outbox.ping'))).to.equal(1);
    await relayUntil('the delivery after the retry', () => delivered.length === 1);
    expect(delivered[0]).to.include({ eventId, attempt: 1 });
  });

  it('a consumer that gives up abandons the message at once; the last attempt is flagged to the consumer', async () => {
    const [gone] = (await send([{ note: 'gone', abandon: true }])).event_ids;
    await k.outbox.deliverDue();
    expect((await rowsOf([gone]))[0]).to.include({
      status: 'abandoned',
      attempts: 1,
      last_error: 'the receiver is gone',
    });

    const [last] = (await send([{ note: 'last chance', fail_calls: 3 }])).event_ids;
    await relayUntil('the fourth attempt', () => delivered.length === 1);
    expect(delivered[0]).to.include({ eventId: last, attempt: 4, lastAttempt: true });
  });

  it('a delivery that outlives its deadline fails its attempt and is offered again', async () => {
    const [eventId] = (await send([{ note: 'slow', hang: true }])).event_ids;
    const started = Date.now();
    await k.outbox.deliverDue();
    expect(Date.now() - started).to.be.lessThan(5_000);
    expect((await rowsOf([eventId]))[0]).to.include({
      status: 'pending',
      attempts: 1,
      last_error: 'delivery took longer than 300 ms',
    });
    await relayUntil('the second attempt', () => delivered.length === 1);
    expect(delivered[0]).to.include({ eventId, attempt: 2 });
  });

  it('a message claimed by a relay that died is delivered by another once the lease runs out', async () => {
    const [eventId] = (await send([{ note: 'orphaned' }])).event_ids;
    // What a relay killed between its claim and the outcome leaves behind.
    await k.orm.em
      .fork()
      .execute(
        `update outbox_messages set attempts = 1, locked_until = now() + interval '400 milliseconds' where event_id = ?`,
        [eventId],
      );
    expect(await k.outbox.deliverDue()).to.equal(false);
    expect(delivered).to.deep.equal([]);
    await relayUntil('the delivery after the lease', () => delivered.length === 1);
    expect(delivered[0]).to.include({ eventId, attempt: 2 });
  });

  it('concurrent relay passes never deliver one message twice', async () => {
    const pings = Array.from({ length: 300 }, (_, i) => ({ note: `bulk ${i}` }));
    const { event_ids } = await send(pings);
    for (let round = 0; round < 20 && delivered.length < 300; round++)
      await Promise.all([k.outbox.deliverDue(), k.outbox.deliverDue(), k.outbox.deliverDue()]);
    expect(delivered.map((d) => d.eventId).sort()).to.deep.equal([...event_ids].sort());
    expect((await rowsOf(event_ids)).every((r: any) => r.status === 'delivered' && r.attempts === 1)).to.equal(true);
  });

  it('each shop’s messages are delivered in that shop’s scope', async () => {
    const [mine] = (await send([{ note: 'mine' }])).event_ids;
    const [theirs] = (await send([{ note: 'theirs' }], {}, otherToken)).event_ids;
    await k.outbox.deliverDue();
    expect(delivered.map((d) => [d.eventId, d.shopId])).to.have.deep.members([
      [mine, shopId],
      [theirs, otherShopId],
    ]);
  });

  it('a delayed message waits for its time', async () => {
    const [eventId] = (await send([{ note: 'later' }], { delay_ms: 400 })).event_ids;
    await k.outbox.deliverDue();
    expect(delivered).to.deep.equal([]);
    await relayUntil('the delayed delivery', () => delivered.length === 1);
    expect(delivered[0]!.eventId).to.equal(eventId);
  });

  it('a running relay is woken by the commit, not by its poll', async () => {
    k.outbox.start();
    try {
      // The first pass has found nothing and the relay sleeps for its 60 s poll.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [eventId] = (await send([{ note: 'prompt' }])).event_ids;
      await waitFor('the woken delivery', () => delivered.length === 1, 5_000);
      expect(delivered[0]!.eventId).to.equal(eventId);
    } finally {
      await k.outbox.stop();
    }
  });

  it('a running relay claims and delivers while an earlier pass still waits on a slow consumer; stop waits for both', async () => {
    k.outbox.start();
    let slow = '';
    let quick = '';
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      [slow] = (await send([{ note: 'stuck', hang: true }])).event_ids;
      await waitFor('the slow delivery to begin', () => calls.get(slow) === 1, 5_000);
      [quick] = (await send([{ note: 'quick' }])).event_ids;
      await waitFor('the quick delivery', () => delivered.some((d) => d.eventId === quick), 5_000);
      // The slow pass has not ended: its call still hangs until the 300 ms deadline.
      expect(delivered.some((d) => d.eventId === slow)).to.equal(false);
      expect((await rowsOf([slow]))[0].locked_until).to.not.equal(null);
    } finally {
      await k.outbox.stop();
    }
    const [stuck] = await rowsOf([slow]);
    expect(stuck).to.include({ status: 'pending', attempts: 1, locked_until: null });
    expect(stuck.last_error).to.match(/longer than 300 ms/);
  });

  it('topics of groups not enabled here are left for a process that has them', async () => {
    await k.orm.em.fork().execute(
      `insert into outbox_messages (event_id, shop_id, topic, payload, status, attempts, available_at, created_at)
         values ('evt_elsewhere', ?, 'absent_group.thing', '{}', 'pending', 0, now(), now())`,
      [shopId],
    );
    await k.outbox.deliverDue();
    expect((await rowsOf(['evt_elsewhere']))[0]).to.include({ status: 'pending', attempts: 0 });
  });

  it('is written only inside a transaction, and only for a topic an enabled group delivers', async () => {
    const outside = await inShop(
      k,
      shopId,
      ({ services }) => services.outbox.enqueue('fx_outbox.ping', { note: 'x' }).catch((e: unknown) => e),
      false,
    );
    expect(outside).to.be.instanceOf(KernelError).and.include({ code: 'KRN_ERR_OUTBOX_NO_TRANSACTION' });
    const unknown = await inShop(k, shopId, ({ services }) =>
      services.outbox.enqueue('nobody.listens' as 'fx_outbox.ping', { note: 'x' }).catch((e: unknown) => e),
    );
    expect(unknown).to.be.instanceOf(KernelError).and.include({ code: 'KRN_ERR_OUTBOX_TOPIC' });
  });
  it('a batch consumer gets one call per shop and pass; each outcome is recorded; a throwing batch is retried whole', async () => {
    const mine = await send(
      [{ note: 'b1' }, { note: 'b2', fail_calls: 1 }, { note: 'b3', abandon: true }, { note: 'b4' }],
      { batch: true },
    );
    const theirs = await send([{ note: 'o1' }], { batch: true }, otherToken);
    await k.outbox.deliverDue();
    expect(batches.map((b) => [b.shopId, b.eventIds.length]).sort()).to.deep.equal(
      [
        [shopId, 4],
        [otherShopId, 1],
      ].sort(),
    );
    const rows = await rowsOf([...mine.event_ids, ...theirs.event_ids]);
    expect(rows.map((r: any) => r.status)).to.deep.equal([
      'delivered',
      'pending',
      'abandoned',
      'delivered',
      'delivered',
    ]);
    expect(rows[1].last_error).to.equal('receiver failed call 1');
    await relayUntil('the retried one', async () => delivered.some((d) => d.note === 'b2'));
    expect(delivered.find((d) => d.note === 'b2')!.attempt).to.equal(2);
    batchFailure.next = true;
    const failing = await send([{ note: 'f1' }, { note: 'f2' }], { batch: true });
    await k.outbox.deliverDue();
    expect((await rowsOf(failing.event_ids)).map((r: any) => [r.status, r.last_error])).to.deep.equal([
      ['pending', 'the whole batch failed'],
      ['pending', 'the whole batch failed'],
    ]);
    await relayUntil('the batch again', async () => delivered.filter((d) => d.note.startsWith('f')).length === 2);
  });
});

describe('outbox: retry schedule and consumer registration', () => {
  it('waits the schedule’s step ±10 %, honours a shorter asked delay, never a longer one, and stops after the last step', () => {
    const schedule = [1_000, 60_000];
    expect(nextAttemptDelay(schedule, 1, undefined, () => 0)).to.equal(900);
    expect(nextAttemptDelay(schedule, 1, undefined, () => 1)).to.equal(1_100);
    expect(nextAttemptDelay(schedule, 2, 5_000)).to.equal(5_000);
    expect(nextAttemptDelay(schedule, 2, 600_000)).to.equal(60_000);
    expect(nextAttemptDelay(schedule, 3)).to.equal(null);
  });

  it('refuses a delivery deadline that does not end before the lease', () => {
    expect(() => finalizeConfig({ outbox: { leaseMs: 10_000, deliveryTimeoutMs: 10_000 } }))
      .to.throw(KernelError)
      .with.property('code', 'KRN_ERR_CONFIG_INVALID');
    expect(finalizeConfig({ outbox: { leaseMs: 10_000, deliveryTimeoutMs: 9_999 } }).outbox.leaseMs).to.equal(10_000);
  });

  it('refuses a consumer of another group’s topic, naming both', () => {
    const plugin = {
      name: 'fx_one',
      outbox: { 'fx_two.thing': { deliver: async () => undefined } },
    };
    expect(() => collectOutboxConsumers([{ plugin, config: {} }] as any, [1_000]))
      .to.throw(KernelError)
      .with.property('code', 'KRN_ERR_GROUP_INVALID');
  });
});
