/**
 * The whatsapp_ops group as other groups see it: its services (the one send path among them) and
 * its events. Types, and the output schemas of records other groups show in their own answers.
 */
import type { ChatappSessionsService } from './services/sessions-service.js';
import type { ChatappMessagingService } from './services/messaging-service.js';
import type { ChatappMessagesService } from './services/messages-service.js';
import type { ChatappOptoutsService } from './services/optouts-service.js';
import type { ChatappEligibilityService } from './services/eligibility-service.js';
import type { ChatappScheduledMessagesService } from './services/scheduled-messages-service.js';
import type { ChatappArchiveService } from './services/archive-service.js';
import type { ChatappIngestionService } from './services/ingestion-service.js';
import type { ChatappFollowupsService } from './services/followups-service.js';
import type { ChatappChannelsService } from './services/channels-service.js';
import type { ChatappProvidersService } from './services/providers-service.js';
import type { ChatappTemplatesService } from './services/templates-service.js';
import type { ChatappMediaService } from './services/media-service.js';
import type { ChannelRegistry } from './channel/providers/channel-registry.js';
import type { ChannelWorkers } from './wiring/channel-workers.js';
import type { MessageStatus, RoutingRole, StoredMedia } from './entities/values.js';

/** A message as list_chatapp_messages shows it; conversations shows the same records. */
export { MessageOutput, SessionOutput } from './tools/outputs.js';
/** The roles that choose a line for a send (senderRole). */
export { ROUTING_ROLES } from './entities/values.js';
/** The automatic senders the contact-window filter knows (a workflow step may send as one). */
export { BILLING_SOURCES } from './entities/values.js';

/** A template's values, header media and buttons, as send_chatapp_template takes them. */
export {
  templateValuesArg,
  templateLanguageArg,
  templateHeaderMediaArg,
  templateButtonsArg,
} from './tools/template-args.js';

export type { SendRequest, SendAnswer } from './services/messaging-service.js';
/** A template send's values (SendRequest.template). */
export type { TemplateRequest } from './services/template-fill.js';

export type {
  ChatappSessionsService,
  ChatappMessagingService,
  ChatappMessagesService,
  ChatappOptoutsService,
  ChatappEligibilityService,
  ChatappScheduledMessagesService,
  ChatappArchiveService,
  ChatappIngestionService,
  ChatappFollowupsService,
  ChatappChannelsService,
  ChatappProvidersService,
  ChatappTemplatesService,
  ChatappMediaService,
  MessageStatus,
  RoutingRole,
  StoredMedia,
};

/** Fired for every message the network accepted from one of the shop's lines (emitMany per batch). */
export interface WhatsappOpsMessageSent {
  message_id: number;
  session_id: number;
  phone: string;
  text: string | null;
  media: StoredMedia | null;
  /** Sent by automation (a campaign, a follow-up) rather than by a person. */
  automatic: boolean;
  billing_source: string | null;
  /** ISO 8601. */
  sent_at: string;
}

/** Fired for every new inbound message on one of the shop's lines. */
export interface WhatsappOpsMessageReceived {
  message_id: number;
  session_id: number;
  phone: string;
  text: string | null;
  media: StoredMedia | null;
  /** ISO 8601. */
  received_at: string;
}

/** Fired when a receipt moves a sent message's status forward (emitMany per batch of receipts). */
export interface WhatsappOpsMessageStatus {
  message_id: number;
  session_id: number;
  phone: string;
  status: MessageStatus;
}

/** Fired when a phone newly opts out (a stop word, or add_chatapp_optout). */
export interface WhatsappOpsOptedOut {
  phone: string;
  reason: string | null;
}

/**
 * Fired when the network reports a connected line disconnected (logged out on the phone, banned,
 * lost) or stops it (an expired provider token, a blocked number): not when the shop disconnects
 * it with disconnect_chatapp.
 */
export interface WhatsappOpsLineDisconnected {
  session_id: number;
  label: string | null;
  /** The line's own number, when it was known. */
  phone: string | null;
  /** The network's reason: logged_out (a paired line), token_expired or blocked (a provider's number). */
  reason: string;
  /** What the owner does to bring the line back. */
  remedy: string;
  /** ISO 8601. */
  disconnected_at: string;
}

declare module '../../core/index.js' {
  interface GroupServices {
    chatappSessionsService: ChatappSessionsService;
    chatappMessagingService: ChatappMessagingService;
    chatappMessagesService: ChatappMessagesService;
    chatappOptoutsService: ChatappOptoutsService;
    chatappEligibilityService: ChatappEligibilityService;
    chatappScheduledMessagesService: ChatappScheduledMessagesService;
    chatappArchiveService: ChatappArchiveService;
    chatappIngestionService: ChatappIngestionService;
    chatappFollowupsService: ChatappFollowupsService;
    /** The adapter of each line: the installation's, or a shop provider's. */
    chatappChannels: ChatappChannelsService;
    chatappProvidersService: ChatappProvidersService;
    chatappTemplatesService: ChatappTemplatesService;
    chatappMediaService: ChatappMediaService;
    /** Every adapter of the process (the installation's and the providers'); provided at setup. */
    chatappChannelRegistry: ChannelRegistry;
    /** Provided at setup: the sandbox engine, the resend at start and the stopped lines being recorded. */
    chatappChannelWorkers: ChannelWorkers;
  }
  interface EventMap {
    'whatsapp_ops.message_sent': WhatsappOpsMessageSent;
    'whatsapp_ops.message_received': WhatsappOpsMessageReceived;
    'whatsapp_ops.message_status': WhatsappOpsMessageStatus;
    'whatsapp_ops.opted_out': WhatsappOpsOptedOut;
    'whatsapp_ops.line_disconnected': WhatsappOpsLineDisconnected;
  }
}
