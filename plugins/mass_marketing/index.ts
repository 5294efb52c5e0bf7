import { asValue } from 'awilix';
import { definePlugin, inBatches, type GroupMetrics } from '../../core/index.js';
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
import { withAudienceListeners } from './services/audience-listeners.js';
import { MarketingContactListsService } from './services/contact-lists-service.js';
import { MarketingContactImportsService } from './services/contact-imports-service.js';
import { MarketingAudienceService } from './services/audience-service.js';
import { MarketingBlacklistService } from './services/blacklist-service.js';
import { MarketingUnsubscribesService } from './services/unsubscribes-service.js';
import { MarketingSettingsService } from './services/settings-service.js';
import { MarketingSessionsService } from './services/marketing-sessions-service.js';
import { MarketingCampaignsService } from './services/campaigns-service.js';
import { MarketingCampaignRunsService } from './services/campaign-runs-service.js';
import { MarketingCampaignStatsService } from './services/campaign-stats-service.js';
import { MarketingCampaignLogsService } from './services/campaign-logs-service.js';
import { MarketingCampaignSenderService } from './services/campaign-sender-service.js';
import { MarketingCampaignRepliesService } from './services/campaign-replies-service.js';
import { MarketingTranslationService, TRANSLATOR_PORT } from './services/translation-service.js';
import { ImportWorker } from './services/import-worker.js';
import { CampaignEngine } from './engine/campaign-engine.js';
import { unsubscribePage } from './routes/unsubscribe-page.js';
import { exportDownload } from './routes/export-download.js';
import { createContactList } from './tools/create-contact-list.js';
import { listContactLists } from './tools/list-contact-lists.js';
import { getContactListDetail } from './tools/get-contact-list-detail.js';
import { deleteContactList } from './tools/delete-contact-list.js';
import { addContactsToList } from './tools/add-contacts-to-list.js';
import { removeContactFromList } from './tools/remove-contact-from-list.js';
import { removeContactsBulk } from './tools/remove-contacts-bulk.js';
import { importContactsManual } from './tools/import-contacts-manual.js';
import { importMarketingContacts } from './tools/import-marketing-contacts.js';
import { importContactsFromConversations } from './tools/import-contacts-from-conversations.js';
import { createListFromInactive } from './tools/create-list-from-inactive.js';
import { createListFromFollowup } from './tools/create-list-from-followup.js';
import { getImportStatus } from './tools/get-import-status.js';
import { addToBlacklist } from './tools/add-to-blacklist.js';
import { bulkAddToBlacklist } from './tools/bulk-add-to-blacklist.js';
import { listBlacklist } from './tools/list-blacklist.js';
import { removeFromBlacklist } from './tools/remove-from-blacklist.js';
import { getUnsubscribedList } from './tools/get-unsubscribed-list.js';
import { removeUnsubscribedBulk } from './tools/remove-unsubscribed-bulk.js';
import { countFilteredContacts } from './tools/count-filtered-contacts.js';
import { assignMarketingSession } from './tools/assign-marketing-session.js';
import { getMarketingSessions } from './tools/get-marketing-sessions.js';
import { getMassMarketingConfig } from './tools/get-mass-marketing-config.js';
import { saveMassMarketingConfig } from './tools/save-mass-marketing-config.js';
import { createCampaign } from './tools/create-campaign.js';
import { updateCampaign } from './tools/update-campaign.js';
import { getCampaign } from './tools/get-campaign.js';
import { listCampaigns } from './tools/list-campaigns.js';
import { deleteCampaign } from './tools/delete-campaign.js';
import { duplicateCampaign } from './tools/duplicate-campaign.js';
import { startCampaign } from './tools/start-campaign.js';
import { pauseCampaign } from './tools/pause-campaign.js';
import { resumeCampaign } from './tools/resume-campaign.js';
import { approveCampaign } from './tools/approve-campaign.js';
import { cancelCampaign } from './tools/cancel-campaign.js';
import { cancelCampaignSchedule } from './tools/cancel-campaign-schedule.js';
import { archiveCampaign } from './tools/archive-campaign.js';
import { unarchiveCampaign } from './tools/unarchive-campaign.js';
import { getCampaignLogs } from './tools/get-campaign-logs.js';
import { exportCampaignCsv } from './tools/export-campaign-csv.js';
import { getMassMarketingStats } from './tools/get-mass-marketing-stats.js';
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
    const { app, config, container, rootEm, withShop, log, baseUrl } = setup;
    container.register({
      marketingConfig: asValue(config),
      marketingBaseUrl: asValue(baseUrl),
      marketingTranslatorAvailable: asValue(container.hasRegistration(TRANSLATOR_PORT)),
    });
    const worker = new ImportWorker(rootEm, withShop, config.importWorker, log);
    const engine = new CampaignEngine(rootEm, withShop, config.engine, log, container.resolve<GroupMetrics>('metrics'));
    container.register({ marketingImportWorker: asValue(worker), marketingCampaignEngine: asValue(engine) });
    unsubscribePage(setup);
    exportDownload(setup);
    app.addHook('onReady', async () => {
      worker.start();
      engine.start();
    });
    app.addHook('onClose', async () => {
      await engine.stop();
      await worker.stop();
    });
  },
});
