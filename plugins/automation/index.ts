import { definePlugin, inBatches } from '../../core/index.js';
import { AutomationConfig } from './config.js';
import { automationErrors } from './errors.js';
import { AutoReplyRule } from './entities/auto-reply-rule.entity.js';
import { AutomationContact } from './entities/automation-contact.entity.js';
import { RunStep } from './entities/run-step.entity.js';
import { Workflow } from './entities/workflow.entity.js';
import { WorkflowRun } from './entities/workflow-run.entity.js';
import { WorkflowVersion } from './entities/workflow-version.entity.js';
import { AutomationInit } from './migrations/0001-init.js';
import { AutomationWeekdayConvention } from './migrations/0002-weekday-convention.js';
import { AutomationWeekdayConditions } from './migrations/0003-weekday-conditions.js';
import { AutomationTenantIndexesCovered } from './migrations/0004-tenant-indexes-covered.js';
import { RunStarter } from './services/engine/run-starter.js';
import { RunStepper } from './services/engine/run-stepper.js';
import { RunWakeup } from './services/engine/run-wakeup.js';
import { RunWorker } from './services/engine/run-worker.js';
import { AutoReplyRulesService } from './services/rules/rules-service.js';
import { RunsService } from './services/runs/runs-service.js';
import { AutomationStatsService } from './services/runs/stats-service.js';
import { AutomationTriggers } from './services/triggers/triggers-service.js';
import { WorkflowSimulator } from './services/workflows/workflow-simulator.js';
import { WorkflowsService } from './services/workflows/workflows-service.js';
import { expireRuns } from './jobs/expire-runs.js';
import { getAutomationCatalog } from './tools/get-automation-catalog.js';
import { listAutoReplyRules } from './tools/list-auto-reply-rules.js';
import { createAutoReplyRule } from './tools/create-auto-reply-rule.js';
import { updateAutoReplyRule } from './tools/update-auto-reply-rule.js';
import { deleteAutoReplyRule } from './tools/delete-auto-reply-rule.js';
import { testAutoReplyRules } from './tools/test-auto-reply-rules.js';
import { listChatappWorkflows } from './tools/list-chatapp-workflows.js';
import { getWorkflow } from './tools/get-workflow.js';
import { createWorkflow } from './tools/create-workflow.js';
import { updateWorkflow } from './tools/update-workflow.js';
import { duplicateWorkflow } from './tools/duplicate-workflow.js';
import { deleteWorkflow } from './tools/delete-workflow.js';
import { validateWorkflow } from './tools/validate-workflow.js';
import { testWorkflow } from './tools/test-workflow.js';
import { bulkToggleWorkflows } from './tools/bulk-toggle-workflows.js';
import { bulkDeleteWorkflows } from './tools/bulk-delete-workflows.js';
import { runWorkflow } from './tools/run-workflow.js';
import { listChatappWorkflowRuns } from './tools/list-chatapp-workflow-runs.js';
import { getChatappWorkflowRun } from './tools/get-chatapp-workflow-run.js';
import { cancelWorkflowRun } from './tools/cancel-workflow-run.js';
import { retryWorkflowRun } from './tools/retry-workflow-run.js';
import { listWorkflowTemplates } from './tools/list-workflow-templates.js';
import { createWorkflowFromTemplate } from './tools/create-workflow-from-template.js';
import { getAutomationStats } from './tools/get-automation-stats.js';

const LIVE = `'queued', 'running', 'waiting'`;

/**
 * automation: auto-reply rules (welcome, away, keyword, assistant) and workflows — one trigger,
 * conditions, steps — run by a small interpreter with no code and no regular expressions from
 * shops. Listeners only insert runs; a worker per process advances them a transaction per step,
 * every message with a key of its run, step and visit, so a killed worker never sends twice. Loop
 * and bot-storm guards, limits on steps, jumps and depth, a circuit breaker on failing workflows.
 */
