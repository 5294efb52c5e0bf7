/**
 * The public API for tool-group authors. A group imports from here and nowhere else in core/:
 * everything not exported here may change without notice.
 */
export { Type, type Static, type TSchema, type TObject, type TProperties } from 'typebox';
export { defineEntity, p, LockMode, FullTextType, type InferEntity, type EntityManager } from '@mikro-orm/postgresql';
export { Migration } from './db/migration.js';
export {
  definePlugin,
  defineTool,
  defineJob,
  defineResource,
  defineResourceTemplate,
  definePrompt,
  defineGroup,
} from './plugin/define.js';
export type {
  PluginDefinition,
  ToolDefinition,
  ToolContext,
  JobDefinition,
  JobContext,
  ResourceDefinition,
  ResourceTemplateDefinition,
  PromptDefinition,
  PromptArgument,
  PromptMessage,
  Completer,
  SetupContext,
  LifecycleContext,
  ShopContext,
  ConfirmationPolicy,
  ToolKind,
  ToolHints,
} from './plugin/plugin-types.js';
export { tenantColumn } from './tenancy/tenant-column.js';
export { ToolError, notFound, invalidState, invalidArguments, groupNotEnabled } from './errors/tool-error.js';
export {
  defineErrors,
  KERNEL_TOOL_ERRORS,
  invalidArgumentsEntry,
  notFoundEntry,
  invalidStateEntry,
  groupNotEnabledEntry,
  type ErrorCatalogue,
  type ErrorEntry,
} from './errors/error-catalogue.js';
export { describeErrors, type FieldError } from './config/schema-errors.js';
export type { CreditsService } from './credits/credits-service.js';
export type { CreditKind } from './credits/credit-movement.entity.js';
export type { ShopProfileService, ShopRecord, ShopProfileChanges } from './tenancy/shop-profile-service.js';
export type { SecretBox } from './secrets/secret-box.js';
export type { GroupCatalog, GroupInfo } from './plugin/group-catalog.js';
export { inBatches } from './events/event-bus.js';
export type { ScopedEvents, BatchListener, EventHandler, Listener, Listeners } from './events/event-bus.js';
export type { EventMap, EventName } from './events/event-map.js';
export type { Outbox, EnqueueOptions } from './outbox/outbox.js';
export type {
  OutboxMap,
  OutboxTopic,
  OutboxDelivery,
  OutboxOutcome,
  OutboxConsumer,
  OutboxConsumers,
} from './outbox/outbox-map.js';
export type { ShopCreated, CreditsLow } from './surface.js';
export type { AuthOutcome } from './auth/auth-guard.js';
export type {
  AuditActor,
  AuditContext,
  AuditRecord,
  AuditResource,
  AuditSink,
  ConfirmationEvent,
} from './audit/audit-record.js';
export { REDACTED } from './audit/secret-args.js';
export type {
  NetworkGuard,
  CheckedAddress,
  ConfiguredUrl,
  GuardedFetchOptions,
  OpenedRequest,
} from './net/network-guard.js';
export { timestampedHmac, verifyBodyHmac } from './net/hmac-signature.js';
export { readCapped } from './net/read-capped.js';
export type { Services, KernelServices, GroupServices, ServiceDeps } from './plugin/service-map.js';
export type {
  MetricDefinition,
  CounterDefinition,
  GaugeDefinition,
  GaugeSample,
  MetricLabels,
  GroupMetrics,
} from './metrics/metric-definition.js';
export type { RetentionRule } from './retention/retention-rule.js';
export { sql, asEntities } from './db/sql.js';
export { OwnStatements } from './db/own-statements.js';
export type { CommitHooks } from './tools/commit-hooks.js';
export { claimDueRows, byShop, type DueRows, type ClaimedRow } from './jobs/claim-due-rows.js';
export { normalizePhone, phoneE164OrNull, countryCallingCode } from './util/phone.js';
export { languageOfPhone, type PhoneLanguage } from './util/phone-language.js';
export { PagingArgs, pageOf, type Paging } from './util/paging.js';
export { Nullable, DateTime, oneOf, pageOutput, WarningsOutput } from './util/output-types.js';
export { isoOrNull } from './util/iso-date.js';
export { escapeHtml } from './util/html.js';
export { foldAccents, foldWords } from './util/fold.js';
export { nonBlank, likeLiteral, containsPattern } from './util/text.js';
export { parseShopTime, parseShopDay, parseLocalDate, formatShopTime } from './util/shop-time.js';
export { DateTimeArg, RangeBoundArg, DateArg, TimeOfDayArg, ClosingTimeArg } from './util/date-args.js';
export { MoneyArg } from './util/money-args.js';
export { NoEffectArg } from './util/no-effect-arg.js';
export { DAY_NAMES, dayName, DayOfWeekArg, DayOfWeekOutput, DayNameOutput, type DayName } from './util/weekdays.js';
export { stateTable, type StateTable } from './util/state-table.js';
export { fillTemplate, fillVariables, unknownVariables } from './util/message-template.js';
export { csvCell, csvRow } from './util/csv.js';
export { PollingLoop } from './util/polling-loop.js';
export { loadAtFirstUse } from './util/load-at-first-use.js';
export { takeOne, type Counted } from './util/window-counter.js';
export { browserScriptRoute } from './web/browser-bundle.js';
export { PublicRefusal } from './web/public-refusal.js';
export { normalizeDomains, originHost, hostAllowed, frameAncestors } from './web/allowed-domains.js';
export {
  withContent,
  imageContent,
  audioContent,
  embeddedResource,
  type ContentBlock,
  type ResourceBody,
} from './mcp/content.js';
export type { LogLevel } from './mcp/log-level.js';
export { ClientRequestError, noClient } from './mcp/client-requests.js';
export type {
  ClientRequests,
  ClientRequestFailure,
  ElicitationRequest,
  ElicitationAnswer,
  FormField,
  SamplingRequest,
  SamplingAnswer,
  SamplingMessage,
} from './mcp/client-requests.js';
export { completeIds, completeText } from './mcp/complete-helpers.js';
export { templateId } from './mcp/uri-template.js';
export { KERNEL_VERSION, SERVER_VERSION } from './version.js';
