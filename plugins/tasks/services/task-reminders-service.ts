import type { EntityManager, Services } from '../../../core/index.js';

interface DueRow {
  id: number;
  title: string;
  assigned_agent_id: number | null;
  phone: string | null;
  due_at: Date;
}

/**
 * A shop's due reminders, each sent once: one UPDATE marks them sent and returns them, and the
 * events go out in the same transaction — so the notification and the mark commit together, and
 * a second process (or a second tick) finds nothing left (its UPDATE waits on the row locks, then
 * sees reminder_sent_at set).
 */
export class TaskRemindersService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async sendDue(batch: number): Promise<number> {
    const rows = await this.em.execute<DueRow[]>(
      `update tasks set reminder_sent_at = now()
       where id in (select id from tasks
                    where shop_id = ? and reminder_sent_at is null and status in ('open', 'in_progress') and reminder_at <= now()
                    order by reminder_at, id limit ? for update skip locked)
       returning id, title, assigned_agent_id, phone, due_at`,
      [this.deps.shop.id, batch],
    );
    await this.deps.events.emitMany(
      'tasks.reminder_due',
      rows.map((r) => ({
        task_id: Number(r.id),
        title: r.title,
        assigned_agent_id: r.assigned_agent_id === null ? null : Number(r.assigned_agent_id),
        phone: r.phone,
        due_at: new Date(r.due_at).toISOString(),
      })),
    );
    return rows.length;
  }
}
