import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { database, deployment, seedKernel, startServer } from '../../../test/helpers/deployment.js';
import { connectedLine } from '../../../test/helpers/ops-kernel.js';
import { waitWhileRunning, type ServerProcess } from '../../../test/helpers/server-process.js';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import { countOf, sandboxSent, sandboxSentPerKey } from '../../../test/helpers/sandbox-records.js';
import { caller, nextWeekday, ZONE } from './helpers.js';

const REMINDERS = 1000;
const KILLS = 3;
const GROUPS = ['agents', 'whatsapp_ops', 'calendar'];

/**
 * Exactly once across kill -9: 1,000 reminders fall due at once; a real server process sends them
 * and is killed with SIGKILL mid-send, three times, then a last one finishes. The sandbox network's
 * records (the ground truth) must hold one message per reminder.
 */
describe('calendar: reminders are sent exactly once across kill -9 (real server processes)', function () {
  // No overall limit: each wait below fails on its own once what it waits for stops moving (or a
  // server exits, or uses a start's worth of CPU many times over without getting ready).
  this.timeout(0);
  const started: ServerProcess[] = [];
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`sends ${REMINDERS} due reminders once each while the server is killed ${KILLS} times`, async () => {
    const db = await TestDatabase.create();
    cleanup.push(() => db.drop());
    const d = await deployment(db.url, 'calendar-crash', GROUPS, {
      calendar: { claimTimeoutSeconds: 2, deliveryBatch: 50 },
    });
    cleanup.push(() => rm(d.configFile, { force: true }));
    const client = await database(d);
    cleanup.push(() => client.end());

    // Seed in this process (it never listens, so it sends nothing): a shop, a line, a calendar
    // with a reminder, the events.
    const k: TestKernel = await seedKernel(d);
    try {
      const { shopId, token } = await k.shops.create({ name: 'Crash salon', timezone: ZONE, credits: 10_000_000 });
      const c = caller(k, token);
      await connectedLine(k, token, {}, '+34711000999');
      const calendarId = (await c.ok('create_calendar', { name: 'Crash' })).calendar.id;
      const notificationId = (
        await c.ok('create_calendar_notification', {
          action: 'create',
          calendar_id: calendarId,
          notification_type: 'reminder',
          channel: 'whatsapp',
          timing_minutes: 60,
          template_text: 'Recordatorio: {hora}',
        })
      ).notification.id;
      const day = nextWeekday(2);
      await client.query(
        `insert into calendar_events (shop_id, calendar_id, title, phone, start_at, end_at, all_day, buffer_before_minutes, buffer_after_minutes, status, ics_uid, ics_sequence, created_at, updated_at)
         select $1, $2, 'Visit ' || i, '+3462' || lpad(i::text, 7, '0'), $3::date + interval '9 hours', $3::date + interval '10 hours', false, 0, 0, 'confirmed', 'crash-' || i, 0, now(), now()
         from generate_series(1, $4) i`,
        [shopId, calendarId, day, REMINDERS],
      );
      await client.query(
        `insert into calendar_deliveries (shop_id, event_id, notification_id, notification_type, channel, due_at, status, attempts, created_at, updated_at)
         select shop_id, id, $2, 'reminder', 'whatsapp', now(), 'scheduled', 0, now(), now() from calendar_events where calendar_id = $1`,
        [calendarId, notificationId],
      );
    } finally {
      await k.close();
    }

    const networkCount = () => sandboxSent(client, d.engineName);
    const start = async () => {
      const server = await startServer(d);
      started.push(server);
      return server;
    };

    const atKill: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      const before = await networkCount();
      const server = await start();
      await waitWhileRunning('sending', async () => (await networkCount()) > before, server, {
        progress: networkCount,
      });
      await new Promise((r) => setTimeout(r, Math.random() * 300));
      expect((await server.stop('SIGKILL')).signal).to.equal('SIGKILL');
      atKill.push(await networkCount());
    }
    const last = await start();
    const unsent = () =>
      countOf(client, `select count(*)::int n from calendar_deliveries where status in ('scheduled', 'sending')`);
    await waitWhileRunning('every reminder to be sent', async () => (await unsent()) === 0, last, { progress: unsent });
    await last.stop('SIGTERM');

    expect(atKill.filter((n) => n > 0 && n < REMINDERS).length, `sent at each kill: ${atKill}`).to.be.at.least(2);
    const perKey = await sandboxSentPerKey(client, d.engineName);
    expect(
      perKey.filter((r) => r.n !== 1),
      'reminders sent more than once',
    ).to.deep.equal([]);
    expect(perKey).to.have.length(REMINDERS);
    const { rows: statuses } = await client.query<{ status: string; n: number }>(
      'select status, count(*)::int n from calendar_deliveries group by status',
    );
    expect(statuses).to.deep.equal([{ status: 'sent', n: REMINDERS }]);
  });
});
