import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, freshPhone } from '../../../test/helpers/ops-kernel.js';
import { AUTOMATION_GROUPS, waitForRun } from './helpers.js';

/**
 * A deployment switches a group off after a workflow that needs it was saved: the step fails with
 * group_not_enabled in the run's log and the workflow's error policy decides what follows. Two
 * kernels on one database, the second without tickets.
 */
describe('automation: a step whose group was switched off after the workflow was saved', function () {
  this.timeout(60_000);
  let before: TestKernel | undefined;
  let after: TestKernel | undefined;

  afterEach(async () => {
    await before?.close();
    await after?.close();
  });

  it('fails with group_not_enabled, and the workflow’s error policy takes it on', async () => {
    before = await bootOps({ groups: AUTOMATION_GROUPS, groupConfigs: { automation: { worker: { enabled: false } } } });
    const { token } = await before.shops.create({ name: 'Tienda Sin Tickets', credits: 1_000_000 });
    const { workflow } = await caller(before, token).ok('create_workflow', {
      name: 'Ticket y nota',
      trigger: { type: 'manual' },
      steps: [
        { id: 'ticket', type: 'create_ticket', params: { title: 'Revisar pedido' } },
        { id: 'note', type: 'add_customer_comment', params: { text: 'Revisado' } },
      ],
      settings: { error_policy: 'continue' },
    });
    await before.close();
    before = undefined;

    after = await bootOps({
      groups: AUTOMATION_GROUPS.filter((g) => g !== 'tickets'),
      groupConfigs: { automation: { worker: { pollMs: 50, leaseSeconds: 5 } } },
    });
    const c = caller(after, token);
    const phone = freshPhone();
    await c.ok('run_workflow', { workflow_id: workflow.id, phone });
    const run = await waitForRun(after, phone, ['completed', 'failed']);
    const { steps } = await c.ok('get_chatapp_workflow_run', { run_id: run.id });
    expect(steps[0]).to.deep.include({ step_id: 'ticket', outcome: 'failed' });
    expect(steps[0].detail.error ?? steps[0].error).to.deep.include({ code: 'group_not_enabled' });
    expect(steps.map((s: any) => s.step_id)).to.deep.equal(['ticket', 'note']);
    expect((await c.ok('list_customer_comments', { phone })).comments[0].comment).to.equal('Revisado');
  });
});
