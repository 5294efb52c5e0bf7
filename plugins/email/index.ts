import { definePlugin } from '../../core/index.js';
import { EmailConfig } from './config.js';
import { emailErrors } from './errors.js';
import { EmailAccount } from './entities/email-account.entity.js';
import { EmailFolder } from './entities/email-folder.entity.js';
import { EmailThread } from './entities/email-thread.entity.js';
import { EmailThreadKey } from './entities/email-thread-key.entity.js';
import { EmailMessage } from './entities/email-message.entity.js';
import { EmailNote } from './entities/email-note.entity.js';
import { EmailAddressPhone } from './entities/email-address-phone.entity.js';
import { EmailAttachment } from './entities/email-attachment.entity.js';
import { EmailInit } from './migrations/0001-init.js';
import { EmailInboxViews } from './migrations/0002-inbox-views.js';
import { EmailTenantIndexesCovered } from './migrations/0003-tenant-indexes-covered.js';
import { EmailAccountsService } from './services/accounts/accounts-service.js';
import { MailConnector } from './services/connection/mail-connector.js';
import { ConnectionTester } from './services/connection/connection-tester.js';
import { EmailSyncService } from './services/sync/sync-service.js';
import { EmailClassifyService } from './services/classification/classify-service.js';
import { EmailStatsService } from './services/stats-service.js';
import { EmailMessageStore } from './services/sync/message-store.js';
import { EmailThreadsService } from './services/threads/threads-service.js';
import { EmailPhonesService } from './services/threads/phones-service.js';
import { EmailComposeService } from './services/outbound/compose-service.js';
import { EmailSenderService } from './services/outbound/sender-service.js';
import { SmtpPool } from './services/outbound/smtp-pool.js';
import { EmailAttachmentsService } from './services/attachments/attachments-service.js';
import { EmailInboundAttachments } from './services/attachments/inbound-attachments.js';
import { EmailAttachmentAccess } from './services/attachments/attachment-access.js';
import { attachmentRoute } from './routes/attachment-route.js';
import { oauthCallbackRoute } from './routes/oauth-callback-route.js';
import { EmailOauthService } from './services/accounts/oauth-service.js';
import { syncEmailAccounts } from './jobs/sync-email-accounts.js';
import { sendScheduledEmails } from './jobs/send-scheduled-emails.js';
import { purgeEmailAttachments } from './jobs/purge-email-attachments.js';
import { classifyEmailThreads } from './jobs/classify-email-threads.js';
import { watchEmailIdle } from './jobs/watch-email-idle.js';
import { IdleWatchers } from './services/sync/idle-watchers.js';
import { createEmailAccount } from './tools/create-email-account.js';
import { listEmailAccounts } from './tools/list-email-accounts.js';
import { getEmailAccount } from './tools/get-email-account.js';
import { updateEmailAccount } from './tools/update-email-account.js';
import { deleteEmailAccount } from './tools/delete-email-account.js';
import { testEmailAccount } from './tools/test-email-account.js';
import { startEmailOauth } from './tools/start-email-oauth.js';
import { syncEmailAccount } from './tools/sync-email-account.js';
import { getEmailSyncStatus } from './tools/get-email-sync-status.js';
import { listEmailThreads } from './tools/list-email-threads.js';
import { getEmailThread } from './tools/get-email-thread.js';
import { updateEmailThread } from './tools/update-email-thread.js';
import { assignEmailThread } from './tools/assign-email-thread.js';
import { addEmailNote } from './tools/add-email-note.js';
import { linkEmailThreadPhone } from './tools/link-email-thread-phone.js';
import { backfillEmailPhones } from './tools/backfill-email-phones.js';
import { sendEmail } from './tools/send-email.js';
import { replyEmailThread } from './tools/reply-email-thread.js';
import { listScheduledEmails } from './tools/list-scheduled-emails.js';
import { updateScheduledEmail } from './tools/update-scheduled-email.js';
import { cancelScheduledEmail } from './tools/cancel-scheduled-email.js';
import { uploadEmailAttachment } from './tools/upload-email-attachment.js';
import { getEmailAttachment } from './tools/get-email-attachment.js';
import { classifyEmailThread } from './tools/classify-email-thread.js';
import { getEmailStats } from './tools/get-email-stats.js';

