import { definePlugin, inBatches } from '../../core/index.js';
import { smartFollowupErrors } from './errors.js';
import { Followup } from './entities/followup.entity.js';
import { FollowupSend } from './entities/followup-send.entity.js';
import { FollowupSettings } from './entities/followup-settings.entity.js';
import { SmartFollowupInit } from './migrations/0001-init.js';
import { SmartFollowupTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { FollowupActivityReader } from './services/activity-reader.js';
import { FollowupsService } from './services/followups-service.js';
import { FollowupPlannerService } from './services/planner-service.js';
import { FollowupSenderService } from './services/sender-service.js';
import { FollowupSettingsService } from './services/settings-service.js';
import { FollowupStatsService } from './services/stats-service.js';
import { sendDueFollowups } from './jobs/send-due-followups.js';
import { planConversationFollowups } from './jobs/plan-conversation-followups.js';
import { getFollowupSettings } from './tools/get-followup-settings.js';
import { updateFollowupSettings } from './tools/update-followup-settings.js';
import { scanUnansweredConversations } from './tools/scan-unanswered-conversations.js';
import { createFollowup } from './tools/create-followup.js';
import { listFollowups } from './tools/list-followups.js';
import { getFollowup } from './tools/get-followup.js';
import { previewFollowupMessage } from './tools/preview-followup-message.js';
import { rescheduleFollowup } from './tools/reschedule-followup.js';
import { cancelFollowup } from './tools/cancel-followup.js';
import { bulkCancelFollowups } from './tools/bulk-cancel-followups.js';
import { markFollowupConverted } from './tools/mark-followup-converted.js';
import { getFollowupStats } from './tools/get-followup-stats.js';

/**
 * smart_followup: brings back customers who went quiet — a conversation the shop answered and the
 * customer did not, a quote sent, a cart left — with at most three messages, timed by when the
 * customer writes (outside quiet hours, inside opening hours), sent once each through the one send
 * path (billing source `followup`), and stopped the moment they answer, buy, opt out or a person
 * at the shop writes to them.
 */
export default definePlugin({
  name: 'smart_followup',
  version: '1.0.0',
  description:
    'Follow-ups of unanswered conversations, quotes and carts: timed by customer activity, sent once each through the send path, stopped on reply or conversion.',
  kernel: '^1.0.0',
  servicePrefix: 'followup',
  dependencies: ['whatsapp_ops', 'conversations', 'customers'],
  /** Opening hours come from account when it is enabled. */
  optionalDependencies: ['account'],
  entities: [Followup, FollowupSend, FollowupSettings],
  migrations: [
    { name: '0001-init', class: SmartFollowupInit },
    { name: '0002-tenant-indexes-covered', class: SmartFollowupTenantIndexesCovered },
  ],
  services: {
    followupActivityReader: FollowupActivityReader,
    followupsService: FollowupsService,
    followupPlannerService: FollowupPlannerService,
    followupSenderService: FollowupSenderService,
    followupSettingsService: FollowupSettingsService,
    followupStatsService: FollowupStatsService,
  },
  errors: smartFollowupErrors,
  jobs: [sendDueFollowups, planConversationFollowups],
  on: {
    // A stop condition ends the customer's scheduled follow-ups in the same unit of work as the message.
    'whatsapp_ops.message_received': inBatches(async (events, { services }) => {
      await services.followupsService.stopForReplies(events.map((e) => e.phone));
    }),
    'whatsapp_ops.opted_out': async ({ phone }, { services }) => {
      await services.followupsService.stopFor(phone, 'opted_out');
    },
    'whatsapp_ops.message_sent': async ({ phone, automatic }, { services }) => {
      if (!automatic) await services.followupsService.stopFor(phone, 'agent_replied');
    },
  },
  tools: [
    getFollowupSettings,
    updateFollowupSettings,
    scanUnansweredConversations,
    createFollowup,
    listFollowups,
    getFollowup,
    previewFollowupMessage,
    rescheduleFollowup,
    cancelFollowup,
    bulkCancelFollowups,
    markFollowupConverted,
    getFollowupStats,
  ],
});
