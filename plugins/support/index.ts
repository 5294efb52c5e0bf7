import { definePlugin } from '../../core/index.js';
import { SupportConfig } from './config.js';
import { supportErrors } from './errors.js';
import { SupportTicket } from './entities/support-ticket.entity.js';
import { SupportMessage } from './entities/support-message.entity.js';
import { PlatformNotice } from './entities/platform-notice.entity.js';
import { SupportInit } from './migrations/0001-init.js';
import { SupportAttachments } from './migrations/0002-attachments.js';
import { SupportTicketsService } from './services/support-tickets-service.js';
import { SupportDiagnosticsService } from './services/diagnostics-service.js';
import { SupportHelpService } from './services/help-service.js';
import { PlatformNoticesService } from './services/notices-service.js';
import { SupportRepliesService } from './services/support-replies-service.js';
import { announceSupportReplies } from './jobs/announce-support-replies.js';
import { closeResolvedTickets } from './jobs/close-resolved-tickets.js';
import { createSupportTicket } from './tools/create-support-ticket.js';
import { listSupportTickets } from './tools/list-support-tickets.js';
import { getSupportTicket } from './tools/get-support-ticket.js';
import { replySupportTicket } from './tools/reply-support-ticket.js';
import { closeSupportTicket } from './tools/close-support-ticket.js';
import { searchHelpArticles } from './tools/search-help-articles.js';
import { getHelpArticle } from './tools/get-help-article.js';
import { getSupportDiagnostics } from './tools/get-support-diagnostics.js';
import { getPlatformStatus } from './tools/get-platform-status.js';

/**
 * support: the platform's own help desk for its shops. Tickets with a thread, answered by the
 * operator from the CLI (`npm run support`, operator/support-desk.ts) and announced to the shop by
 * a job; a diagnostics snapshot built from an allow-list; help articles shipped in help/ and
 * searched with PostgreSQL full-text search; the operator's platform notices.
 */
export default definePlugin({
  name: 'support',
  version: '1.0.0',
  description:
    'Help from the platform: support tickets answered by the operator, redacted diagnostics, help article search, platform status notices.',
  kernel: '^1.0.0',
  optionalDependencies: ['whatsapp_ops', 'activity', 'storage'],
  configSchema: SupportConfig,
  entities: [SupportTicket, SupportMessage, PlatformNotice],
  migrations: [
    { name: '0001-init', class: SupportInit },
    { name: '0002-attachments', class: SupportAttachments },
  ],
  services: {
    supportTicketsService: SupportTicketsService,
    supportDiagnosticsService: SupportDiagnosticsService,
    supportHelpService: SupportHelpService,
    supportPlatformNoticesService: PlatformNoticesService,
    supportRepliesService: SupportRepliesService,
  },
  errors: supportErrors,
  tools: [
    createSupportTicket,
    listSupportTickets,
    getSupportTicket,
    replySupportTicket,
    closeSupportTicket,
    searchHelpArticles,
    getHelpArticle,
    getSupportDiagnostics,
    getPlatformStatus,
  ],
  jobs: [announceSupportReplies, closeResolvedTickets],
});
