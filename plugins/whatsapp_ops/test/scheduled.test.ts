import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { freshTick } from './helpers/ticks.js';
import { balanceOf, bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { uniqueEngineName } from '../../../test/helpers/session-service-instance.js';

const JOB = 'whatsapp_ops.send-scheduled-messages';
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
/** A calendar day (YYYY-MM-DD, UTC) some days ahead: within the one-year limit whenever the test runs. */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('whatsapp_ops: scheduled messages', () => {
  const engineName = uniqueEngineName('sched');
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let line: any;

  const scheduledRow = async (id: number) =>
    (await rows(k, 'select * from chatapp_scheduled_messages where id = ?', [id]))[0];
  const networkCopies = async (id: number) =>
    Number(
      (
        await rows(k, 'select count(*)::int as n from sandbox_messages where idempotency_key = ? and session_key = ?', [
          `scheduled-message-${id}`,
          line.session_key,
        ])
      )[0].n,
    );
  /** Moves a scheduled message's time to just past, as if the clock had reached it. */
  const makeDue = (id: number) =>
    rows(k, `update chatapp_scheduled_messages set send_at = now() - interval '1 second' where id = ?`, [id]);
  const schedule = (args: Record<string, unknown>) =>
    ok(k, token, 'schedule_chatapp_message', {
      phone: '+34600555111',
      message: 'Reminder: your appointment',
      ...args,
    }).then((p) => p.scheduled_message);

  before(async () => {
    k = await bootOps({ engineName });
    // A zone without daylight saving time (+05:30 all year), so the expected instants hold on any date.
    const shop = await k.shops.create({ name: 'Scheduling shop', timezone: 'Asia/Kolkata', credits: 50_000 });
    ({ shopId, token } = shop);
    line = await connectedLine(k, token, {}, '+34711000500');
  });
  after(() => k?.close());

  it('schedule_chatapp_message reads send_at with an offset exactly and without one in the shop timezone', async () => {
    const day = dayIn(60);
    const exact = await schedule({ send_at: `${day}T09:30:00+00:00` });
    expect(exact).to.include({
      status: 'scheduled',
      phone: '+34600555111',
      message: 'Reminder: your appointment',
      session_id: null,
      send_at: `${day}T09:30:00.000Z`,
      attempts: 0,
      message_id: null,
    });
    const local = await schedule({ send_at: `${day}T09:30`, session_id: line.id });
    expect(local).to.include({ send_at: `${day}T04:00:00.000Z`, session_id: line.id });
  });

  it('refuses a past, malformed or too distant send_at, an unknown session, a bad phone or an empty message', async () => {
    await fails(
      k,
      token,
      'schedule_chatapp_message',
      { phone: '+34600555111', message: 'x', send_at: '2020-01-01T10:00:00Z' },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'schedule_chatapp_message',
      { phone: '+34600555111', message: 'x', send_at: 'next tuesday at 10' },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'schedule_chatapp_message',
      { phone: '+34600555111', message: 'x', send_at: `${dayIn(400)}T10:00:00Z` },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'schedule_chatapp_message',
      { phone: '+34600555111', message: 'x', send_at: inSeconds(600), session_id: 999999 },
      'not_found',
    );
    await fails(
      k,
      token,
      'schedule_chatapp_message',
      { phone: 'nope', message: 'x', send_at: inSeconds(600) },
      'invalid_arguments',
    );
    await fails(
      k,
      token,
      'schedule_chatapp_message',
      { phone: '+34600555111', message: '', send_at: inSeconds(600) },
      'invalid_arguments',
    );
  });

  it('list_scheduled_messages lists soonest first, by status and phone', async () => {
    await schedule({ phone: '+34600555222', send_at: `${dayIn(30)}T00:00:00Z` });
    const all = await ok(k, token, 'list_scheduled_messages');
    const times = all.scheduled_messages.map((m: any) => m.send_at);
    expect([...times].sort()).to.deep.equal(times);
    const byPhone = await ok(k, token, 'list_scheduled_messages', { phone: '+34 600 555 222' });
    expect(byPhone.count).to.equal(1);
    expect((await ok(k, token, 'list_scheduled_messages', { status: 'cancelled' })).count).to.equal(0);
  });

  it('cancel_scheduled_message asks the agent to confirm, then cancels once; a second cancel is invalid_state', async () => {
    const row = await schedule({ send_at: inSeconds(3600) });
    const first = (await k.call(token, 'cancel_scheduled_message', { action: 'cancel', id: row.id, agent_id: 7 }))
      .payload;
    expect(first).to.include({ success: false, requires_confirmation: true });
    expect(first.summary).to.match(new RegExp(`Cancel scheduled message ${row.id} to \\+34600555111`));
    expect((await scheduledRow(row.id)).status).to.equal('scheduled');
    const done = await ok(k, token, 'cancel_scheduled_message', {
      action: 'cancel',
      id: row.id,
      agent_id: 7,
      confirm: true,
    });
    expect(done.scheduled_message).to.include({ status: 'cancelled', cancelled_by_agent_id: 7 });
    expect(done.scheduled_message.cancelled_at).to.be.a('string');
    // A cancel that would fail is refused on the first call (the precheck): no confirmation is issued.
    const refused = await fails(
      k,
      token,
      'cancel_scheduled_message',
      { action: 'cancel', id: row.id, confirm: true },
      'invalid_state',
    );
    expect(refused).to.include({ current_status: 'cancelled' }).and.not.have.property('requires_confirmation');
    await fails(k, token, 'cancel_scheduled_message', { action: 'cancel', id: 999999 }, 'not_found');
    await fails(k, token, 'cancel_scheduled_message', { id: row.id }, 'invalid_arguments');
  });

  it('the job sends a due message once, automatic and charged, and never again on later ticks', async () => {
    const row = await schedule({ send_at: inSeconds(60) });
    const before = await balanceOf(k, shopId);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect((await scheduledRow(row.id)).status, 'not due yet').to.equal('scheduled');
    await makeDue(row.id);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const sent = await scheduledRow(row.id);
    expect(sent).to.include({ status: 'sent', attempts: 1, error: null });
    const [message] = await rows(k, 'select * from chatapp_messages where id = ?', [sent.message_id]);
    expect(message).to.include({
      status: 'sent',
      automatic: true,
      idempotency_key: `scheduled-message-${row.id}`,
      credits_charged: 500,
      text: 'Reminder: your appointment',
    });
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await networkCopies(row.id)).to.equal(1);
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
  });

  it('a message to a number that opted out meanwhile fails with opted_out; nothing is sent or charged', async () => {
    const row = await schedule({ phone: '+34600555333', send_at: inSeconds(60) });
    await ok(k, token, 'add_chatapp_optout', { action: 'add', phone: '+34600555333' });
    await makeDue(row.id);
    const before = await balanceOf(k, shopId);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const failed = await scheduledRow(row.id);
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.match(/^opted_out:/);
    expect(await balanceOf(k, shopId)).to.equal(before);
    expect(await networkCopies(row.id)).to.equal(0);
  });

  it('a row left claimed by a process that died mid-send is claimed again and sent once', async () => {
    const row = await schedule({ send_at: inSeconds(60) });
    await rows(
      k,
      `update chatapp_scheduled_messages set status = 'sending', claimed_at = now() - interval '10 minutes', attempts = 1 where id = ?`,
      [row.id],
    );
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await scheduledRow(row.id)).to.include({ status: 'sent', attempts: 2 });
    expect(await networkCopies(row.id)).to.equal(1);
    // A fresh claim (another process is sending it right now) is left alone.
    const busy = await schedule({ send_at: inSeconds(60) });
    await makeDue(busy.id);
    await rows(
      k,
      `update chatapp_scheduled_messages set status = 'sending', claimed_at = now(), attempts = 1 where id = ?`,
      [busy.id],
    );
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await scheduledRow(busy.id)).to.include({ status: 'sending', attempts: 1 });
    await rows(
      k,
      `update chatapp_scheduled_messages set claimed_at = now() - interval '10 minutes', attempts = 5 where id = ?`,
      [busy.id],
    );
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const gaveUp = await scheduledRow(busy.id);
    expect(gaveUp.status).to.equal('failed');
    expect(gaveUp.error).to.match(/gave up after 6 attempts/);
  });

  it('a message due while the server was down is sent once after the restart, never twice', async () => {
    const row = await schedule({ send_at: inSeconds(3600) });
    await k.close();
    k = await bootOps({ engineName });
    // The new process ran no tick yet: the message fell due while none was running.
    await rows(k, `update chatapp_scheduled_messages set send_at = now() - interval '5 minutes' where id = ?`, [
      row.id,
    ]);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await scheduledRow(row.id)).to.include({ status: 'sent', attempts: 1 });
    expect(await networkCopies(row.id)).to.equal(1);
  });

  it('two server processes ticking at once send every due message exactly once', async () => {
    const second = await bootOps({ engineName });
    try {
      const due = [];
      for (let i = 0; i < 8; i++) due.push(await schedule({ phone: `+3460055540${i}`, send_at: inSeconds(60) }));
      for (const row of due) await makeDue(row.id);
      const ticks = [freshTick(), freshTick(), freshTick(), freshTick()];
      await Promise.all([
        k.scheduler.runTick(JOB, ticks[0]!),
        second.scheduler.runTick(JOB, ticks[1]!),
        k.scheduler.runTick(JOB, ticks[2]!),
        second.scheduler.runTick(JOB, ticks[3]!),
      ]);
      for (const row of due) {
        expect(await scheduledRow(row.id), `scheduled ${row.id}`).to.include({ status: 'sent', attempts: 1 });
        expect(await networkCopies(row.id), `network copies of ${row.id}`).to.equal(1);
      }
      const messages = await rows(
        k,
        `select count(*)::int as n from chatapp_messages where shop_id = ? and idempotency_key like 'scheduled-message-%'`,
        [shopId],
      );
      expect(messages[0].n).to.equal(
        await rows(
          k,
          `select count(*)::int as n from chatapp_scheduled_messages where shop_id = ? and status = 'sent'`,
          [shopId],
        ).then((r) => r[0].n),
      );
    } finally {
      await second.close();
    }
  });
});
