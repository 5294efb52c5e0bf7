import { Migration } from '../../../core/index.js';

/**
 * A wait step's until_weekday counts 0 Sunday … 6 Saturday, as every weekday number does
 * (docs/decisions.md, "Weekdays"); it counted 1 Monday … 7 Sunday. Monday to Saturday keep their
 * numbers: only a stored Sunday, 7, becomes 0, in workflows and in the versions runs execute.
 */
export class AutomationWeekdayConvention extends Migration {
  override async up(): Promise<void> {
    for (const table of ['automation_workflows', 'automation_workflow_versions'])
      this.addSql(
        `update "${table}" set "definition" = jsonb_set("definition", '{steps}', (
          select jsonb_agg(case when s->>'type' = 'wait' and s->'params'->'until_weekday' = '7'::jsonb
            then jsonb_set(s, '{params,until_weekday}', '0'::jsonb) else s end order by i)
          from jsonb_array_elements("definition"->'steps') with ordinality as e(s, i)))
        where "definition"->'steps' @> '[{"type": "wait", "params": {"until_weekday": 7}}]'::jsonb;`,
      );
  }
}
