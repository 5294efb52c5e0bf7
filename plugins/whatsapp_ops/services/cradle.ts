import type {
  CreditsService,
  EntityManager,
  GroupCatalog,
  GroupMetrics,
  ScopedEvents,
  SecretBox,
  ShopContext,
} from '../../../core/index.js';
import type { ChannelPort } from '../channel/channel-port.js';
import type { WhatsappOpsConfig } from '../config.js';
import type { ChatappSessionsService } from './sessions-service.js';
import type { ChatappMessagingService } from './messaging-service.js';
import type { ChatappOptoutsService } from './optouts-service.js';
import type { ChatappEligibilityService } from './eligibility-service.js';

/**
 * What the group's services take from a call scope. `chatappChannel` (the port) and
 * `chatappConfig` are registered by the manifest's setup. `shop` and `events` exist only in shop
 * scopes, so services keep the cradle and read them when used.
 */
export interface ChatappCradle {
  em: EntityManager;
  shop: ShopContext;
  credits: CreditsService;
  secrets: SecretBox;
  events: ScopedEvents;
  kernelCatalog: GroupCatalog;
  metrics: GroupMetrics;
  chatappChannel: ChannelPort;
  chatappConfig: WhatsappOpsConfig;
  chatappSessionsService: ChatappSessionsService;
  chatappMessagingService: ChatappMessagingService;
  chatappOptoutsService: ChatappOptoutsService;
  chatappEligibilityService: ChatappEligibilityService;
}
