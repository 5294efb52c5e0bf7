import type { EntitySchema, EntityManager } from '@mikro-orm/postgresql';
import type { NamedMigration } from '../db/migration-renames.js';
import type { TSchema, TObject, TProperties, Static } from 'typebox';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { AwilixContainer } from 'awilix';
import type { BatchListener } from '../events/event-bus.js';

/** The authenticated tenant as handlers see it. */
export interface ShopContext {
  id: number;
  name: string;
  timezone: string;
  locale: string;
  currency: string;
}

/** Services as a handler sees them when its group does not declare their types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UntypedServices = Record<string, any>;

/** Everything a tool handler gets besides its arguments. No tokens, no HTTP, no MCP shapes. */
export interface ToolContext<Config = Record<string, unknown>, Services = UntypedServices> {
  shop: ShopContext;
  /** Scoped to the shop; inside the call's transaction for mutations. */
  em: EntityManager;
  /** Services of every enabled group and of the kernel, resolved in this call's scope. */
  services: Services;
  config: Readonly<Config>;
  log: FastifyBaseLogger;
  requestId: string;
}

export type ToolKind = 'query' | 'mutation';

/**
 * none: runs at once. agent: the model confirms by calling again with confirm: true.
 * user: a person approves on a confirmation page; the model must not call again.
 */
export type ConfirmationPolicy = 'none' | 'agent' | 'user';

export interface ToolDefinition<P extends TProperties = TProperties, Config = any, Services = UntypedServices> {
  name: string;
  title: string;
  description: string;
  kind: ToolKind;
  /** The fixed value of the required `action` argument, or absent when the tool takes none. */
  action?: string;
  input: TObject<P>;
  /**
   * The fields the handler returns (the kernel adds `success: true`): published as the tool's
   * outputSchema and checked against every result in tests.
   */
  output?: TObject;
  confirmation?: ConfirmationPolicy;
  /** One sentence saying what a confirmed call will do; required when confirmation is not none. */
  summary?: (args: Static<TObject<P>>, ctx: ToolContext<Config, Services>) => string | Promise<string>;
  /** Hints beyond what kind implies. Queries are always read-only and non-destructive. */
  destructive?: boolean;
  idempotent?: boolean;
  /** True when the tool reaches a third-party system (messaging network, storefront, mail). */
  openWorld?: boolean;
  handler: (args: Static<TObject<P>>, ctx: ToolContext<Config, Services>) => Promise<Record<string, unknown>>;
}

export interface JobContext<Config = Record<string, unknown>, Services = UntypedServices> {
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
  forShop<T>(shopId: number, work: (ctx: JobContext<Config, Services>) => Promise<T>): Promise<T>;
}

export interface JobDefinition<Config = any, Services = UntypedServices> {
  name: string;
  /** node-cron expression, five fields or six with seconds. */
  schedule: string;
  /** shop: run once per shop, each in its own unit of work. system: run once per tick. */
  scope: 'shop' | 'system';
  description?: string;
  run: (ctx: JobContext<Config, Services>) => Promise<void>;
}

export interface ResourceDefinition {
  uri: string;
  name: string;
  description: string;
  mimeType: 'application/json';
  read: (ctx: ToolContext) => Promise<unknown>;
}

/** Raw access for the rare group that needs HTTP routes of its own (inbound webhooks, public pages). */
export interface SetupContext<Config = any> {
  app: FastifyInstance;
  config: Readonly<Config>;
  container: AwilixContainer;
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
  /** The shop a `Authorization: Bearer …` header belongs to, or null — for the group's own routes. */
  authenticate(authorization: string | undefined): Promise<ShopContext | null>;
}

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
  configSchema?: C;
  entities?: EntitySchema<any, any>[];
  /** Applied in order; names must be unique within the group. `renamedFrom` carries an old name over. */
  migrations?: NamedMigration[];
  /** Registered in the DI container, one instance per call scope. */
  services?: Record<string, ServiceClass>;
  tools?: ToolDefinition<any, Static<C>>[];
  jobs?: JobDefinition<Static<C>>[];
  resources?: ResourceDefinition[];
  /** Fields this group adds to the kernel's shop://profile resource (e.g. business hours). */
  profile?: (ctx: ToolContext<Static<C>>) => Promise<Record<string, unknown>>;
  /**
   * Listeners for other groups' domain events, run inside the emitter's unit of work
   * (`ctx.services.events.emit(name, payload)` or `emitMany(name, payloads)`). Event names are
   * `<group>.<past-tense verb>`. A listener wrapped in `inBatches()` gets a batch per call.
   */
  on?: Record<string, ((payload: any, ctx: ToolContext<Static<C>>) => Promise<void>) | BatchListener<Static<C>>>;
  setup?: (ctx: SetupContext<Static<C>>) => void | Promise<void>;
}
