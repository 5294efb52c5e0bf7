import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { rows } from '../../../test/helpers/ops-kernel.js';
import { holds, type ConditionGroup } from '../services/definition/conditions.js';
import { convertWeekdayCondition } from '../migrations/0003-weekday-conditions.js';
import { bootAutomation, caller } from './helpers.js';

/** Whether a time.weekday condition holds on `day` (the reader answers that day for every attribute). */
const holdsOn = (condition: Record<string, unknown>, day: number) =>
  holds({ all: [condition] } as ConditionGroup, async () => day);

describe('automation: the weekday condition counts 0 Sunday … 6 Saturday', function () {
  this.timeout(90_000);

  it('a condition stored when it counted 1 Monday … 7 Sunday holds on the same days once converted', async () => {
    const stored = [
      { operator: 'equals', value: 7 },
      { operator: 'equals', value: 3 },
      { operator: 'not_equals', value: 7 },
      { operator: 'in', value: [6, 7] },
      { operator: 'not_in', value: [1, 7] },
      { operator: 'between', value: [6, 7] },
      { operator: 'between', value: [1, 5] },
      { operator: 'between', value: [3, 3] },
      { operator: 'greater_than', value: 5 },
      { operator: 'greater_than', value: 0 },
      { operator: 'greater_than', value: 7 },
      { operator: 'less_than', value: 3 },
      { operator: 'less_than', value: 8 },
      { operator: 'is_set' },
    ].map((c) => ({ attribute: 'time.weekday', ...c }));
    for (const before of stored) {
      const after = convertWeekdayCondition(before);
      for (let old = 1; old <= 7; old++)
        expect(
          await holdsOn(after, old % 7),
          `${JSON.stringify(before)} → ${JSON.stringify(after)} on day ${old}`,
        ).to.equal(await holdsOn(before, old));
    }
    expect(convertWeekdayCondition({ attribute: 'time.weekday', operator: 'between', value: [6, 7] })).to.deep.equal({
      attribute: 'time.weekday',
      operator: 'in',
      value: [0, 6],
    });
    expect(convertWeekdayCondition({ attribute: 'time.weekday', operator: 'in', value: [5, 7] })).to.deep.equal({
      attribute: 'time.weekday',
      operator: 'in',
      value: [5, 0],
    });
  });

  describe('on a server', () => {
    let k: TestKernel;
    let c: ReturnType<typeof caller>;
    let shopId: number;
    const timezone = 'Pacific/Auckland';
    const definition = (when: Record<string, unknown>) => ({
      trigger: { type: 'manual' },
      steps: [
        { id: 'route', type: 'branch', params: { branches: [{ when: { all: [when] }, next: 'yes' }] }, next: 'no' },
        { id: 'yes', type: 'send_message', params: { text: 'today' }, next: null },
        { id: 'no', type: 'send_message', params: { text: 'not today' }, next: null },
      ],
    });

    before(async () => {
      k = await bootAutomation();
      const shop = await k.shops.create({ name: 'Weekday shop', timezone, credits: 1_000 });
      shopId = shop.shopId;
      c = caller(k, shop.token);
    });
    after(() => k?.close());

    it("reads today's weekday in the shop's timezone as 0 Sunday … 6 Saturday", async () => {
      const today = DateTime.now().setZone(timezone).weekday % 7;
      for (const [value, text] of [
        [today, 'today'],
        [(today + 1) % 7, 'not today'],
      ] as const) {
        const dry = await c.ok('test_workflow', {
          definition: definition({ attribute: 'time.weekday', operator: 'equals', value }),
        });
        expect(
          dry.actions.map((a: any) => a.text),
          `weekday ${value}`,
        ).to.deep.equal([text]);
      }
    });

    it('refuses 7 and a range across the weekend, naming the convention and the list to use', async () => {
      const seven = await c.ok('validate_workflow', {
        definition: definition({ attribute: 'time.weekday', operator: 'in', value: [6, 7] }),
      });
      expect(seven.valid).to.equal(false);
      expect(seven.errors).to.deep.include({
        path: 'steps.0.params.branches.0.when.all.0.value',
        message: 'weekdays are whole numbers from 0 Sunday to 6 Saturday',
      });
      const wrapped = await c.ok('validate_workflow', {
        definition: definition({ attribute: 'time.weekday', operator: 'between', value: [5, 1] }),
      });
      expect(wrapped.errors[0].message).to.contain('use the operator in, e.g. [5, 6, 0, 1]');
      const catalogue = await c.ok('get_automation_catalog', {});
      expect(catalogue.condition_attribute_meanings['time.weekday']).to.contain('0 Sunday … 6 Saturday');
    });

    it('the migration rewrites a stored workflow and its versions to hold on the same days', async () => {
      const created = await c.ok('create_workflow', {
        name: 'Weekend',
        ...definition({ attribute: 'time.weekday', operator: 'in', value: [0, 6] }),
      });
      const id = created.workflow.id as number;
      const old = JSON.stringify(definition({ attribute: 'time.weekday', operator: 'between', value: [6, 7] }));
      await rows(k, `update automation_workflows set definition = ?::jsonb where id = ? and shop_id = ?`, [
        old,
        id,
        shopId,
      ]);
      await rows(k, `update automation_workflow_versions set definition = ?::jsonb where workflow_id = ?`, [old, id]);
      await rows(k, `delete from schema_migrations where name = 'automation/0003-weekday-conditions'`);
      await k.orm.getMigrator().up();
      for (const table of ['automation_workflows', 'automation_workflow_versions']) {
        const [row] = await rows(
          k,
          `select definition from ${table} where ${table === 'automation_workflows' ? 'id' : 'workflow_id'} = ?`,
          [id],
        );
        expect(row.definition.steps[0].params.branches[0].when, table).to.deep.equal({
          all: [{ attribute: 'time.weekday', operator: 'in', value: [0, 6] }],
        });
      }
    });
  });
});
