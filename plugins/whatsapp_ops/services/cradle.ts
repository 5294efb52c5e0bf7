import type {
  CreditsService,
  EntityManager,
  GroupCatalog,
  GroupMetrics,
  NetworkGuard,
  ScopedEvents,
  SecretBox,
  ShopContext,
} from '../../../core/index.js';
import type { StorageFilesService, StorageUploadsService } from '../../storage/surface.js';
import type { ChannelRegistry } from '../channel/providers/channel-registry.js';
import type { WhatsappOpsConfig } from '../config.js';
import type { ChatappSessionsService } from './sessions-service.js';
import type { ChatappMessagingService } from './messaging-service.js';
import type { ChatappOptoutsService } from './optouts-service.js';
import type { ChatappEligibilityService } from './eligibility-service.js';
import type { ChatappChannelsService } from './channels-service.js';
import type { ChatappProvidersService } from './providers-service.js';
import type { ChatappTemplatesService } from './templates-service.js';

/**
 * What the group's services take from a call scope. `chatappChannelRegistry` (every adapter) is
 * provided by the manifest's setup; `config` is the group's own. `shop` and `events` exist only
 * in shop scopes, so services keep the cradle and read them when used.
 * `storageUploadsService` and `storageFilesService` exist only when the storage group is enabled.
 */
export interface ChatappCradle {
  em: EntityManager;
  shop: ShopContext;
  credits: CreditsService;
  secrets: SecretBox;
  events: ScopedEvents;
  kernelCatalog: GroupCatalog;
  metrics: GroupMetrics;
  networkGuard: NetworkGuard;
  chatappChannelRegistry: ChannelRegistry;
  config: WhatsappOpsConfig;
  baseUrl: () => string;
  chatappChannels: ChatappChannelsService;
  chatappSessionsService: ChatappSessionsService;
  chatappMessagingService: ChatappMessagingService;
  chatappOptoutsService: ChatappOptoutsService;
  chatappEligibilityService: ChatappEligibilityService;
  chatappProvidersService: ChatappProvidersService;
  chatappTemplatesService: ChatappTemplatesService;
  storageUploadsService: StorageUploadsService;
  storageFilesService: StorageFilesService;
}
