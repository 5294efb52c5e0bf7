import { definePlugin } from '../../core/index.js';
import { StatsConfig } from './config.js';
import { statsErrors } from './errors.js';
import { StatsService } from './services/stats-service.js';
import { StatsRollupService } from './services/rollup-service.js';
import { ConversationStatsService } from './services/conversation-stats-service.js';
import { AgentStatsService } from './services/agent-stats-service.js';
import { ChannelHealthService } from './services/channel-health-service.js';
import { AiUsageStatsService } from './services/ai-usage-stats.js';
import { StatsDailyMessages } from './entities/stats-daily-messages.entity.js';
import { StatsDailyContact } from './entities/stats-daily-contact.entity.js';
import { StatsRollupState } from './entities/stats-rollup-state.entity.js';
import { StatsDailyCredits } from './entities/stats-daily-credits.entity.js';
import { StatsHourlyMessages } from './entities/stats-hourly-messages.entity.js';
import { StatsDailySpend } from './entities/stats-daily-spend.entity.js';
import { StatsInit } from './migrations/0001-init.js';
import { StatsMoreRollups } from './migrations/0002-more-rollups.js';
import { StatsDeliveredIncludesRead } from './migrations/0003-delivered-includes-read.js';
import { StatsTenantIndexesCovered } from './migrations/0004-tenant-indexes-covered.js';
import { rollUpStats } from './jobs/roll-up-stats.js';
import { getDashboardOverview } from './tools/get-dashboard-overview.js';
import { getMessageStats } from './tools/get-message-stats.js';
import { getActivityHeatmap } from './tools/get-activity-heatmap.js';
import { getTicketStats } from './tools/get-ticket-stats.js';
import { getCustomerStats } from './tools/get-customer-stats.js';
import { getCreditsUsageStats } from './tools/get-credits-usage-stats.js';
import { getConversationStats } from './tools/get-conversation-stats.js';
import { getAgentStats } from './tools/get-agent-stats.js';
import { getChannelHealth } from './tools/get-channel-health.js';
import { getAiUsageStats } from './tools/get-ai-usage-stats.js';
import { exportStatsCsv } from './tools/export-stats-csv.js';

/**
 * stats: the dashboard's numbers, computed when asked from the other groups' read views (messages,
 * customers, tickets) and the kernel's credits ledger, on the shop's clock — with a chart drawn on
 * the server (Vega-Lite → SVG → PNG) beside the numbers when asked.
 */
export default definePlugin({
  name: 'stats',
  version: '1.0.0',
  description:
    'Dashboard figures and charts: overview against the previous period, messages, activity heatmap, conversations and response times, agents, channel health, AI usage, tickets, customers, credits usage, CSV export.',
  kernel: '^1.0.0',
  optionalDependencies: ['whatsapp_ops', 'customers', 'tickets', 'conversations', 'agents', 'prompt'],
  configSchema: StatsConfig,
  entities: [
    StatsDailyMessages,
    StatsHourlyMessages,
    StatsDailyContact,
    StatsDailySpend,
    StatsDailyCredits,
    StatsRollupState,
  ],
  migrations: [
    { name: '0001-init', class: StatsInit },
    { name: '0002-more-rollups', class: StatsMoreRollups },
    { name: '0003-delivered-includes-read', class: StatsDeliveredIncludesRead },
    { name: '0004-tenant-indexes-covered', class: StatsTenantIndexesCovered },
  ],
  services: {
    statsService: StatsService,
    statsRollupService: StatsRollupService,
    statsConversationsService: ConversationStatsService,
    statsAgentsService: AgentStatsService,
    statsChannelHealthService: ChannelHealthService,
    statsAiUsageService: AiUsageStatsService,
  },
  jobs: [rollUpStats],
  errors: statsErrors,
  tools: [
    getDashboardOverview,
    getMessageStats,
    getActivityHeatmap,
    getTicketStats,
    getCustomerStats,
    getCreditsUsageStats,
    getConversationStats,
    getAgentStats,
    getChannelHealth,
    getAiUsageStats,
    exportStatsCsv,
  ],
});
