import type { Services } from '../../../../core/index.js';

/** get_automation_stats: runs by status, messages sent, failures by step type, paused workflows. */
export class AutomationStatsService {
  constructor(private readonly deps: Services) {}

  async stats(days: number, workflowId: number | undefined) {
    const shop = this.deps.shop.id;
    const scope = workflowId === undefined ? '' : ' and r.workflow_id = ?';
    const params = (...extra: unknown[]) => [shop, days, ...(workflowId === undefined ? [] : [workflowId]), ...extra];
    const byStatus = await this.deps.em.execute<{ status: string; n: number }[]>(
      `select r.status, count(*)::int as n from automation_runs r
       where r.shop_id = ? and r.created_at > now() - make_interval(days => ?)${scope} group by r.status order by r.status`,
      params(),
    );
    const [sent] = await this.deps.em.execute<{ n: number; rules: number }[]>(
      `select count(*)::int as n, count(*) filter (where r.rule_id is not null)::int as rules
       from automation_run_steps s join automation_runs r on r.id = s.run_id and r.shop_id = s.shop_id
       where s.shop_id = ? and s.created_at > now() - make_interval(days => ?)${scope} and s.message_id is not null`,
      params(),
    );
    const failures = await this.deps.em.execute<{ step_type: string; error_code: string; n: number }[]>(
      `select s.step_type, coalesce(s.detail->'error'->>'code', 'unknown') as error_code, count(*)::int as n
       from automation_run_steps s join automation_runs r on r.id = s.run_id and r.shop_id = s.shop_id
       where s.shop_id = ? and s.created_at > now() - make_interval(days => ?)${scope} and s.outcome = 'failed'
       group by 1, 2 order by n desc, 1, 2 limit 50`,
      params(),
    );
    const paused = await this.deps.em.execute<{ id: number; name: string; pause_reason: string | null }[]>(
      `select id, name, pause_reason from automation_workflows where shop_id = ? and status = 'paused' order by id limit 100`,
      [shop],
    );
    return {
      days,
      workflow_id: workflowId ?? null,
      runs: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
      runs_total: byStatus.reduce((sum, r) => sum + r.n, 0),
      messages_sent: sent?.n ?? 0,
      messages_sent_by_rules: sent?.rules ?? 0,
      failures: failures.map((f) => ({ step_type: f.step_type, error_code: f.error_code, count: f.n })),
      paused_workflows: paused,
    };
  }
}
