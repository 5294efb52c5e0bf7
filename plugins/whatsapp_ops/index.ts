import { definePlugin } from '../../core/index.js';
import { WhatsappOpsConfig } from './config.js';
import { sandboxEntities, sandboxMigrations } from './sandbox/sandbox-schema.js';
import { ChatappSession } from './entities/chatapp-session.entity.js';
import { ChatappMessage } from './entities/chatapp-message.entity.js';
import { ChatappOptout } from './entities/chatapp-optout.entity.js';
import { ChatappSettings } from './entities/chatapp-settings.entity.js';
import { ChatappContactWindow } from './entities/chatapp-contact-window.entity.js';
import { ChatappScheduledMessage } from './entities/chatapp-scheduled-message.entity.js';
import { ChatappProcessedEvent } from './entities/chatapp-processed-event.entity.js';
import { ChatappArchivedChat } from './entities/chatapp-archived-chat.entity.js';
import { ChatappProvider } from './entities/chatapp-provider.entity.js';
import { ChatappTemplate } from './entities/chatapp-template.entity.js';
import { ChatappSendAttempt } from './entities/chatapp-send-attempt.entity.js';
import { ChatappNumberPace } from './entities/chatapp-number-pace.entity.js';
import { WhatsappOpsInit } from './migrations/0001-init.js';
import { WhatsappOpsMessageKeyIndex } from './migrations/0002-message-key-index.js';
import { WhatsappOpsReadViews } from './migrations/0003-read-views.js';
import { WhatsappOpsStatsReads } from './migrations/0004-stats-reads.js';
import { WhatsappOpsLineHealthReads } from './migrations/0005-line-health-reads.js';
import { WhatsappOpsProviders } from './migrations/0006-providers.js';
import { WhatsappOpsNumberPace } from './migrations/0007-number-pace.js';
import { WhatsappOpsShopIndexCovered } from './migrations/0008-shop-index-covered.js';
import { WhatsappOpsTenantIndexesCovered } from './migrations/0009-tenant-indexes-covered.js';
import { WhatsappOpsSendingIndex } from './migrations/0010-sending-index.js';
import { ChatappSessionsService } from './services/sessions-service.js';
import { ChatappMessagingService } from './services/messaging-service.js';
import { ChatappMessagesService } from './services/messages-service.js';
import { ChatappOptoutsService } from './services/optouts-service.js';
import { ChatappEligibilityService } from './services/eligibility-service.js';
import { ChatappScheduledMessagesService } from './services/scheduled-messages-service.js';
import { ChatappArchiveService } from './services/archive-service.js';
import { ChatappIngestionService } from './services/ingestion-service.js';
import { ChatappFollowupsService } from './services/followups-service.js';
import { ChatappChannelsService } from './services/channels-service.js';
import { ChatappProvidersService } from './services/providers-service.js';
import { ChatappTemplatesService } from './services/templates-service.js';
import { ChatappMediaService } from './services/media-service.js';
import { setupChannel } from './wiring/channel-setup.js';
import { sendScheduledMessages } from './jobs/send-scheduled-messages.js';
import { retrySendingMessages } from './jobs/retry-sending-messages.js';
import { drainTicketFollowups } from './jobs/drain-ticket-followups.js';
import { connectChatapp } from './tools/connect-chatapp.js';
import { getChatappStatus } from './tools/get-chatapp-status.js';
import { listChatappSessions } from './tools/list-chatapp-sessions.js';
import { disconnectChatapp } from './tools/disconnect-chatapp.js';
import { updateChatappRoutingRoles } from './tools/update-chatapp-routing-roles.js';
import { sendChatappMessage } from './tools/send-chatapp-message.js';
import { listChatappMessages } from './tools/list-chatapp-messages.js';
import { addChatappOptout } from './tools/add-chatapp-optout.js';
import { checkChatappOptout } from './tools/check-chatapp-optout.js';
import { listChatappOptouts } from './tools/list-chatapp-optouts.js';
import { removeChatappOptout } from './tools/remove-chatapp-optout.js';
import { checkChatappContactEligibility } from './tools/check-chatapp-contact-eligibility.js';
import { getChatappEligibilitySettings } from './tools/get-chatapp-eligibility-settings.js';
import { updateChatappEligibilitySettings } from './tools/update-chatapp-eligibility-settings.js';
import { archiveChatappChat } from './tools/archive-chatapp-chat.js';
import { scheduleChatappMessage } from './tools/schedule-chatapp-message.js';
import { listScheduledMessages } from './tools/list-scheduled-messages.js';
import { cancelScheduledMessage } from './tools/cancel-scheduled-message.js';
import { configureChatappProvider } from './tools/configure-chatapp-provider.js';
import { listChatappProviders } from './tools/list-chatapp-providers.js';
import { removeChatappProvider } from './tools/remove-chatapp-provider.js';
import { syncChatappTemplates } from './tools/sync-chatapp-templates.js';
import { listChatappTemplates } from './tools/list-chatapp-templates.js';
import { sendChatappTemplate } from './tools/send-chatapp-template.js';
import { uploadChatappMedia } from './tools/upload-chatapp-media.js';
import { whatsappOpsErrors } from './errors.js';
import { whatsappOpsMetrics } from './operations/metrics.js';
import { whatsappOpsRetention } from './operations/retention.js';

