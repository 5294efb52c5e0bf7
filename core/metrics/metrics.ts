import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { KernelError } from '../errors/kernel-error.js';
import type { GroupMetrics, MetricDefinition, MetricLabels } from './metric-definition.js';
import type { ConfirmationEvent } from '../audit/audit-record.js';

const METRIC_NAME = /^switchboard_[a-z][a-z0-9_]*$/;

/** Seconds: a tool call or job from a fast read to a long import. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds a job tick starts after its schedule said. */
const LATENESS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export type ToolCallOutcome = 'success' | 'confirmation_required' | 'failed';

/**
 * One Prometheus registry per kernel (not prom-client's global one: tests run several kernels in one
 * process). The kernel's own series are fields; groups add theirs from their manifests. Labels carry
 * names and ids only: tools, methods, jobs, outcomes, never a token, a shop's name or its data.
 */
export class Metrics implements GroupMetrics {
  readonly registry = new Registry();
  private readonly groupCounters = new Map<string, Counter>();

  readonly rpcRequests = new Counter({
    name: 'switchboard_rpc_requests_total',
    help: 'JSON-RPC requests by method and status (ok, or the JSON-RPC error code)',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  readonly toolCalls = new Counter({
    name: 'switchboard_tool_calls_total',
    help: 'tools/call by tool and outcome; error_code is set when the outcome is failed',
    labelNames: ['tool', 'outcome', 'error_code'] as const,
    registers: [this.registry],
  });
  readonly toolDuration = new Histogram({
    name: 'switchboard_tool_call_duration_seconds',
    help: 'Time from a validated tools/call to its answer, by tool',
    labelNames: ['tool'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly confirmations = new Counter({
    name: 'switchboard_confirmations_total',
    help: 'Confirmations by policy and event: issued, approved, rejected, expired unused',
    labelNames: ['policy', 'event'] as const,
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'switchboard_job_runs_total',
    help: 'Job ticks by job and outcome: ran and failed in this process, skipped when another process held the tick',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'switchboard_job_run_duration_seconds',
    help: 'How long a job tick ran, by job',
    labelNames: ['job'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly jobLateness = new Histogram({
    name: 'switchboard_job_lateness_seconds',
    help: 'How late a job tick started after its scheduled time, by job',
    labelNames: ['job'] as const,
    buckets: LATENESS_BUCKETS,
    registers: [this.registry],
  });

  readonly retentionFailures = new Counter({
    name: 'switchboard_retention_failures_total',
    help: 'Retention rules whose sweep failed in a run, by group and table (the other rules still ran)',
    labelNames: ['group', 'table'] as const,
    registers: [this.registry],
  });

  constructor(
    private readonly orm: MikroORM,
    private readonly log: FastifyBaseLogger,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'switchboard_' });
  }

  /** Registers a group's declared metrics; a name outside switchboard_* or taken twice fails boot. */
  declare(group: string, definitions: readonly MetricDefinition[]): void {
    for (const definition of definitions) {
      if (!METRIC_NAME.test(definition.name) || this.registry.getSingleMetric(definition.name)) {
        throw new KernelError(
          'KRN_ERR_METRIC_INVALID',
          `metric "${definition.name}" of group "${group}" is taken or not named switchboard_<snake_case>`,
          { group, metric: definition.name },
        );
      }
      const common = {
        name: definition.name,
        help: definition.help,
        labelNames: [...(definition.labelNames ?? [])],
        registers: [this.registry],
      };
      if (definition.type === 'counter') {
        this.groupCounters.set(definition.name, new Counter(common));
        continue;
      }
      const { read, name } = definition;
      const orm = this.orm;
      const log = this.log;
      new Gauge({
        ...common,
        // A scrape must still answer when one backlog query fails: the gauge is left out, and logged.
        async collect() {
          try {
            const samples = await read(orm.em.fork());
            this.reset();
            for (const sample of samples) this.set(sample.labels ?? {}, sample.value);
          } catch (err) {
            log.warn({ err, metric: name }, 'a gauge could not be read');
          }
        },
      });
    }
  }

  count(name: string, labels: MetricLabels = {}, by = 1): void {
    const counter = this.groupCounters.get(name);
    if (!counter) throw new KernelError('KRN_ERR_METRIC_INVALID', `no counter "${name}" is declared`);
    counter.inc(labels, by);
  }

  toolCall(tool: string, outcome: ToolCallOutcome, errorCode: string, seconds: number): void {
    this.toolCalls.inc({ tool, outcome, error_code: errorCode });
    this.toolDuration.observe({ tool }, seconds);
  }

  confirmation(policy: string, event: ConfirmationEvent, by = 1): void {
    if (by > 0) this.confirmations.inc({ policy, event }, by);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
