import type { MetricDefinition } from '../metrics/metric-definition.js';
import type { RetentionRule } from '../retention/retention-rule.js';
import type { EntitySchema, EntityManager } from '@mikro-orm/postgresql';
import type { NamedMigration } from '../db/migration-renames.js';
import type { TSchema, TObject, TProperties, Static } from 'typebox';
import type { FastifyInstance, FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AuthOutcome } from '../auth/auth-guard.js';
import type { Listeners } from '../events/event-bus.js';
import type { EventMap, EventName } from '../events/event-map.js';
import type { Services } from './service-map.js';
import type { GroupContainer } from './group-container.js';
import type { ErrorCatalogue } from '../errors/error-catalogue.js';
import type { AuditSink } from '../audit/audit-record.js';
import type { OutboxConsumers } from '../outbox/outbox-map.js';
import type { LogLevel } from '../mcp/log-level.js';
import type { ContentBlock } from '../mcp/content.js';
import type { ClientRequests } from '../mcp/client-requests.js';

/** The authenticated tenant as handlers see it. */
export interface ShopContext {
  id: number;
  name: string;
  timezone: string;
  locale: string;
  currency: string;
}

/** Everything a tool handler gets besides its arguments. No tokens, no HTTP, no MCP shapes. */
export interface ToolContext<Config = Record<string, unknown>> {
  shop: ShopContext;
  /** Scoped to the shop; inside the call's transaction for mutations. */
  em: EntityManager;
  /**
   * The kernel's services, the group's own and those of the groups it declares, resolved in this
   * call's scope (typed from the groups' surface.ts files).
   */
  services: Services;
  config: Readonly<Config>;
  log: FastifyBaseLogger;
  requestId: string;
  /**
   * Progress on long work (`done` of `total`), shown by a client that asked for it; a no-op for one
   * that did not. Call it freely: the kernel sends at most one every 50 ms, and always the last.
   */
  progress(done: number, total?: number, message?: string): void;
  /**
   * A log message for the client to show (MCP notifications/message, logger = the group), sent
   * when it reaches the shop's level (logging/setLevel). The call's secret arguments are scrubbed
   * from it; anything else secret must not be passed.
   */
  clientLog(level: LogLevel, data: string | Record<string, unknown>): void;
  /**
   * What this call may ask the MCP client that made it: a person's answer (elicitation) or the
   * client's own model (sampling). Jobs, listeners without a call, batches and clients that did not
   * declare the capability get a client that can ask nothing (its flags are false).
   */
  client: ClientRequests;
  /**
   * Runs `work` in a short transaction of this shop, with the same group's services bound to it.
   * For work that must reach the network first and write afterwards (a model call, a mail server):
   * a query, a job declared `transactional: false`, an outbox delivery. Inside a transaction
   * already (a mutation, a listener), `work` runs in that one.
   */
  transaction<T>(work: (ctx: ToolContext<Config>) => Promise<T>): Promise<T>;
}

export type ToolKind = 'query' | 'mutation';

/**
 * The MCP tool hints, each stated by every tool so none falls back to a default by accident.
 * A query is readOnly and not destructive; a mutation is not readOnly. destructive: it may
 * overwrite or delete what is there (false: it only adds). idempotent: calling again with the
 * same arguments changes nothing more. openWorld: it reaches a system outside this server (the
 * messaging network, a mail server, a storefront, a webhook receiver, an AI provider), now or as
 * the work it starts.
 */
export interface ToolHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

/**
 * none: runs at once. agent: the model confirms by calling again with confirm: true.
 * user: a person approves on a confirmation page; the model must not call again.
 */
export type ConfirmationPolicy = 'none' | 'agent' | 'user';

