import type { EntityManager } from '@mikro-orm/postgresql';
import type { ScopedEvents } from '../events/event-bus.js';
import type { CreditsService } from '../credits/credits-service.js';
import type { ShopProfileService } from '../tenancy/shop-profile-service.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { GroupCatalog } from './group-catalog.js';
import type { NetworkGuard } from '../net/network-guard.js';
import type { ShopContext } from './plugin-types.js';
import type { Outbox } from '../outbox/outbox.js';
import type { CommitHooks } from '../tools/commit-hooks.js';
import type { GroupMetrics } from '../metrics/metric-definition.js';
import type { ClientRequests } from '../mcp/client-requests.js';

/** What the kernel registers in every call scope. */
export interface KernelServices {
  /** The unit of work's EntityManager (unscoped in system jobs). */
  em: EntityManager;
  /** The call's shop; absent in system jobs. */
  shop: ShopContext;
  events: ScopedEvents;
  /** Messages that leave the process, written in the call's transaction (core/outbox); absent in system jobs. */
  outbox: Outbox;
  /** Work to run last in the unit of work's transaction (core/tools/commit-hooks.ts). */
  commit: CommitHooks;
  credits: CreditsService;
  shopProfile: ShopProfileService;
  secrets: SecretBox;
  kernelCatalog: GroupCatalog;
  /** The one way out to a URL or host a shop supplied (core/net/network-guard.ts). */
  networkGuard: NetworkGuard;
  /** The counters the groups' manifests declare (core/metrics). */
  metrics: GroupMetrics;
  /** What the call may ask its MCP client (core/mcp/client-requests.ts); asks nothing outside a client's call. */
  client: ClientRequests;
  /** The server's public base URL without a trailing slash, for links a service hands out; known once listening. */
  baseUrl: () => string;
}

/**
 * The groups' services, by container name. Each group adds its own from its surface.ts by
 * declaration merging (`declare module '../../core/index.js' { interface GroupServices { … } }`).
 * A service of another group is there only when that group is enabled: the kernel refuses a group
 * that resolves one it does not declare (KRN_ERR_UNDECLARED_SERVICE), and an optional dependency's
 * presence is checked with `kernelCatalog` before use.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the groups' surfaces
export interface GroupServices {}

export type Services = KernelServices & GroupServices;

/**
 * What a group's service is built with: the services it may resolve, and `config`, its own
 * group's validated config (each group's services get their own group's).
 */
export type ServiceDeps<Config> = Services & { readonly config: Readonly<Config> };