/**
 * whatsapp_ops: the messaging channel (`chatapp`). Lines (sessions) reach the network through the
 * channel port, chosen per line — the installation's adapter (the embedded sandbox engine, or the
 * direct session service over HTTP) or one of the shop's own providers (its WhatsApp Cloud API
 * account) — and every message to a customer, from any group, goes through
 * `chatappMessagingService.send`: opt-outs, the contact-window filter, the network's 24-hour rule,
 * credits and idempotency are enforced there once. Inbound events are stored once per shop and
 * re-emitted as `whatsapp_ops.*` events for the other groups.
 */
export default definePlugin({
  name: 'whatsapp_ops',
  version: '1.0.0',
  description:
    'Messaging numbers (pairing, or the shop’s own Cloud API account), status, routing roles, the one send path with credits and opt-outs, templates, message log, contact window, archiving, scheduled messages.',
  kernel: '^1.0.0',
  servicePrefix: 'chatapp',
  optionalDependencies: ['tickets', 'agents', 'storage'],
  configSchema: WhatsappOpsConfig,
  entities: [
    ...sandboxEntities,
    ChatappSession,
    ChatappMessage,
    ChatappOptout,
    ChatappSettings,
    ChatappContactWindow,
    ChatappScheduledMessage,
    ChatappProcessedEvent,
    ChatappArchivedChat,
    ChatappProvider,
    ChatappTemplate,
    ChatappSendAttempt,
    ChatappNumberPace,
  ],
  migrations: [
    ...sandboxMigrations,
    { name: '0001-init', class: WhatsappOpsInit, renamedFrom: '0003-init' },
    { name: '0002-message-key-index', class: WhatsappOpsMessageKeyIndex, renamedFrom: '0004-message-key-index' },
    { name: '0003-read-views', class: WhatsappOpsReadViews },
    { name: '0004-stats-reads', class: WhatsappOpsStatsReads },
    { name: '0005-line-health-reads', class: WhatsappOpsLineHealthReads },
    { name: '0006-providers', class: WhatsappOpsProviders },
    { name: '0007-number-pace', class: WhatsappOpsNumberPace },
    { name: '0008-shop-index-covered', class: WhatsappOpsShopIndexCovered },
    { name: '0009-tenant-indexes-covered', class: WhatsappOpsTenantIndexesCovered },
    { name: '0010-sending-index', class: WhatsappOpsSendingIndex },
  ],
  readViews: {
    chatapp_messages_view:
      'Every message (both directions): shop_id, id, session_id, phone, direction, text, status, idempotency_key, credits_charged, sent_at (null until the network took it), error, created_at, automatic, billing_source.',
    chatapp_optouts_view: 'Phones opted out of automatic messages: shop_id, phone.',
    chatapp_sessions_view:
      'The lines: shop_id, id, status, mass_marketing_enabled, label, phone, adapter, sandbox, connected_at, disconnected_at, created_at.',
  },
  services: {
    chatappSessionsService: ChatappSessionsService,
    chatappMessagingService: ChatappMessagingService,
    chatappMessagesService: ChatappMessagesService,
    chatappOptoutsService: ChatappOptoutsService,
    chatappEligibilityService: ChatappEligibilityService,
    chatappScheduledMessagesService: ChatappScheduledMessagesService,
    chatappArchiveService: ChatappArchiveService,
    chatappIngestionService: ChatappIngestionService,
    chatappFollowupsService: ChatappFollowupsService,
    chatappChannels: ChatappChannelsService,
    chatappProvidersService: ChatappProvidersService,
    chatappTemplatesService: ChatappTemplatesService,
    chatappMediaService: ChatappMediaService,
  },
  errors: whatsappOpsErrors,
  tools: [
    connectChatapp,
    getChatappStatus,
    listChatappSessions,
    disconnectChatapp,
    updateChatappRoutingRoles,
    sendChatappMessage,
    listChatappMessages,
    addChatappOptout,
    checkChatappOptout,
    listChatappOptouts,
    removeChatappOptout,
    checkChatappContactEligibility,
    getChatappEligibilitySettings,
    updateChatappEligibilitySettings,
    archiveChatappChat,
    scheduleChatappMessage,
    listScheduledMessages,
    cancelScheduledMessage,
    configureChatappProvider,
    listChatappProviders,
    removeChatappProvider,
    syncChatappTemplates,
    listChatappTemplates,
    sendChatappTemplate,
    uploadChatappMedia,
  ],
  jobs: [sendScheduledMessages, retrySendingMessages, drainTicketFollowups],
  metrics: whatsappOpsMetrics,
  retention: whatsappOpsRetention,
  setup: setupChannel,
  onReady: ({ resolve }) => resolve('chatappChannelWorkers').start(),
  onClose: ({ resolve }) => resolve('chatappChannelWorkers').stop(),
});