export interface ToolDefinition<P extends TProperties = TProperties, Config = unknown> {
  name: string;
  title: string;
  description: string;
  kind: ToolKind;
  /** The four MCP hints, all stated: published as the tool's annotations. */
  hints: ToolHints;
  /** The fixed value of the required `action` argument, or absent when the tool takes none. */
  action?: string;
  input: TObject<P>;
  /**
   * The fields the handler returns (the kernel adds `success: true`): published as the tool's
   * outputSchema from MCP 2025-06-18 on, and checked against every result when tools.checkOutput
   * is on (tests). Closed at the top unless it says additionalProperties: true.
   */
  output: TObject;
  confirmation?: ConfirmationPolicy;
  /**
   * Mutations run in one transaction by default. false: the handler holds none — it reaches a
   * mail server or a model first and writes afterwards through ctx.transaction in short ones (the
   * embedded engine serialises connections, so a call holding a transaction while it waits would
   * stall every other writer). Its audit line is written in a transaction of its own.
   */
  transactional?: boolean;
  /** One sentence saying what a confirmed call will do; required when confirmation is not none. */
  summary?: (args: Static<TObject<P>>, ctx: ToolContext<Config>) => string | Promise<string>;
  /**
   * For a confirmed tool: the checks a call would fail anyway (the 11th mailbox, credentials a
   * storefront rejects), run before a confirmation is issued. Throw the ToolError the call would
   * get: the first call fails with it and no confirmation is created. The handler still checks
   * for itself when the confirmed call runs, since things may change in between.
   */
  precheck?: (args: Static<TObject<P>>, ctx: ToolContext<Config>) => Promise<void>;
  handler: (args: Static<TObject<P>>, ctx: ToolContext<Config>) => Promise<Record<string, unknown>>;
}

export interface JobContext<Config = Record<string, unknown>> {
  /** Shop jobs: scoped to the shop. System jobs: unscoped; tenant-owned reads must pass filters: { tenant: false }. */
  em: EntityManager;
  shop?: ShopContext;
  services: Services;
  config: Readonly<Config>;
  log: FastifyBaseLogger;
  requestId: string;
  /** The tick this run belongs to. */
  tickAt: Date;
  /** Run work for one shop in its own scoped unit of work (system jobs). */
  forShop<T>(shopId: number, work: (ctx: JobContext<Config>) => Promise<T>): Promise<T>;
  /** Shop jobs: as ToolContext.transaction. System jobs have no shop: they use forShop. */
  transaction<T>(work: (ctx: ToolContext<Config>) => Promise<T>): Promise<T>;
}

export interface JobDefinition<Config = unknown> {
  name: string;
  /** node-cron expression, five fields or six with seconds. */
  schedule: string;
  /** shop: run once per shop, each in its own unit of work. system: run once per tick. */
  scope: 'shop' | 'system';
  /**
   * Whether a shop's run is one transaction (the default). false: the run holds none, so it may
   * call the network (a model, a mail server) and writes through ctx.transaction in short ones.
   */
  transactional?: boolean;
  description?: string;
  run: (ctx: JobContext<Config>) => Promise<void>;
}

export interface ResourceDefinition {
  uri: string;
  name: string;
  description: string;
  /** application/json: `read` returns data, served as JSON text. Any other type: the text, or a Buffer of bytes. */
  mimeType: string;
  read: (ctx: ToolContext) => Promise<unknown>;
}

/**
 * Suggestions for an argument's value (MCP completion/complete): `value` is what the user typed so
 * far, `context` the arguments already given. The kernel shows the first 100.
 */
export type Completer = (
  value: string,
  ctx: ToolContext,
  context: Readonly<Record<string, string>>,
) => Promise<string[]>;

/** Records a model reads often, one URI per record: `shop://tickets/{id}`. */
export interface ResourceTemplateDefinition {
  /** RFC 6570 level 1: each `{name}` stands for one path segment, percent-decoded. */
  uriTemplate: string;
  name: string;
  description: string;
  /** As ResourceDefinition's. */
  mimeType: string;
  /** Throws notFound() when there is no such record. */
  read: (params: Readonly<Record<string, string>>, ctx: ToolContext) => Promise<unknown>;
  /** Completions per template variable. */
  complete?: Record<string, Completer>;
  /**
   * The events that change a record, each with the variables of the record it changed:
   * `{ 'tickets.assigned': (e) => ({ id: e.ticket_id }) }`. A client subscribed to that record's
   * URI (resources/subscribe) hears of the change. An event that fires for every small step of a
   * record (a campaign's counts, per send) is paced: `{ record: (e) => …, atMostEveryMs: 5000 }`.
   */
  changedBy?: { [K in EventName]?: RecordChange<EventMap[K]> };
}

