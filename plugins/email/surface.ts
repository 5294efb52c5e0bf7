/** The email group as other groups see it: its services and its events. Types only. */
import type { EmailAccountsService } from './services/accounts/accounts-service.js';
import type { EmailOauthService } from './services/accounts/oauth-service.js';
import type { MailConnector } from './services/connection/mail-connector.js';
import type { ConnectionTester } from './services/connection/connection-tester.js';
import type { EmailSyncService } from './services/sync/sync-service.js';
import type { IdleWatchers } from './services/sync/idle-watchers.js';
import type { EmailClassifyService } from './services/classification/classify-service.js';
import type { EmailStatsService } from './services/stats-service.js';
import type { EmailMessageStore, ReceivedMail } from './services/sync/message-store.js';
import type { EmailThreadsService } from './services/threads/threads-service.js';
import type { EmailPhonesService } from './services/threads/phones-service.js';
import type { EmailComposeService } from './services/outbound/compose-service.js';
import type { EmailSenderService, EmailSend, EmailSent } from './services/outbound/sender-service.js';
import type { SmtpPool } from './services/outbound/smtp-pool.js';
import type { EmailAttachmentsService } from './services/attachments/attachments-service.js';
import type { EmailInboundAttachments } from './services/attachments/inbound-attachments.js';
import type { EmailAttachmentAccess } from './services/attachments/attachment-access.js';
import type { ThreadStatus } from './entities/values.js';

export type { EmailAccountsService, EmailThreadsService, EmailComposeService, ReceivedMail, EmailSent };

declare module '../../core/index.js' {
  interface GroupServices {
    emailAccountsService: EmailAccountsService;
    emailOauthService: EmailOauthService;
    emailConnector: MailConnector;
    emailConnectionTester: ConnectionTester;
    emailSyncService: EmailSyncService;
    emailMessageStore: EmailMessageStore;
    emailThreadsService: EmailThreadsService;
    emailPhonesService: EmailPhonesService;
    emailComposeService: EmailComposeService;
    emailSenderService: EmailSenderService;
    emailAttachmentsService: EmailAttachmentsService;
    emailInboundAttachments: EmailInboundAttachments;
    emailAttachmentAccess: EmailAttachmentAccess;
    emailClassifyService: EmailClassifyService;
    emailStatsService: EmailStatsService;
    /** Provided at setup: the process's pooled SMTP transports, one per account. */
    emailSmtpPool: SmtpPool;
    /** Provided at setup: the process's IMAP IDLE connections (kept by the watch-email-idle job). */
    emailIdleWatchers: IdleWatchers;
  }
  interface OutboxMap {
    /** A queued outbound mail to send (the email group delivers it over SMTP). */
    'email.send': EmailSend;
  }
  interface EventMap {
    /** Fired after an outbound mail was accepted by the SMTP server (or found in Sent after a crash). */
    'email.sent': EmailSent;
    /** Fired for each inbound mail a sync stores (a batch per sync step). */
    'email.received': ReceivedMail;
    /** Fired after a thread is given to an agent or taken back (agent_id null). */
    'email.thread_assigned': {
      thread_id: number;
      account_id: number;
      agent_id: number | null;
      previous_agent_id: number | null;
    };
    /** Fired after a thread's status changes by hand. */
    'email.thread_status_changed': {
      thread_id: number;
      account_id: number;
      status: ThreadStatus;
      previous_status: ThreadStatus;
    };
  }
}
