/** The advanced group as other groups see it: its services. Types only. */
import type { AdvancedConfig } from './config.js';
import type { WebhookEndpointService } from './services/webhooks/endpoint-service.js';
import type { WebhookRecorder, WebhookDeliveryMessage } from './services/webhooks/webhook-recorder.js';
import type { WebhookSender } from './services/webhooks/webhook-sender.js';
import type { WebhookDeliveriesService } from './services/webhooks/deliveries-service.js';
import type { ShopGate } from './services/webhooks/shop-gate.js';

declare module '../../core/index.js' {
  interface GroupServices {
    webhookEndpoints: WebhookEndpointService;
    webhookRecorder: WebhookRecorder;
    webhookSender: WebhookSender;
    webhookDeliveries: WebhookDeliveriesService;
    /** Registered at setup: this process's cap on requests in flight to one shop's endpoint. */
    webhookShopGate: ShopGate;
    /** The group's config, registered at setup. */
    advancedConfig: AdvancedConfig;
  }
  interface OutboxMap {
    /** A webhook delivery to attempt (the advanced group POSTs it to the shop's endpoint). */
    'advanced.webhook': WebhookDeliveryMessage;
  }
}