/**
 * email: a shared inbox over real IMAP and SMTP. Up to 10 mailboxes per shop with sealed
 * credentials; sync by UIDVALIDITY and UID cursor into threads built from Message-ID, In-Reply-To
 * and References; status, snooze, category, assignment and internal notes; the link from a
 * sender address to the customer's phone.
 */
export default definePlugin({
  name: 'email',
  version: '1.0.0',
  description:
    'A shared inbox over IMAP and SMTP: mailboxes, sync into threads, assignment, internal notes, phone links, replies and scheduled sends with attachments.',
  kernel: '^1.0.0',
  dependencies: ['agents'],
  optionalDependencies: ['crm', 'customers', 'prompt', 'integrations'],
  configSchema: EmailConfig,
  entities: [
    EmailAccount,
    EmailFolder,
    EmailThread,
    EmailThreadKey,
    EmailMessage,
    EmailNote,
    EmailAddressPhone,
    EmailAttachment,
  ],
  migrations: [
    { name: '0001-init', class: EmailInit },
    { name: '0002-inbox-views', class: EmailInboxViews },
    { name: '0003-tenant-indexes-covered', class: EmailTenantIndexesCovered },
  ],
  services: {
    emailAccountsService: EmailAccountsService,
    emailOauthService: EmailOauthService,
    emailConnector: MailConnector,
    emailConnectionTester: ConnectionTester,
    emailSyncService: EmailSyncService,
    emailMessageStore: EmailMessageStore,
    emailThreadsService: EmailThreadsService,
    emailPhonesService: EmailPhonesService,
    emailComposeService: EmailComposeService,
    emailSenderService: EmailSenderService,
    emailAttachmentsService: EmailAttachmentsService,
    emailInboundAttachments: EmailInboundAttachments,
    emailAttachmentAccess: EmailAttachmentAccess,
    emailClassifyService: EmailClassifyService,
    emailStatsService: EmailStatsService,
  },
  errors: emailErrors,
  tools: [
    createEmailAccount,
    listEmailAccounts,
    getEmailAccount,
    updateEmailAccount,
    deleteEmailAccount,
    testEmailAccount,
    startEmailOauth,
    syncEmailAccount,
    getEmailSyncStatus,
    listEmailThreads,
    getEmailThread,
    updateEmailThread,
    assignEmailThread,
    addEmailNote,
    linkEmailThreadPhone,
    backfillEmailPhones,
    sendEmail,
    replyEmailThread,
    listScheduledEmails,
    updateScheduledEmail,
    cancelScheduledEmail,
    uploadEmailAttachment,
    getEmailAttachment,
    classifyEmailThread,
    getEmailStats,
  ],
  jobs: [syncEmailAccounts, watchEmailIdle, sendScheduledEmails, classifyEmailThreads, purgeEmailAttachments],
  outbox: {
    'email.send': {
      deliver: (delivery, ctx) =>
        ctx.services.emailSenderService.deliver(delivery.payload.message_id, delivery.lastAttempt, ctx),
      retryScheduleMs: (config) => config.sendRetryScheduleMs,
    },
  },
  setup: (setup) => {
    setup.provide('emailSmtpPool', new SmtpPool());
    setup.provide('emailIdleWatchers', new IdleWatchers(setup.withShop, setup.log));
    attachmentRoute(setup);
    oauthCallbackRoute(setup);
  },
  onClose: ({ resolve }) => {
    resolve('emailIdleWatchers').stopAll();
    resolve('emailSmtpPool').closeAll();
  },
});
