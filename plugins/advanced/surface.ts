/** The advanced group as other groups see it: its services and its event. */
import type { WebhookEndpointService } from './services/webhooks/endpoint-service.js';
import type { WebhookRecorder, WebhookDeliveryMessage } from './services/webhooks/webhook-recorder.js';
import type { WebhookSender } from './services/webhooks/webhook-sender.js';
import type { WebhookDeliveriesService } from './services/webhooks/deliveries-service.js';
import type { ShopGate } from './services/webhooks/shop-gate.js';
import type { CustomFunctionsService } from './services/functions/custom-functions-service.js';
import type { FunctionInvoker } from './services/functions/function-invoker.js';
import type { FunctionCallsService } from './services/functions/function-calls-service.js';

export type {
  FunctionInvoker,
  CallContext,
  CallOutcome,
  FunctionDefinition,
} from './services/functions/function-invoker.js';

/** Fired once when the shop's endpoint is set aside after every delivery failed for disableAfterFailingMs (5 days). */
export interface AdvancedWebhooksDisabled {
  webhook_url: string;
  /** ISO 8601: the first failure of the run. */
  failing_since: string;
  /** ISO 8601. */
  disabled_at: string;
}

declare module '../../core/index.js' {
  interface GroupServices {
    advancedWebhookEndpoints: WebhookEndpointService;
    advancedWebhookRecorder: WebhookRecorder;
    advancedWebhookSender: WebhookSender;
    advancedWebhookDeliveries: WebhookDeliveriesService;
    /** Provided at setup: this process's cap on requests in flight to one shop's endpoint. */
    advancedWebhookShopGate: ShopGate;
    /** Provided at setup: this process's cap on the relay's attempts to one shop not yet recorded. */
    advancedWebhookUnrecorded: ShopGate;
    advancedCustomFunctions: CustomFunctionsService;
    /** The assistant's way to its shop's functions: definitions(surface) and invokeByName(name, args, context). */
    advancedFunctionInvoker: FunctionInvoker;
    advancedFunctionCalls: FunctionCallsService;
  }
  interface EventMap {
    'advanced.webhooks_disabled': AdvancedWebhooksDisabled;
  }
  interface OutboxMap {
    /** A webhook delivery to attempt (the advanced group POSTs it to the shop's endpoint). */
    'advanced.webhook': WebhookDeliveryMessage;
  }
}
