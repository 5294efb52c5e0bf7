import { definePlugin, inBatches } from '../../core/index.js';
import { MassMarketingConfig } from './config.js';
import { massMarketingMetrics } from './operations/metrics.js';
import { ContactList } from './entities/contact-list.entity.js';
import { ListMember } from './entities/list-member.entity.js';
import { ListTagCount } from './entities/list-tag-count.entity.js';
import { BlacklistEntry } from './entities/blacklist-entry.entity.js';
import { Unsubscribe } from './entities/unsubscribe.entity.js';
import { MarketingSettings } from './entities/marketing-settings.entity.js';
import { ContactImport } from './entities/contact-import.entity.js';
import { ImportError } from './entities/import-error.entity.js';
import { Campaign } from './entities/campaign.entity.js';
import { CampaignRun } from './entities/campaign-run.entity.js';
import { CampaignRecipient } from './entities/campaign-recipient.entity.js';
import { Translation } from './entities/translation.entity.js';
import { SessionPacing } from './entities/session-pacing.entity.js';
import { MassMarketingInit } from './migrations/0001-init.js';
import { MassMarketingCampaigns } from './migrations/0002-campaigns.js';
import { MassMarketingAudienceFacts } from './migrations/0003-audience-facts.js';
import { MassMarketingClaimedBy } from './migrations/0004-claimed-by.js';
import { MassMarketingWaitingReasonCode } from './migrations/0005-waiting-reason-code.js';
import { MassMarketingMediaFile } from './migrations/0006-media-file.js';
import { MassMarketingTranslations } from './migrations/0007-translations.js';
import { MassMarketingCampaignTemplate } from './migrations/0008-campaign-template.js';
import { MassMarketingShopIndexCovered } from './migrations/0009-shop-index-covered.js';
import { MassMarketingTenantIndexesCovered } from './migrations/0010-tenant-indexes-covered.js';
import { withAudienceListeners } from './services/audience/audience-listeners.js';
import { MarketingContactListsService } from './services/contacts/contact-lists-service.js';
import { MarketingContactImportsService } from './services/contacts/contact-imports-service.js';
import { MarketingAudienceService } from './services/audience/audience-service.js';
import { MarketingBlacklistService } from './services/audience/blacklist-service.js';
import { MarketingUnsubscribesService } from './services/audience/unsubscribes-service.js';
import { MarketingSettingsService } from './services/settings-service.js';
import { MarketingSessionsService } from './services/marketing-sessions-service.js';
import { MarketingCampaignsService } from './services/campaigns/campaigns-service.js';
import { MarketingCampaignRunsService } from './services/campaigns/campaign-runs-service.js';
import { MarketingCampaignStatsService } from './services/campaigns/campaign-stats-service.js';
import { MarketingCampaignLogsService } from './services/campaigns/campaign-logs-service.js';
import { MarketingCampaignSenderService } from './services/campaigns/engine/campaign-sender-service.js';
import { MarketingCampaignRepliesService } from './services/campaigns/campaign-replies-service.js';
import { MarketingTranslationService, TRANSLATOR_PORT } from './services/translation-service.js';
import { MarketingContactNames } from './services/contacts/contact-names.js';
import { ImportWorker } from './services/contacts/import-worker.js';
import { CampaignEngine } from './services/campaigns/engine/campaign-engine.js';
import { unsubscribePage } from './routes/unsubscribe-page.js';
import { exportDownload } from './routes/export-download.js';
import { createContactList } from './tools/contacts/create-contact-list.js';
import { listContactLists } from './tools/contacts/list-contact-lists.js';
import { getContactListDetail } from './tools/contacts/get-contact-list-detail.js';
import { deleteContactList } from './tools/contacts/delete-contact-list.js';
import { addContactsToList } from './tools/contacts/add-contacts-to-list.js';
import { removeContactFromList } from './tools/contacts/remove-contact-from-list.js';
import { removeContactsBulk } from './tools/contacts/remove-contacts-bulk.js';
import { importContactsManual } from './tools/contacts/import-contacts-manual.js';
import { importMarketingContacts } from './tools/contacts/import-marketing-contacts.js';
import { importContactsFromConversations } from './tools/contacts/import-contacts-from-conversations.js';
import { createListFromInactive } from './tools/contacts/create-list-from-inactive.js';
import { createListFromFollowup } from './tools/contacts/create-list-from-followup.js';
import { getImportStatus } from './tools/contacts/get-import-status.js';
import { addToBlacklist } from './tools/audience/add-to-blacklist.js';
import { bulkAddToBlacklist } from './tools/audience/bulk-add-to-blacklist.js';
import { listBlacklist } from './tools/audience/list-blacklist.js';
import { removeFromBlacklist } from './tools/audience/remove-from-blacklist.js';
import { getUnsubscribedList } from './tools/audience/get-unsubscribed-list.js';
import { removeUnsubscribedBulk } from './tools/audience/remove-unsubscribed-bulk.js';
import { countFilteredContacts } from './tools/audience/count-filtered-contacts.js';
import { assignMarketingSession } from './tools/settings/assign-marketing-session.js';
import { getMarketingSessions } from './tools/settings/get-marketing-sessions.js';
import { getMassMarketingConfig } from './tools/settings/get-mass-marketing-config.js';
import { saveMassMarketingConfig } from './tools/settings/save-mass-marketing-config.js';
import { createCampaign } from './tools/campaigns/create-campaign.js';
import { updateCampaign } from './tools/campaigns/update-campaign.js';
import { getCampaign } from './tools/campaigns/get-campaign.js';
import { listCampaigns } from './tools/campaigns/list-campaigns.js';
import { deleteCampaign } from './tools/campaigns/delete-campaign.js';
import { duplicateCampaign } from './tools/campaigns/duplicate-campaign.js';
import { startCampaign } from './tools/campaigns/start-campaign.js';
import { pauseCampaign } from './tools/campaigns/pause-campaign.js';
import { resumeCampaign } from './tools/campaigns/resume-campaign.js';
import { approveCampaign } from './tools/campaigns/approve-campaign.js';
import { cancelCampaign } from './tools/campaigns/cancel-campaign.js';
import { cancelCampaignSchedule } from './tools/campaigns/cancel-campaign-schedule.js';
import { archiveCampaign } from './tools/campaigns/archive-campaign.js';
import { unarchiveCampaign } from './tools/campaigns/unarchive-campaign.js';
import { getCampaignLogs } from './tools/campaigns/get-campaign-logs.js';
import { exportCampaignCsv } from './tools/campaigns/export-campaign-csv.js';
import { getMassMarketingStats } from './tools/campaigns/get-mass-marketing-stats.js';
import { massMarketingErrors } from './errors.js';
import { campaignTemplate } from './resources/campaign-template.js';
import { contactListTemplate } from './resources/contact-list-template.js';
import { launchCampaign } from './prompts/launch-campaign.js';