/** The variables of the record an event changed. */
export type ChangedRecord<P> = (payload: P) => Record<string, string | number>;

/**
 * How an event announces a record's change: at once, or paced — a subscriber hears of the record
 * at most once per `atMostEveryMs`, and a change inside that window is announced when it ends.
 */
export type RecordChange<P> = ChangedRecord<P> | { record: ChangedRecord<P>; atMostEveryMs: number };

export interface PromptArgument {
  name: string;
  description: string;
  required?: boolean;
  complete?: Completer;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string } | ContentBlock;
}

/** An MCP prompt: a common job the user starts from the client, built from the shop's own data. */
export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments?: PromptArgument[];
  /** Required arguments are checked by the kernel first; a bad value throws invalidArguments() or notFound(). */
  get: (
    args: Readonly<Record<string, string>>,
    ctx: ToolContext,
  ) => Promise<{ description?: string; messages: PromptMessage[] }>;
}

/**
 * What a group's `onReady` and `onClose` get: its config, the log, and the services that live as
 * long as the server (`resolve`), among them the workers it provided at setup.
 */
export interface LifecycleContext<Config = unknown> {
  config: Readonly<Config>;
  log: FastifyBaseLogger;
  resolve: GroupContainer['resolve'];
}

/**
 * Raw access for the rare group that needs HTTP routes of its own (inbound webhooks, public
 * pages), and the values its services share for the server's lifetime (`provide`).
 */
