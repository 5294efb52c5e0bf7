import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A has a rule, a workflow and a waiting run; B aims every id and phone at them. */
const fixture: IsolationFixture = {
  groups: ['customers', 'whatsapp_ops', 'automation'],
  seed: async (callAsA) => {
    const phone = '+34655222777';
    const { rule } = await callAsA('create_auto_reply_rule', {
      type: 'keyword',
      name: 'A',
      keywords: ['isolation'],
      reply_text: 'A answers',
    });
    const { workflow } = await callAsA('create_workflow', {
      name: 'A workflow',
      trigger: { type: 'manual' },
      steps: [
        { id: 'wait', type: 'wait', params: { minutes: 600 } },
        { id: 'say', type: 'send_message', params: { text: 'A says' } },
      ],
      enabled: true,
    });
    const { run } = await callAsA('run_workflow', { workflow_id: workflow.id, phone });
    return { phone, ruleId: rule.id, workflowId: workflow.id, runId: run.id };
  },
  probes: (seed) => [
    { tool: 'get_workflow', args: { workflow_id: seed.workflowId }, expect: 'not_found' },
    { tool: 'update_workflow', args: { workflow_id: seed.workflowId, name: 'B' }, expect: 'not_found' },
    { tool: 'duplicate_workflow', args: { workflow_id: seed.workflowId }, expect: 'not_found' },
    { tool: 'delete_workflow', args: { workflow_id: seed.workflowId }, expect: 'not_found' },
    { tool: 'validate_workflow', args: { workflow_id: seed.workflowId }, expect: 'not_found' },
    { tool: 'test_workflow', args: { workflow_id: seed.workflowId }, expect: 'not_found' },
    { tool: 'run_workflow', args: { workflow_id: seed.workflowId, phone: seed.phone }, expect: 'not_found' },
    {
      tool: 'bulk_toggle_workflows',
      args: { action: 'bulk', workflow_ids: [seed.workflowId], enabled: false },
      expect: 'not_found',
    },
    { tool: 'bulk_delete_workflows', args: { action: 'bulk', workflow_ids: [seed.workflowId] }, expect: 'not_found' },
    { tool: 'get_automation_stats', args: { workflow_id: seed.workflowId }, expect: 'not_found' },
    { tool: 'get_chatapp_workflow_run', args: { run_id: seed.runId }, expect: 'not_found' },
    { tool: 'cancel_workflow_run', args: { run_id: seed.runId }, expect: 'not_found' },
    { tool: 'retry_workflow_run', args: { run_id: seed.runId }, expect: 'not_found' },
    { tool: 'update_auto_reply_rule', args: { rule_id: seed.ruleId, enabled: false }, expect: 'not_found' },
    { tool: 'delete_auto_reply_rule', args: { rule_id: seed.ruleId }, expect: 'not_found' },
    { tool: 'list_chatapp_workflows', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_chatapp_workflow_runs', args: { phone: seed.phone }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_auto_reply_rules', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'test_auto_reply_rules',
      args: { text: 'isolation', phone: seed.phone },
      expect: 'empty',
      isEmpty: (p) => p.fires === null,
    },
    { tool: 'get_automation_stats', args: {}, expect: 'empty', isEmpty: (p) => p.runs_total === 0 },
  ],
  snapshot: async (callAsA, seed) => ({
    workflow: (await callAsA('get_workflow', { workflow_id: seed.workflowId })).workflow,
    run: (await callAsA('get_chatapp_workflow_run', { run_id: seed.runId })).run.status !== 'cancelled',
    rule: (await callAsA('list_auto_reply_rules', {})).rules,
  }),
  exempt: {
    create_auto_reply_rule: 'creates B’s own rule; session_ids of A’s lines are refused as not found',
  },
};

export default fixture;