/**
 * mass_marketing: contact lists and their imports (CSV, typed numbers, customers, CRM, chat
 * history, inactive customers, pending follow-ups), the blacklist and the unsubscribe record, the
 * audience a campaign reaches (exclusions and segments), the lines campaigns send from, the
 * shop's mass-marketing settings, and campaigns with their sending engine. Large imports and
 * campaign sending run on in-process workers that share their work with other server processes
 * through the database.
 */
export default definePlugin({
  name: 'mass_marketing',
  version: '1.0.0',
  description:
    'Campaigns (scheduled, recurring, approved, paced over several lines, sent exactly once), contact lists and imports, blacklist and unsubscribes, audience counts by segment, marketing sessions, settings, logs and stats.',
  kernel: '^1.0.0',
  servicePrefix: 'marketing',
  dependencies: ['customers', 'whatsapp_ops'],
  optionalDependencies: ['conversations', 'crm', 'tickets', 'storage'],
  /** Translation for translate_by_prefix, from whichever group provides it (an AI group). */
  ports: [TRANSLATOR_PORT],
  configSchema: MassMarketingConfig,
  entities: [
    ContactList,
    ListMember,
    ListTagCount,
    BlacklistEntry,
    Unsubscribe,
    MarketingSettings,
    ContactImport,
    ImportError,
    Campaign,
    CampaignRun,
    CampaignRecipient,
    Translation,
    SessionPacing,
  ],
  migrations: [
    { name: '0001-init', class: MassMarketingInit },
    { name: '0002-campaigns', class: MassMarketingCampaigns },
    { name: '0003-audience-facts', class: MassMarketingAudienceFacts },
    { name: '0004-claimed-by', class: MassMarketingClaimedBy },
    { name: '0005-waiting-reason-code', class: MassMarketingWaitingReasonCode },
    { name: '0006-media-file', class: MassMarketingMediaFile },
    { name: '0007-translations', class: MassMarketingTranslations },
    { name: '0008-campaign-template', class: MassMarketingCampaignTemplate },
    { name: '0009-shop-index-covered', class: MassMarketingShopIndexCovered },
    { name: '0010-tenant-indexes-covered', class: MassMarketingTenantIndexesCovered },
  ],
  services: {
    marketingContactListsService: MarketingContactListsService,
    marketingContactImportsService: MarketingContactImportsService,
    marketingAudienceService: MarketingAudienceService,
    marketingBlacklistService: MarketingBlacklistService,
    marketingUnsubscribesService: MarketingUnsubscribesService,
    marketingSettingsService: MarketingSettingsService,
    marketingSessionsService: MarketingSessionsService,
    marketingCampaignsService: MarketingCampaignsService,
    marketingCampaignRunsService: MarketingCampaignRunsService,
    marketingCampaignStatsService: MarketingCampaignStatsService,
    marketingCampaignLogsService: MarketingCampaignLogsService,
    marketingCampaignSenderService: MarketingCampaignSenderService,
    marketingCampaignRepliesService: MarketingCampaignRepliesService,
    marketingTranslationService: MarketingTranslationService,
    contactNamesPort: MarketingContactNames,
  },
  errors: massMarketingErrors,
  metrics: massMarketingMetrics,
  resourceTemplates: [campaignTemplate, contactListTemplate],
  prompts: [launchCampaign],
  tools: [
    createContactList,
    listContactLists,
    getContactListDetail,
    deleteContactList,
    addContactsToList,
    removeContactFromList,
    removeContactsBulk,
    importContactsManual,
    importMarketingContacts,
    importContactsFromConversations,
    createListFromInactive,
    createListFromFollowup,
    getImportStatus,
    addToBlacklist,
    bulkAddToBlacklist,
    listBlacklist,
    removeFromBlacklist,
    getUnsubscribedList,
    removeUnsubscribedBulk,
    countFilteredContacts,
    assignMarketingSession,
    getMarketingSessions,
    getMassMarketingConfig,
    saveMassMarketingConfig,
    createCampaign,
    updateCampaign,
    getCampaign,
    listCampaigns,
    deleteCampaign,
    duplicateCampaign,
    startCampaign,
    pauseCampaign,
    resumeCampaign,
    approveCampaign,
    cancelCampaign,
    cancelCampaignSchedule,
    archiveCampaign,
    unarchiveCampaign,
    getCampaignLogs,
    exportCampaignCsv,
    getMassMarketingStats,
  ],
  on: withAudienceListeners({
    'whatsapp_ops.message_received': inBatches((events, { services }) =>
      services.marketingCampaignRepliesService.messagesReceived(events),
    ),
    'whatsapp_ops.message_sent': inBatches((events, { services }) =>
      services.marketingCampaignRepliesService.messagesSent(events),
    ),
    'whatsapp_ops.message_status': inBatches((events, { services }) =>
      services.marketingCampaignRepliesService.messageStatuses(events),
    ),
  }),
  setup: (setup) => {
    const { provide, has, resolve, config, rootEm, withShop, log } = setup;
    provide('marketingTranslatorAvailable', has(TRANSLATOR_PORT));
    provide('marketingImportWorker', new ImportWorker(rootEm, withShop, config.importWorker, log));
    provide('marketingCampaignEngine', new CampaignEngine(rootEm, withShop, config.engine, log, resolve('metrics')));
    unsubscribePage(setup);
    exportDownload(setup);
  },
  onReady: ({ resolve }) => {
    resolve('marketingImportWorker').start();
    resolve('marketingCampaignEngine').start();
  },
  onClose: async ({ resolve }) => {
    await resolve('marketingCampaignEngine').stop();
    await resolve('marketingImportWorker').stop();
  },
});