export interface SetupContext<Config = unknown> extends GroupContainer {
  app: FastifyInstance;
  config: Readonly<Config>;
  /** Runs work for a shop in a scoped unit of work, the way tool calls do. */
  withShop<T>(
    shopId: number,
    work: (ctx: ToolContext<Config>) => Promise<T>,
    options?: { transactional?: boolean },
  ): Promise<T>;
  log: FastifyBaseLogger;
  /**
   * The unscoped root EntityManager, for engines that stand outside any shop (a channel engine
   * keyed by session). Fork it per operation; tenant-owned reads on it need filters: { tenant: false }.
   */
  rootEm: EntityManager;
  /** The server's public base URL (for links the group hands out), known once listening. */
  baseUrl(): string;
  /** The server's data folder (DATA_DIR): where a group keeps files of its own, such as stored uploads. */
  dataDir: string;
  /**
   * The shop whose token the request's `Authorization: Bearer …` header carries, for the group's own
   * routes; or why not: 401, or 429 once the client's address has failed too often (the same limit
   * as the MCP endpoint's). Answer with `status` and, on 429, a Retry-After header.
   */
  authenticate(request: FastifyRequest): Promise<AuthOutcome>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each service types the slice of the container it uses; the container satisfies them all
export type ServiceClass = new (cradle: any) => unknown;

export interface PluginDefinition<C extends TSchema = TSchema> {
  name: string;
  version: string;
  description: string;
  /** Kernel versions this group works with, as a caret range: "^1.0.0". */
  kernel: string;
  dependencies?: string[];
  /**
   * Groups used when enabled (check `services.kernelCatalog.names()` or the service's presence)
   * and loaded first then; their absence is not an error.
   */
  optionalDependencies?: string[];
  /**
   * Service names this group defines as ports and resolves from whichever group registers them
   * (mass_marketing's `translatorPort`): the consumer owns the interface, any provider may fill it.
   */
  ports?: string[];
  configSchema?: C;
  entities?: EntitySchema[];
  /**
   * SQL views other groups may read in their own SQL (view name → its columns and meaning). Every
   * table belongs to the group whose entities declare it; another group's SQL names only the
   * read views of groups it declares, never their tables (test/table-ownership.test.ts). The
   * group's migrations create the views and recreate them, same columns, when its tables change.
   */
  readViews?: Record<string, string>;
  /** Applied in order; names must be unique within the group. `renamedFrom` carries an old name over. */
  migrations?: NamedMigration[];
  /**
   * What every name this group registers starts with: its services and the values it provides at
   * setup. Defaults to the group's name in camelCase (`mass_marketing` → `massMarketing`); a group
   * declares another when its services are named after something else (`'chatapp'`, `'marketing'`)
   * or after one of its records (`'ticket'`). A name is the prefix, or its plural in `s`, followed
   * by a capitalised word (`ticketLinksService`, `ticketsService`); the one exception is a service
   * registered under a port's name (a name some group lists in `ports`). The contract test
   * (test/services.test.ts) fails on any other.
   */
  servicePrefix?: string;
  /**
   * Registered in the DI container, one instance per call scope. Each is built with the services
   * its group may resolve and, under `config`, its own group's validated config (ServiceDeps).
   * Each name starts with the group's `servicePrefix`.
   */
  services?: Record<string, ServiceClass>;
  /**
   * Every error_code the group's tools answer with besides the kernel's invalid_arguments and
   * internal_error (errors.ts, made with defineErrors). The README's error section is generated
   * from it; a contract test fails on a code thrown but not listed here.
   */
  errors?: ErrorCatalogue;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of tools with different argument types
  tools?: ToolDefinition<any, Static<C>>[];
  jobs?: JobDefinition<Static<C>>[];
  /**
   * Counters the group's services increment (`services.metrics.count(name, labels)`) and gauges read
   * from its tables at scrape time; all served on /metrics. Names start with `switchboard_`.
   */
  metrics?: MetricDefinition[];
  /** The group's tables that only grow, and when their rows go (the kernel's retention job). */
  retention?: RetentionRule<Static<C>>[];
  resources?: ResourceDefinition[];
  resourceTemplates?: ResourceTemplateDefinition[];
  /** MCP prompts for the group's common jobs (prompts/list, prompts/get). */
  prompts?: PromptDefinition[];
  /** Fields this group adds to the kernel's shop://profile resource (e.g. business hours). */
  profile?: (ctx: ToolContext<Static<C>>) => Promise<Record<string, unknown>>;
  /**
   * Listeners for other groups' domain events, run inside the emitter's unit of work
   * (`ctx.services.events.emit(name, payload)` or `emitMany(name, payloads)`). Event names are
   * `<group>.<past-tense verb>`. A listener wrapped in `inBatches()` gets a batch per call.
   */
  on?: Listeners<Static<C>>;
  /**
   * The outbox topics this group delivers (`<group>.<noun>`, declared in its surface.ts): messages
   * written with `services.outbox.enqueue(topic, payload)` in a transaction reach `deliver` after
   * it commits, at least once, retried on a schedule.
   */
  outbox?: OutboxConsumers<Static<C>>;
  /** The group's own HTTP routes, and the values its services share (`provide`); nothing runs yet. */
  setup?: (ctx: SetupContext<Static<C>>) => void | Promise<void>;
  /**
   * Starts the group's background work (a worker, a channel engine) once the server is ready,
   * after every group's setup: under `listen()`, and under `app.ready()` in tests.
   */
  onReady?: (ctx: LifecycleContext<Static<C>>) => void | Promise<void>;
  /**
   * Stops it when the server closes, after the last request was answered; groups close in the
   * reverse of their load order, so a group closes before those it depends on.
   */
  onClose?: (ctx: LifecycleContext<Static<C>>) => void | Promise<void>;
  /**
   * An audit sink: every mutation of every group, successful or failed, with its actor and its
   * arguments (`secret: true` ones redacted). Successes arrive inside the call's transaction.
   */
  audit?: AuditSink;
}
