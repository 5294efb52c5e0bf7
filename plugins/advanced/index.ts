import { definePlugin } from '../../core/index.js';
import { AdvancedConfig } from './config.js';
import { advancedErrors } from './errors.js';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity.js';
import { WebhookDelivery } from './entities/webhook-delivery.entity.js';
import { WebhookAttempt } from './entities/webhook-attempt.entity.js';
import { CustomFunction } from './entities/custom-function.entity.js';
import { CustomFunctionCall } from './entities/custom-function-call.entity.js';
import { AdvancedInit } from './migrations/0001-init.js';
import { AdvancedTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { WebhookEndpointService } from './services/webhooks/endpoint-service.js';
import { WebhookRecorder } from './services/webhooks/webhook-recorder.js';
import { WebhookSender } from './services/webhooks/webhook-sender.js';
import { WebhookDeliveriesService } from './services/webhooks/deliveries-service.js';
import { ShopGate } from './services/webhooks/shop-gate.js';
import { webhookListeners } from './services/webhooks/webhook-listeners.js';
import { CustomFunctionsService } from './services/functions/custom-functions-service.js';
import { FunctionInvoker } from './services/functions/function-invoker.js';
import { FunctionCallsService } from './services/functions/function-calls-service.js';
import { configureWebhooks } from './tools/configure-webhooks.js';
import { getWebhookConfig } from './tools/get-webhook-config.js';
import { listWebhookEventTypes } from './tools/list-webhook-event-types.js';
import { sendTestWebhook } from './tools/send-test-webhook.js';
import { listWebhookDeliveries } from './tools/list-webhook-deliveries.js';
import { getWebhookDelivery } from './tools/get-webhook-delivery.js';
import { redeliverWebhook } from './tools/redeliver-webhook.js';
import { recoverFailedWebhooks } from './tools/recover-failed-webhooks.js';
import { createCustomFunction } from './tools/create-custom-function.js';
import { listCustomFunctions } from './tools/list-custom-functions.js';
import { getCustomFunction } from './tools/get-custom-function.js';
import { updateCustomFunction } from './tools/update-custom-function.js';
import { deleteCustomFunction } from './tools/delete-custom-function.js';
import { testCustomFunction } from './tools/test-custom-function.js';
import { listCustomFunctionCalls } from './tools/list-custom-function-calls.js';
import { listCrmFieldDefinitions } from './tools/list-crm-field-definitions.js';
import { createCrmFieldDefinition } from './tools/create-crm-field-definition.js';
import { updateCrmFieldDefinition } from './tools/update-crm-field-definition.js';
import { deleteCrmFieldDefinition } from './tools/delete-crm-field-definition.js';
import { exportCrmCustomersCsv } from './tools/export-crm-customers-csv.js';

/**
 * advanced: the shop's own systems. Webhooks: one HTTPS endpoint per shop, subscribed event types
 * from the domain events of the enabled groups, written to the outbox in the transaction of the
 * change, signed (Stripe-style and Standard Webhooks headers), retried on Svix's schedule for about
 * 27 hours, with a delivery log, redelivery and recovery of a window. Custom functions: HTTPS
 * endpoints of the shop's the assistant may call, described by a JSON Schema, signed, guarded,
 * capped and logged. CRM extras: typed custom-field definitions that the crm group checks every
 * write against, and a CSV export (the crm group owns the data; these are its tools' faces).
 */
export default definePlugin({
  name: 'advanced',
  version: '1.0.0',
  description:
    'The shop’s own systems: signed webhooks delivered from a transactional outbox with retries, a delivery log, redelivery and recovery; custom functions the assistant may call; typed CRM fields and a CSV export.',
  kernel: '^1.0.0',
  optionalDependencies: ['crm'],
  configSchema: AdvancedConfig,
  entities: [WebhookEndpoint, WebhookDelivery, WebhookAttempt, CustomFunction, CustomFunctionCall],
  migrations: [
    { name: '0001-init', class: AdvancedInit },
    { name: '0002-tenant-indexes-covered', class: AdvancedTenantIndexesCovered },
  ],
  services: {
    advancedWebhookEndpoints: WebhookEndpointService,
    advancedWebhookRecorder: WebhookRecorder,
    advancedWebhookSender: WebhookSender,
    advancedWebhookDeliveries: WebhookDeliveriesService,
    advancedCustomFunctions: CustomFunctionsService,
    advancedFunctionInvoker: FunctionInvoker,
    advancedFunctionCalls: FunctionCallsService,
  },
  errors: advancedErrors,
  tools: [
    configureWebhooks,
    getWebhookConfig,
    listWebhookEventTypes,
    sendTestWebhook,
    listWebhookDeliveries,
    getWebhookDelivery,
    redeliverWebhook,
    recoverFailedWebhooks,
    createCustomFunction,
    listCustomFunctions,
    getCustomFunction,
    updateCustomFunction,
    deleteCustomFunction,
    testCustomFunction,
    listCustomFunctionCalls,
    listCrmFieldDefinitions,
    createCrmFieldDefinition,
    updateCrmFieldDefinition,
    deleteCrmFieldDefinition,
    exportCrmCustomersCsv,
  ],
  on: webhookListeners,
  outbox: {
    'advanced.webhook': {
      deliverBatch: (deliveries, { services }) => services.advancedWebhookSender.deliverBatch(deliveries),
      retryScheduleMs: (config) => config.retryScheduleMs,
    },
  },
  retention: [
    { table: 'webhook_deliveries', column: 'created_at', where: `"status" <> 'pending'`, days: (c) => c.retentionDays },
    { table: 'webhook_attempts', column: 'attempted_at', days: (c) => c.retentionDays },
    { table: 'custom_function_calls', column: 'created_at', days: (c) => c.retentionDays },
  ],
  setup: ({ provide, config }) => {
    provide('advancedWebhookShopGate', new ShopGate(config.maxInFlightPerShop));
    provide('advancedWebhookUnrecorded', new ShopGate(config.maxUnrecordedPerShop));
  },
});
