import { asValue } from 'awilix';
import { definePlugin } from '../../core/index.js';
import { MassMarketingConfig } from './config.js';
import { ContactList } from './entities/contact-list.entity.js';
import { ListMember } from './entities/list-member.entity.js';
import { BlacklistEntry } from './entities/blacklist-entry.entity.js';
import { Unsubscribe } from './entities/unsubscribe.entity.js';
import { MarketingSettings } from './entities/marketing-settings.entity.js';
import { ContactImport } from './entities/contact-import.entity.js';
import { ImportError } from './entities/import-error.entity.js';
import { MassMarketingInit } from './migrations/0001-init.js';
import { MarketingListsService } from './services/contact-lists-service.js';
import { MarketingImportsService } from './services/contact-imports-service.js';
import { MarketingAudienceService } from './services/audience-service.js';
import { MarketingBlacklistService } from './services/blacklist-service.js';
import { MarketingUnsubscribesService } from './services/unsubscribes-service.js';
import { MarketingSettingsService } from './services/settings-service.js';
import { MarketingSessionsService } from './services/marketing-sessions-service.js';
import { ImportWorker } from './services/import-worker.js';
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

/**
 * mass_marketing: contact lists and their imports (CSV, typed numbers, customers, CRM, chat
 * history, inactive customers, pending follow-ups), the blacklist and the unsubscribe record, the
 * audience a campaign reaches (exclusions and segments), the lines campaigns send from, and the
 * shop's mass-marketing settings. Large imports run as jobs on an in-process worker.
 */
export default definePlugin({
  name: 'mass_marketing',
  version: '1.0.0',
  description: 'Contact lists and imports, blacklist and unsubscribes, audience counts by segment, marketing sessions and settings for mass-marketing campaigns.',
  kernel: '^1.0.0',
  dependencies: ['customers', 'whatsapp_ops'],
  optionalDependencies: ['conversations', 'crm', 'tickets'],
  configSchema: MassMarketingConfig,
  entities: [ContactList, ListMember, BlacklistEntry, Unsubscribe, MarketingSettings, ContactImport, ImportError],
  migrations: [{ name: '0001-init', class: MassMarketingInit }],
  services: {
    marketingListsService: MarketingListsService,
    marketingImportsService: MarketingImportsService,
    marketingAudienceService: MarketingAudienceService,
    marketingBlacklistService: MarketingBlacklistService,
    marketingUnsubscribesService: MarketingUnsubscribesService,
    marketingSettingsService: MarketingSettingsService,
    marketingSessionsService: MarketingSessionsService,
  },
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
  ],
  setup: ({ app, config, container, rootEm, withShop, log }) => {
    container.register({ marketingConfig: asValue(config) });
    const worker = new ImportWorker(rootEm, withShop, config.importWorker, log);
    container.register({ marketingImportWorker: asValue(worker) });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
});
