/** The support group as other groups see it: its events. Types only. */
import type { SupportTicketsService } from './services/support-tickets-service.js';
import type { SupportDiagnosticsService } from './services/diagnostics-service.js';
import type { SupportHelpService } from './services/help-service.js';
import type { PlatformNoticesService } from './services/notices-service.js';
import type { SupportRepliesService } from './services/support-replies-service.js';

/** Fired once per reply of the platform's support to one of the shop's support tickets. */
export interface SupportReplied {
  ticket_id: number;
  message_id: number;
  subject: string;
  /** Support resolved the ticket with this reply. */
  resolved: boolean;
}

declare module '../../core/index.js' {
  interface GroupServices {
    supportTicketsService: SupportTicketsService;
    supportDiagnosticsService: SupportDiagnosticsService;
    supportHelpService: SupportHelpService;
    supportPlatformNoticesService: PlatformNoticesService;
    supportRepliesService: SupportRepliesService;
  }
  interface EventMap {
    'support.replied': SupportReplied;
  }
}
