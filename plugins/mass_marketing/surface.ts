/** The mass_marketing group as other groups see it: its services and its events. Types only. */
import type { MarketingContactListsService } from './services/contacts/contact-lists-service.js';
import type { MarketingContactImportsService } from './services/contacts/contact-imports-service.js';
import type { MarketingAudienceService } from './services/audience/audience-service.js';
import type { MarketingBlacklistService } from './services/audience/blacklist-service.js';
import type { MarketingUnsubscribesService } from './services/audience/unsubscribes-service.js';
import type { MarketingSettingsService } from './services/settings-service.js';
import type { MarketingSessionsService } from './services/marketing-sessions-service.js';
import type { MarketingCampaignsService } from './services/campaigns/campaigns-service.js';
import type { MarketingCampaignRunsService } from './services/campaigns/campaign-runs-service.js';
import type { MarketingCampaignStatsService } from './services/campaigns/campaign-stats-service.js';
import type { MarketingCampaignLogsService } from './services/campaigns/campaign-logs-service.js';
import type { MarketingCampaignSenderService } from './services/campaigns/engine/campaign-sender-service.js';
import type { MarketingCampaignRepliesService } from './services/campaigns/campaign-replies-service.js';
import type { MarketingTranslationService } from './services/translation-service.js';
import type { ImportWorker } from './services/contacts/import-worker.js';
import type { CampaignEngine } from './services/campaigns/engine/campaign-engine.js';
import type { TranslatorPort } from './services/translation-service.js';
import type { CampaignStatus, UnsubscribeSource } from './entities/values.js';

export type {
  MarketingContactListsService,
  MarketingContactImportsService,
  MarketingAudienceService,
  MarketingBlacklistService,
  MarketingUnsubscribesService,
  MarketingSettingsService,
  MarketingSessionsService,
  MarketingCampaignsService,
  MarketingCampaignRunsService,
  MarketingCampaignStatsService,
  MarketingCampaignLogsService,
  MarketingCampaignSenderService,
  MarketingCampaignRepliesService,
  MarketingTranslationService,
  CampaignStatus,
  UnsubscribeSource,
  TranslatorPort,
};

/**
 * Fired on every change of a campaign's status: start, approval, schedule, pause (by hand or for
 * credits), resume, cancel, completion, archive and their undoing. Not on create (always draft).
 */
export interface MassMarketingCampaignStatusChanged {
  campaign_id: number;
  name: string;
  status: CampaignStatus;
  previous_status: CampaignStatus;
  /** Why, where the campaign records it: the pause reason or the approval reason; else null. */
  reason: string | null;
  /** ISO 8601. */
  changed_at: string;
}

/**
 * Fired when a campaign's recipient counts or runs move while its status may stay: a run built or
 * finished, a batch of sends recorded (sent, failed, skipped), receipts, replies, unsubscribes.
 * Once per campaign and transaction; a subscriber to the campaign's resource hears of it at most
 * every 5 seconds.
 */
export interface MassMarketingCampaignProgressed {
  campaign_id: number;
}

/** Fired for each message received from a phone whose latest campaign message reached it. */
export interface MassMarketingCampaignReplied {
  campaign_id: number;
  recipient_id: number;
  phone: string;
  /** The received message (whatsapp_ops). */
  message_id: number;
  /** True for the recipient's first reply to this campaign message. */
  first_reply: boolean;
}

/** Fired when a phone is recorded as unsubscribed for the first time (by reply or by the link). */
export interface MassMarketingUnsubscribed {
  phone: string;
  source: UnsubscribeSource;
  /** The campaign it unsubscribed from, when known. */
  campaign_id: number | null;
}

declare module '../../core/index.js' {
  interface GroupServices {
    marketingContactListsService: MarketingContactListsService;
    marketingContactImportsService: MarketingContactImportsService;
    marketingAudienceService: MarketingAudienceService;
    marketingBlacklistService: MarketingBlacklistService;
    marketingUnsubscribesService: MarketingUnsubscribesService;
    marketingSettingsService: MarketingSettingsService;
    marketingSessionsService: MarketingSessionsService;
    marketingCampaignsService: MarketingCampaignsService;
    marketingCampaignRunsService: MarketingCampaignRunsService;
    marketingCampaignStatsService: MarketingCampaignStatsService;
    marketingCampaignLogsService: MarketingCampaignLogsService;
    marketingCampaignSenderService: MarketingCampaignSenderService;
    marketingCampaignRepliesService: MarketingCampaignRepliesService;
    marketingTranslationService: MarketingTranslationService;
    /** Provided at setup: the background workers of imports and campaign sends. */
    marketingImportWorker: ImportWorker;
    marketingCampaignEngine: CampaignEngine;
    /** Provided at setup: whether an enabled group fills `translatorPort`. */
    marketingTranslatorAvailable: boolean;
    /** A port mass_marketing defines: a group that translates registers it under this name. */
    translatorPort?: TranslatorPort;
  }
  interface EventMap {
    'mass_marketing.campaign_status_changed': MassMarketingCampaignStatusChanged;
    'mass_marketing.campaign_progressed': MassMarketingCampaignProgressed;
    'mass_marketing.campaign_replied': MassMarketingCampaignReplied;
    'mass_marketing.unsubscribed': MassMarketingUnsubscribed;
  }
}
