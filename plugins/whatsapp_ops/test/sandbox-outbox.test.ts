import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createOrm } from '../../../test/helpers/kernel-internals.js';
import { sharedDatabaseUrl } from '../../../test/helpers/global-database.js';
import type { WireEvent } from '../channel/wire-format.js';
import { recordEvents, SandboxOutbox } from '../sandbox/sandbox-outbox.js';
import { sandboxEntities, sandboxMigrationsFullNames } from '../sandbox/sandbox-schema.js';
import { SandboxReceipts } from '../sandbox/sandbox-receipts.js';
import { DEFAULT_SANDBOX_TIMINGS } from '../sandbox/sandbox-timings.js';
import { IDLE_INTERVALS, SandboxWorker } from '../sandbox/sandbox-worker.js';
import { uniqueEngineName } from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

describe('sandbox outbox: batches of events', () => {
  let orm: MikroORM;

  before(async () => {
    orm = await createOrm({
      url: await sharedDatabaseUrl(),
      entities: sandboxEntities,
      migrations: sandboxMigrationsFullNames,
      poolMax: 4,
    });
    await orm.getMigrator().up();
  });
  after(() => orm.close());

  /** Queues one inbound message per (line, text), in this order; answers the event ids. */
  const queue = async (engine: string, events: [line: string, text: string][]) => {
    const at = new Date();
    await recordEvents(
      orm.em.fork(),
      engine,
      events.map(([line, text]) => ({
        sessionKey: line,
        body: {
          type: 'message.received' as const,
          data: {
            provider_message_id: `pm-${text}`,
            from: '+34600111222',
            text,
            media: null,
            timestamp: at.toISOString(),
          },
        },
        at,
      })),
    );
    return textsToIds(engine);
  };
  const textsToIds = async (engine: string) =>
    new Map(
      (
        await orm.em
          .getConnection()
          .execute<{ text: string; event_id: string }[]>(
            `select payload->'data'->>'text' as text, event_id from sandbox_events where engine = ?`,
            [engine],
          )
      ).map((r) => [r.text, r.event_id]),
    );
  const rowsOf = async (engine: string) =>
    new Map(
      (
        await orm.em
          .getConnection()
          .execute<
            { text: string; state: string; attempts: number; next_attempt_at: Date; last_error: string | null }[]
          >(
            `select payload->'data'->>'text' as text, state, attempts, next_attempt_at, last_error from sandbox_events where engine = ?`,
            [engine],
          )
      ).map((r) => [r.text, { ...r, next_attempt_at: new Date(r.next_attempt_at) }]),
    );
  const textOf = (event: WireEvent) => (event.type === 'message.received' ? event.data.text : null);

  it('hands due events to the sink a batch at a time, in id order, and marks each batch delivered', async () => {
    const engine = uniqueEngineName('obx');
    await queue(engine, [
      ['ses_a', 'a1'],
      ['ses_b', 'b1'],
      ['ses_a', 'a2'],
      ['ses_c', 'c1'],
      ['ses_b', 'b2'],
    ]);
    const outbox = new SandboxOutbox(orm.em, engine, DEFAULT_SANDBOX_TIMINGS);
    const batches: (string | null)[][] = [];
    const sink = async (events: WireEvent[]) => void batches.push(events.map(textOf));
    expect(await outbox.dispatch(sink, 3)).to.equal(3);
    expect(await outbox.dispatch(sink, 3)).to.equal(2);
    expect(await outbox.dispatch(sink, 3)).to.equal(0);
    expect(batches).to.deep.equal([
      ['a1', 'b1', 'a2'],
      ['c1', 'b2'],
    ]);
    expect([...(await rowsOf(engine)).values()].map((r) => r.state)).to.deep.equal([
      'delivered',
      'delivered',
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it("tells its worker when the next event or receipt is due, from the database's own timestamps", async () => {
    // The workers' idle sleep reads these; a timestamp comes back as text on PostgreSQL, a Date embedded.
    const engine = uniqueEngineName('due');
    const outbox = new SandboxOutbox(orm.em, engine, DEFAULT_SANDBOX_TIMINGS);
    const receipts = new SandboxReceipts(orm.em, engine, DEFAULT_SANDBOX_TIMINGS);
    expect(await outbox.nextDueAt()).to.equal(null);
    expect(await receipts.nextDueAt()).to.equal(null);
    const before = Date.now();
    await queue(engine, [['ses_a', 'a1']]);
    const eventDue = await outbox.nextDueAt();
    expect(eventDue)
      .to.be.a('number')
      .within(before - 1000, Date.now() + 1000);
    const receiptAt = new Date(Date.now() + 60_000);
    await orm.em.getConnection().execute(
      `insert into sandbox_messages (engine, session_key, direction, provider_message_id, line_phone, peer_phone, status, next_receipt_at, created_at)
       values (?, 'ses_a', 'outbound', ?, '+34600000001', '+34600111222', 'sent', ?, now())`,
      [engine, `pm-${engine}`, receiptAt],
    );
    expect(await receipts.nextDueAt()).to.equal(receiptAt.getTime());
  });

  it('a refused batch goes again one event at a time: the failing event and its line behind it wait with backoff, other lines go on, and it is retried', async () => {
    const engine = uniqueEngineName('obx');
    await queue(engine, [
      ['ses_a', 'a1'],
      ['ses_b', 'b1'],
      ['ses_a', 'a2-not-ready'],
      ['ses_b', 'b2'],
      ['ses_a', 'a3'],
      ['ses_c', 'c1'],
    ]);
    const outbox = new SandboxOutbox(orm.em, engine, DEFAULT_SANDBOX_TIMINGS);
    let ready = false;
    const calls: (string | null)[][] = [];
    const accepted: (string | null)[] = [];
    const sink = async (events: WireEvent[]) => {
      const texts = events.map(textOf);
      calls.push(texts);
      if (!ready && texts.includes('a2-not-ready')) throw new Error('no message pm-a2 recorded yet');
      accepted.push(...texts);
    };

    const started = Date.now();
    expect(await outbox.dispatch(sink)).to.equal(2);
    expect(calls).to.deep.equal([['a1', 'b1', 'a2-not-ready', 'b2', 'a3', 'c1'], ['a1'], ['b1'], ['a2-not-ready']]);
    const rows = await rowsOf(engine);
    expect(rows.get('a1')!.state).to.equal('delivered');
    expect(rows.get('b1')!.state).to.equal('delivered');
    const failed = rows.get('a2-not-ready')!;
    expect(failed).to.include({ state: 'pending', attempts: 1, last_error: 'no message pm-a2 recorded yet' });
    expect(failed.next_attempt_at.getTime()).to.be.at.least(started + 1000);
    // Its line's later event stays behind it; the other lines' events are free at once.
    expect(rows.get('a3')).to.include({ state: 'pending', attempts: 0 });
    expect(rows.get('a3')!.next_attempt_at.getTime()).to.equal(failed.next_attempt_at.getTime());
    for (const text of ['b2', 'c1']) expect(rows.get(text)!.next_attempt_at.getTime()).to.be.at.most(Date.now());

    expect(await outbox.dispatch(sink)).to.equal(2);
    expect(calls.at(-1)).to.deep.equal(['b2', 'c1']);

    ready = true;
    await waitFor('the retry', async () => (await outbox.dispatch(sink)) > 0, 5000);
    expect(calls.at(-1)).to.deep.equal(['a2-not-ready', 'a3']);
    expect(accepted).to.deep.equal(['a1', 'b1', 'b2', 'c1', 'a2-not-ready', 'a3']);
    expect([...(await rowsOf(engine)).values()].every((r) => r.state === 'delivered')).to.equal(true);
  });
});

const nothingDue = async () => null;

describe('sandbox worker', () => {
  /** When each tick ran, in ms after the start, for a worker whose ticks never find work. */
  async function idleTicks(nextDueAt: () => Promise<number | null>, forMs: number): Promise<number[]> {
    const at: number[] = [];
    const started = Date.now();
    const worker = new SandboxWorker(
      async () => {
        at.push(Date.now() - started);
        return false;
      },
      nextDueAt,
      20,
      { error: () => {} },
    );
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, forMs));
    await worker.stop();
    return at;
  }

  it('idle, it sleeps until its next work is due: no sooner than the interval, no later than IDLE_INTERVALS of them', async () => {
    // Due in 100 ms each time: ticks 100 ms apart, not every 20 ms.
    // (Lower bounds on the gaps and upper bounds on the counts: a loaded machine only delays ticks.)
    const dueSoon = await idleTicks(async () => Date.now() + 100, 450);
    expect(dueSoon.length).to.be.within(2, 5);
    for (let i = 1; i < dueSoon.length; i++) expect(dueSoon[i]! - dueSoon[i - 1]!).to.be.at.least(95);
    // Nothing due: every IDLE_INTERVALS × 20 ms.
    const nothing = await idleTicks(nothingDue, 450);
    expect(nothing.length).to.be.within(2, 3);
    expect(nothing[1]! - nothing[0]!).to.be.at.least(IDLE_INTERVALS * 20 - 5);
    // Overdue (another process's lease ran out): every interval, neither at once in a loop nor idle.
    const overdue = await idleTicks(async () => Date.now() - 1000, 300);
    expect(overdue.length).to.be.within(3, 16);
    for (let i = 1; i < overdue.length; i++) expect(overdue[i]! - overdue[i - 1]!).to.be.at.least(15);
  });

  it('wake() runs a tick at once however long the idle sleep', async () => {
    let ticks = 0;
    const worker = new SandboxWorker(
      async () => {
        ticks++;
        return false;
      },
      nothingDue,
      60_000,
      { error: () => {} },
    );
    worker.start();
    try {
      await waitFor('the first tick', async () => ticks === 1, 2000);
      worker.wake();
      await waitFor('the woken tick', async () => ticks === 2, 2000);
    } finally {
      await worker.stop();
    }
  });

  it('runs the next tick at once while ticks do work, then waits the poll interval', async () => {
    let ticks = 0;
    const worker = new SandboxWorker(async () => ++ticks <= 5, nothingDue, 60_000, { error: () => {} });
    worker.start();
    try {
      await waitFor('six ticks', async () => ticks === 6, 2000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ticks).to.equal(6);
    } finally {
      await worker.stop();
    }
  });

  it('after a failing tick it waits the poll interval too', async () => {
    let ticks = 0;
    const worker = new SandboxWorker(
      async () => {
        ticks++;
        throw new Error('database away');
      },
      nothingDue,
      60_000,
      { error: () => {} },
    );
    worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ticks).to.equal(1);
    } finally {
      await worker.stop();
    }
  });
});