export default definePlugin({
  name: 'automation',
  version: '1.0.0',
  description:
    'Auto-reply rules and workflows (triggers, conditions, steps: messages, questions, waits, branches, tags, tickets, HTTP, the assistant), run exactly once per step by a worker, with their run history.',
  kernel: '^1.0.0',
  dependencies: ['whatsapp_ops', 'customers'],
  /** Steps that need them (create_ticket, assign_conversation, ai_reply, ai_classify, business hours) check for them. */
  optionalDependencies: ['account', 'tickets', 'conversations', 'agents', 'prompt', 'knowledge', 'ai_analysis'],
  configSchema: AutomationConfig,
  entities: [Workflow, WorkflowVersion, AutoReplyRule, WorkflowRun, RunStep, AutomationContact],
  migrations: [
    { name: '0001-init', class: AutomationInit },
    { name: '0002-weekday-convention', class: AutomationWeekdayConvention },
    { name: '0003-weekday-conditions', class: AutomationWeekdayConditions },
    { name: '0004-tenant-indexes-covered', class: AutomationTenantIndexesCovered },
  ],
  services: {
    automationWorkflowsService: WorkflowsService,
    automationSimulator: WorkflowSimulator,
    automationRulesService: AutoReplyRulesService,
    automationRunsService: RunsService,
    automationStatsService: AutomationStatsService,
    automationTriggers: AutomationTriggers,
    automationRunStarter: RunStarter,
    automationRunStepper: RunStepper,
  },
  errors: automationErrors,
  jobs: [expireRuns],
  retention: [
    { table: 'automation_runs', column: 'created_at', where: `status not in (${LIVE})`, days: (c) => c.retentionDays },
    {
      table: 'automation_run_steps',
      column: 'created_at',
      where: `run_id not in (select id from automation_runs where status in (${LIVE}))`,
      days: (c) => c.retentionDays,
    },
  ],
  on: {
    'whatsapp_ops.message_received': inBatches((events, { services }) =>
      services.automationTriggers.messagesReceived(events),
    ),
    'whatsapp_ops.opted_out': (e, { services }) =>
      services.automationTriggers.fire('opted_out', { phone: e.phone, sessionId: null, facts: { type: 'opted_out' } }),
    'customers.tagged': (e, { services }) =>
      services.automationTriggers.fire('customer_tagged', {
        phone: e.phone,
        sessionId: null,
        facts: { type: 'customer_tagged', tag: e.tag_name },
      }),
    'customers.untagged': (e, { services }) =>
      services.automationTriggers.fire('customer_untagged', {
        phone: e.phone,
        sessionId: null,
        facts: { type: 'customer_untagged', tag: e.tag_name },
      }),
    'tickets.created': async (e, { services }) => {
      if (e.phone)
        await services.automationTriggers.fire('ticket_created', {
          phone: e.phone,
          sessionId: null,
          facts: { type: 'ticket_created', ticket_id: e.ticket_id },
        });
    },
    'tickets.resolved': async (e, { services }) => {
      if (e.phone)
        await services.automationTriggers.fire('ticket_resolved', {
          phone: e.phone,
          sessionId: null,
          facts: { type: 'ticket_resolved', ticket_id: e.ticket_id },
        });
    },
    'ai_analysis.conversation_categorized': (e, { services }) =>
      services.automationTriggers.fire('conversation_categorized', {
        phone: e.phone,
        sessionId: e.session_id,
        facts: {
          type: 'conversation_categorized',
          ai: { intent: e.intent, topic: e.topic, priority: e.priority, sentiment: e.sentiment },
        },
      }),
  },
  tools: [
    getAutomationCatalog,
    listAutoReplyRules,
    createAutoReplyRule,
    updateAutoReplyRule,
    deleteAutoReplyRule,
    testAutoReplyRules,
    listChatappWorkflows,
    getWorkflow,
    createWorkflow,
    updateWorkflow,
    duplicateWorkflow,
    deleteWorkflow,
    validateWorkflow,
    testWorkflow,
    bulkToggleWorkflows,
    bulkDeleteWorkflows,
    runWorkflow,
    listChatappWorkflowRuns,
    getChatappWorkflowRun,
    cancelWorkflowRun,
    retryWorkflowRun,
    listWorkflowTemplates,
    createWorkflowFromTemplate,
    getAutomationStats,
  ],
  setup: ({ provide, config, rootEm, withShop, log }) => {
    const wakeup = new RunWakeup(rootEm);
    const worker = new RunWorker(rootEm, withShop, config, log);
    wakeup.connect(() => worker.wake());
    provide('automationRunWakeup', wakeup);
    provide('automationRunWorker', worker);
  },
  onReady: ({ resolve }) => resolve('automationRunWorker').start(),
  onClose: ({ resolve }) => resolve('automationRunWorker').stop(),
});
