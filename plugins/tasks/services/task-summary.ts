import { DateTime } from 'luxon';
import type { EntityManager, ShopContext } from '../../../core/index.js';

interface Row {
  agent_id: number;
  open: number;
  in_progress: number;
  overdue: number;
  due_today: number;
  done_this_week: number;
}

/**
 * Per agent (0: nobody), in one grouped query: open, in progress, overdue, due today and done
 * this week, with "today" and "this week" (from Monday) on the shop's clock.
 */
export async function taskSummary(em: EntityManager, shop: ShopContext, agentId: number | undefined) {
  const now = DateTime.now().setZone(shop.timezone);
  const today = now.startOf('day');
  const rows = await em.execute<Row[]>(
    `select coalesce(assigned_agent_id, 0) as agent_id,
            count(*) filter (where status = 'open')::int as open,
            count(*) filter (where status = 'in_progress')::int as in_progress,
            count(*) filter (where status in ('open', 'in_progress') and due_at < now())::int as overdue,
            count(*) filter (where status in ('open', 'in_progress') and due_at >= ? and due_at < ?)::int as due_today,
            count(*) filter (where status = 'done' and completed_at >= ?)::int as done_this_week
     from tasks where shop_id = ?${agentId === undefined ? '' : ' and coalesce(assigned_agent_id, 0) = ?'}
     group by 1 order by 1`,
    [
      today.toJSDate(),
      today.plus({ days: 1 }).toJSDate(),
      now.startOf('week').toJSDate(),
      shop.id,
      ...(agentId === undefined ? [] : [agentId]),
    ],
  );
  const agents = rows.map((r) => ({ ...r, agent_id: Number(r.agent_id) }));
  if (agentId !== undefined && agents.length === 0)
    agents.push({ agent_id: agentId, open: 0, in_progress: 0, overdue: 0, due_today: 0, done_this_week: 0 });
  return { agents, today: today.toISODate()!, week_start: now.startOf('week').toISODate()! };
}
