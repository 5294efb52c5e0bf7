import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';

const JOB = 'tasks.send-task-reminders';
let lastTick = Date.UTC(2004, 0, 1);
const freshTick = () => new Date((lastTick += 1000));

describe('tasks: agents’ to-dos', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let ana: number;
  let leo: number;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const agent = async (nickname: string) =>
    (
      await call.ok('create_agent', {
        action: 'create',
        nickname,
        full_name: `${nickname} Agent`,
        email: `${nickname}@example.com`,
      })
    ).agent.id;
  const notifications = async (recipient: unknown, type: string) =>
    (await call.ok('list_notifications', { recipient, type, limit: 100 })).notifications;

  before(async () => {
    k = await bootKernel({
      groups: ['account', 'agents', 'tickets', 'customers', 'notifications', 'tasks'],
      overrides: { groups: { service_probe: serviceProbe } },
    });
    shop = await k.newShop('Tasks shop', { maxAgents: 10 });
    await call.ok('update_shop_profile', { timezone: 'Europe/Madrid' });
    ana = await agent('ana');
    leo = await agent('leo');
  });
  after(async () => {
    await k?.close();
  });

  it('creates a task linked to a customer and a ticket, on the shop’s clock; the assignee is notified', async () => {
    const { ticket } = await call.ok('create_ai_ticket', { action: 'create', title: 'Refund', phone: '+34600100100' });
    const { task } = await call.ok('create_task', {
      title: '  Call back about the refund ',
      description: 'She prefers mornings',
      type: 'call',
      priority: 'high',
      due_at: '2031-03-05 10:30:00',
      reminder_minutes: 60,
      assigned_agent_id: ana,
      phone: '+34 600 100 100',
      ticket_id: ticket.id,
    });
    expect(task).to.deep.include({
      title: 'Call back about the refund',
      type: 'call',
      priority: 'high',
      status: 'open',
      due_at: '2031-03-05T09:30:00.000Z',
      due_local: '2031-03-05 10:30:00',
      reminder_at: '2031-03-05T08:30:00.000Z',
      reminder_sent: false,
      overdue: false,
      assigned_agent_id: ana,
      phone: '+34600100100',
      ticket_id: ticket.id,
      recurrence: null,
    });
    const told = await notifications(ana, 'task_assigned');
    expect(told.map((n: any) => [n.title, n.body, n.resource])).to.deep.equal([
      [
        'Task assigned to you: Call back about the refund',
        'Due 2031-03-05 10:30',
        { type: 'task', id: String(task.id) },
      ],
    ]);
    const defaults = await call.ok('create_task', { title: 'Tidy the stock room' });
    expect(defaults.task).to.include({ type: 'other', priority: 'normal', due_at: null, assigned_agent_id: null });
  });

  it('refuses what cannot be: unknown links, blank title, a reminder or recurrence without due_at', async () => {
    expect(
      (await call.fails('create_task', { title: 'x', assigned_agent_id: 999_999 }, 'not_found')).resource,
    ).to.equal('agent');
    expect((await call.fails('create_task', { title: 'x', ticket_id: 999_999 }, 'not_found')).resource).to.equal(
      'ticket',
    );
    await call.fails('create_task', { title: '   ' }, 'invalid_arguments');
    await call.fails('create_task', { title: 'x', phone: '12' }, 'invalid_arguments');
    await call.fails('create_task', { title: 'x', reminder_minutes: 10 }, 'invalid_arguments');
    await call.fails('create_task', { title: 'x', recurrence: { frequency: 'daily' } }, 'invalid_arguments');
    await call.fails('create_task', { title: 'x', type: 'nap' }, 'invalid_arguments');
    await call.fails('create_task', { title: 'x', due_at: 'tomorrow' }, 'invalid_arguments');
    await call.fails('update_task', { task_id: 999_999, title: 'y' }, 'not_found');
  });

  it('moves through its statuses and refuses the rest with invalid_state', async () => {
    const { task } = await call.ok('create_task', { title: 'Pack order 77' });
    expect((await call.ok('update_task', { task_id: task.id, status: 'in_progress' })).task.status).to.equal(
      'in_progress',
    );
    const refused = await call.fails('reopen_task', { task_id: task.id }, 'invalid_state');
    expect(refused).to.deep.include({
      current_status: 'in_progress',
      action: 'reopen',
      allowed: ['done', 'cancelled'],
    });
    const done = await call.ok('complete_task', { task_id: task.id, note: 'Shipped' });
    expect(done.task).to.include({ status: 'done', completion_note: 'Shipped' });
    expect(done.task.completed_at).to.be.a('string');
    await call.fails('complete_task', { task_id: task.id }, 'invalid_state');
    await call.fails('update_task', { task_id: task.id, status: 'in_progress' }, 'invalid_state');
    const reopened = await call.ok('reopen_task', { task_id: task.id });
    expect(reopened.task).to.include({ status: 'open', completed_at: null, completion_note: null });
    await call.ok('update_task', { task_id: task.id, status: 'cancelled' });
    await call.fails('complete_task', { task_id: task.id }, 'invalid_state');
    expect((await call.ok('reopen_task', { task_id: task.id })).task.status).to.equal('open');
    await call.fails('update_task', { task_id: task.id }, 'invalid_arguments');
  });

  it('a reminder fires once, to the assignee or the owner, and again only when the due time moves', async () => {
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const mine = (
      await call.ok('create_task', {
        title: 'Confirm delivery',
        due_at: soon,
        reminder_minutes: 30,
        assigned_agent_id: leo,
      })
    ).task;
    const nobodys = (await call.ok('create_task', { title: 'Water the plants', due_at: soon, reminder_minutes: 15 }))
      .task;
    const later = (
      await call.ok('create_task', { title: 'Next month', due_at: '2031-01-01 09:00:00', reminder_minutes: 5 })
    ).task;
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const leos = await notifications(leo, 'task_due');
    expect(leos.map((n: any) => [n.title, n.count, n.resource.id])).to.deep.equal([
      ['Task due: Confirm delivery', 1, String(mine.id)],
    ]);
    const owners = await notifications('owner', 'task_due');
    expect(owners.map((n: any) => n.resource.id)).to.deep.equal([String(nobodys.id)]);
    expect((await call.ok('get_task', { task_id: mine.id })).task.reminder_sent).to.equal(true);
    expect((await call.ok('get_task', { task_id: later.id })).task.reminder_sent).to.equal(false);

    // Moved: a new reminder at the new time.
    const moved = await call.ok('update_task', {
      task_id: mine.id,
      due_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    expect(moved.task.reminder_sent).to.equal(false);
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect((await notifications(leo, 'task_due')).map((n: any) => n.count)).to.deep.equal([2]);
    // Done before its time: no reminder.
    const quiet = (await call.ok('create_task', { title: 'Never reminded', due_at: soon, reminder_minutes: 30 })).task;
    await call.ok('complete_task', { task_id: quiet.id });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    expect((await call.ok('get_task', { task_id: quiet.id })).task.reminder_sent).to.equal(false);
  });

  it('concurrent reminder runs send each reminder once', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call.ok('create_task', { title: `Race ${i}`, due_at: soon, reminder_minutes: 10, assigned_agent_id: ana }),
      ),
    );
    const sent = await Promise.all(
      Array.from({ length: 4 }, () =>
        inShop(k, shop.shopId, ({ services }) => services.taskRemindersService.sendDue(100)),
      ),
    );
    expect(sent.reduce((a: number, b: number) => a + b, 0)).to.equal(5);
    const ids = created.map((c) => String(c.task.id));
    const due = (await notifications(ana, 'task_due')).filter((n: any) => ids.includes(n.resource.id));
    expect(due.map((n: any) => n.count)).to.deep.equal([1, 1, 1, 1, 1]);
  });

  it('completing a recurring task creates the next occurrence once, across month ends and DST', async () => {
    const monthly = (
      await call.ok('create_task', {
        title: 'Pay the rent',
        due_at: '2031-01-31 09:00:00',
        reminder_minutes: 60,
        assigned_agent_id: ana,
        recurrence: { frequency: 'monthly' },
      })
    ).task;
    const feb = (await call.ok('complete_task', { task_id: monthly.id })).task.next_task_id;
    const febTask = (await call.ok('get_task', { task_id: feb })).task;
    expect(febTask.recurrence).to.deep.equal({ frequency: 'monthly', interval: 1, day_of_month: 31 });
    expect(febTask).to.include({
      due_local: '2031-02-28 09:00:00',
      status: 'open',
      assigned_agent_id: ana,
      title: 'Pay the rent',
    });
    expect(febTask.reminder_at).to.equal(new Date(new Date(febTask.due_at).getTime() - 3_600_000).toISOString());
    const mar = (await call.ok('complete_task', { task_id: feb })).task.next_task_id;
    // Back to the 31st, and after the DST change (Madrid: 2031-03-30) still 09:00 on the wall clock.
    expect((await call.ok('get_task', { task_id: mar })).task.due_local).to.equal('2031-03-31 09:00:00');
    // A reopened and completed-again occurrence creates no second one.
    await call.ok('reopen_task', { task_id: feb });
    expect((await call.ok('complete_task', { task_id: feb })).task.next_task_id).to.equal(mar);
    expect(
      (await call.ok('list_tasks', { phone: undefined, limit: 100 })).tasks.filter(
        (t: any) => t.title === 'Pay the rent',
      ),
    ).to.have.length(3);

    const weekly = (
      await call.ok('create_task', {
        title: 'Team sync',
        due_at: '2031-03-28 08:00:00', // a Friday
        recurrence: { frequency: 'weekly', weekdays: [1, 5] },
      })
    ).task;
    const monday = (await call.ok('complete_task', { task_id: weekly.id })).task.next_task_id;
    const mondayTask = (await call.ok('get_task', { task_id: monday })).task;
    expect(mondayTask.due_local).to.equal('2031-03-31 08:00:00');
    expect(mondayTask.due_at).to.equal('2031-03-31T06:00:00.000Z');
    const friday = (await call.ok('complete_task', { task_id: monday })).task.next_task_id;
    expect((await call.ok('get_task', { task_id: friday })).task.due_local).to.equal('2031-04-04 08:00:00');

    const daily = (
      await call.ok('create_task', {
        title: 'Open till',
        due_at: '2031-10-25 07:45:00',
        recurrence: { frequency: 'daily', interval: 2 },
      })
    ).task;
    const next = (await call.ok('complete_task', { task_id: daily.id })).task.next_task_id;
    expect((await call.ok('get_task', { task_id: next })).task.due_local).to.equal('2031-10-27 07:45:00');
  });

  it('lists with filters, soonest due first; overdue is computed', async () => {
    const past = (
      await call.ok('create_task', { title: 'Late one', due_at: '2020-01-01 10:00:00', assigned_agent_id: leo })
    ).task;
    expect(past.overdue).to.equal(true);
    const overdue = await call.ok('list_tasks', { overdue_only: true, limit: 100 });
    expect(overdue.tasks.map((t: any) => t.id)).to.include(past.id);
    expect(overdue.tasks.every((t: any) => t.overdue)).to.equal(true);
    const leos = await call.ok('list_tasks', { assigned_agent_id: leo, status: 'open', limit: 100 });
    expect(leos.tasks.every((t: any) => t.assigned_agent_id === leo && t.status === 'open')).to.equal(true);
    const unassigned = await call.ok('list_tasks', { assigned_agent_id: 0, limit: 100 });
    expect(unassigned.tasks.every((t: any) => t.assigned_agent_id === null)).to.equal(true);
    const byPhone = await call.ok('list_tasks', { phone: '+34600100100' });
    expect(byPhone.tasks.map((t: any) => t.title)).to.deep.equal(['Call back about the refund']);
    const ranged = await call.ok('list_tasks', {
      due_after: '2031-03-01 00:00:00',
      due_before: '2031-04-01 00:00:00',
      limit: 100,
    });
    const dues = ranged.tasks.map((t: any) => t.due_at);
    expect(dues).to.deep.equal([...dues].sort());
    expect(
      ranged.tasks.every((t: any) => t.due_at >= '2031-02-28T23:00:00.000Z' && t.due_at < '2031-03-31T22:00:00.000Z'),
    ).to.equal(true);
  });

  it('comments, assignment and deletion', async () => {
    const { task } = await call.ok('create_task', { title: 'Measure the window' });
    const { comment } = await call.ok('add_task_comment', { task_id: task.id, body: ' 120 x 80 ', agent_id: ana });
    expect(comment).to.include({ body: '120 x 80', agent_id: ana });
    await call.ok('add_task_comment', { task_id: task.id, body: 'Owner: fine' });
    await call.fails('add_task_comment', { task_id: task.id, body: '  ' }, 'invalid_arguments');
    await call.fails('add_task_comment', { task_id: task.id, body: 'x', agent_id: 999_999 }, 'not_found');
    const got = await call.ok('get_task', { task_id: task.id });
    expect(got.comments.map((c: any) => [c.body, c.agent_id])).to.deep.equal([
      ['120 x 80', ana],
      ['Owner: fine', null],
    ]);
    expect(
      (await call.ok('assign_task', { task_id: task.id, assigned_agent_id: leo })).task.assigned_agent_id,
    ).to.equal(leo);
    expect((await notifications(leo, 'task_assigned')).some((n: any) => n.resource.id === String(task.id))).to.equal(
      true,
    );
    expect((await call.ok('assign_task', { task_id: task.id, assigned_agent_id: 0 })).task.assigned_agent_id).to.equal(
      null,
    );
    expect(await call.ok('delete_task', { task_id: task.id })).to.include({ deleted: true, id: task.id });
    await call.fails('get_task', { task_id: task.id }, 'not_found');
    expect(await rows(k, 'select count(*)::int as n from task_comments where task_id = ?', [task.id])).to.deep.equal([
      { n: 0 },
    ]);
  });

  it('bulk updates are all or nothing', async () => {
    const ids = [];
    for (const title of ['B1', 'B2', 'B3']) ids.push((await call.ok('create_task', { title })).task.id);
    await call.ok('complete_task', { task_id: ids[2] });
    const refused = await call.fails(
      'bulk_update_tasks',
      { task_ids: ids, status: 'in_progress', assigned_agent_id: ana },
      'invalid_state',
    );
    expect(refused.current_status).to.equal('done');
    await call.fails('bulk_update_tasks', { task_ids: [ids[0], 999_999], assigned_agent_id: ana }, 'not_found');
    for (const id of ids.slice(0, 2)) {
      const { task } = await call.ok('get_task', { task_id: id });
      expect(task).to.include({ status: 'open', assigned_agent_id: null });
    }
    const done = await call.ok('bulk_update_tasks', {
      task_ids: ids.slice(0, 2),
      status: 'in_progress',
      assigned_agent_id: ana,
      due_at: '2031-06-01 12:00:00',
    });
    expect(done.updated).to.equal(2);
    expect(done.tasks.map((t: any) => [t.status, t.assigned_agent_id, t.due_local])).to.deep.equal([
      ['in_progress', ana, '2031-06-01 12:00:00'],
      ['in_progress', ana, '2031-06-01 12:00:00'],
    ]);
    await call.fails('bulk_update_tasks', { task_ids: ids }, 'invalid_arguments');
  });

  it('summarises per agent on the shop’s clock', async () => {
    const summary = await call.ok('get_task_summary');
    const leoRow = summary.agents.find((a: any) => a.agent_id === leo);
    expect(leoRow.overdue).to.be.greaterThan(0);
    expect(summary.agents.some((a: any) => a.agent_id === 0)).to.equal(true);
    const one = await call.ok('get_task_summary', { assigned_agent_id: ana });
    expect(one.agents.map((a: any) => a.agent_id)).to.deep.equal([ana]);
    expect(one.agents[0].done_this_week).to.be.greaterThan(0);
    expect(one.today).to.match(/^\d{4}-\d{2}-\d{2}$/);
    const nobody = await agent('zoe');
    expect((await call.ok('get_task_summary', { assigned_agent_id: nobody })).agents).to.deep.equal([
      { agent_id: nobody, open: 0, in_progress: 0, overdue: 0, due_today: 0, done_this_week: 0 },
    ]);
    await call.fails('get_task_summary', { assigned_agent_id: 999_999 }, 'not_found');
  });

  it('merged customers move their tasks; a deleted agent’s tasks become unassigned', async () => {
    await call.ok('create_task', { title: 'Merge me', phone: '+34600777001' });
    await inShop(k, shop.shopId, ({ services }) =>
      services.events.emit('customers.merged', {
        primary_id: 1,
        secondary_id: 2,
        primary_phone: '+34600777000',
        secondary_phone: '+34600777001',
      }),
    );
    expect((await call.ok('list_tasks', { phone: '+34600777000' })).tasks.map((t: any) => t.title)).to.deep.equal([
      'Merge me',
    ]);
    const zoe = await agent('zoe2');
    const { task } = await call.ok('create_task', { title: 'Zoe’s', assigned_agent_id: zoe });
    await call.ok('delete_agent', { action: 'delete', agent_id: zoe });
    expect((await call.ok('get_task', { task_id: task.id })).task.assigned_agent_id).to.equal(null);
  });
});
