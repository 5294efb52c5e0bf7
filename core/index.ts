/**
 * The public API for tool-group authors. A group imports from here and nowhere else in core/:
 * everything not exported here may change without notice.
 */
export { Type, type Static, type TSchema } from 'typebox';
export { defineEntity, p, LockMode, type InferEntity, type EntityManager } from '@mikro-orm/postgresql';
export { Migration } from '@mikro-orm/migrations';
export { definePlugin, defineTool, defineJob, defineResource, defineGroup } from './plugin/define.js';
export type {
  PluginDefinition,
  ToolDefinition,
  ToolContext,
  JobDefinition,
  JobContext,
  ResourceDefinition,
  SetupContext,
  ShopContext,
  ConfirmationPolicy,
  ToolKind,
  UntypedServices,
} from './plugin/plugin-types.js';
export { tenantColumn } from './tenancy/tenant-column.js';
export { ToolError, notFound, invalidState, invalidArguments } from './errors/tool-error.js';
export { describeErrors, type FieldError } from './config/schema-errors.js';
export type { CreditsService } from './credits/credits-service.js';
export type { ShopProfileService, ShopRecord, ShopProfileChanges } from './tenancy/shop-profile-service.js';
export type { SecretBox } from './secrets/secret-box.js';
export type { GroupCatalog, GroupInfo } from './plugin/group-catalog.js';
export { inBatches } from './events/event-bus.js';
export type { ScopedEvents, BatchListener } from './events/event-bus.js';
export { normalizePhone, phoneE164OrNull, countryCallingCode } from './util/phone.js';
export { PagingArgs, pageOf, type Paging } from './util/paging.js';
export { nonBlank, likeLiteral, containsPattern } from './util/text.js';
export { parseShopTime, formatShopTime } from './util/shop-time.js';
export { PollingLoop } from './util/polling-loop.js';
export { KERNEL_VERSION } from './version.js';
