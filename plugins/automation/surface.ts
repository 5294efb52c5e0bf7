/** The automation group as other groups see it: its services. Types only. */
import type { WorkflowsService } from './services/workflows/workflows-service.js';
import type { WorkflowSimulator } from './services/workflows/workflow-simulator.js';
import type { AutoReplyRulesService } from './services/rules/rules-service.js';
import type { RunsService } from './services/runs/runs-service.js';
import type { AutomationStatsService } from './services/runs/stats-service.js';
import type { AutomationTriggers } from './services/triggers/triggers-service.js';
import type { RunStarter } from './services/engine/run-starter.js';
import type { RunStepper } from './services/engine/run-stepper.js';
import type { RunWakeup } from './services/engine/run-wakeup.js';
import type { RunWorker } from './services/engine/run-worker.js';

export type { WorkflowsService, RunsService, RunWorker };

declare module '../../core/index.js' {
  interface GroupServices {
    automationWorkflowsService: WorkflowsService;
    automationSimulator: WorkflowSimulator;
    automationRulesService: AutoReplyRulesService;
    automationRunsService: RunsService;
    automationStatsService: AutomationStatsService;
    automationTriggers: AutomationTriggers;
    automationRunStarter: RunStarter;
    automationRunStepper: RunStepper;
    /** Provided at setup: wakes this process's worker after a commit that queued a run. */
    automationRunWakeup: RunWakeup;
    /** Provided at setup: this process's worker. */
    automationRunWorker: RunWorker;
  }
}
