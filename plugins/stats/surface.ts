/** The stats group as other groups see it: its service. Types only. */
import type { StatsService } from './services/stats-service.js';
import type { StatsRollupService } from './services/rollup-service.js';
import type { ConversationStatsService } from './services/conversation-stats-service.js';
import type { AgentStatsService } from './services/agent-stats-service.js';
import type { ChannelHealthService } from './services/channel-health-service.js';
import type { AiUsageStatsService } from './services/ai-usage-stats.js';

export type { StatsService };

declare module '../../core/index.js' {
  interface GroupServices {
    statsService: StatsService;
    statsRollupService: StatsRollupService;
    statsConversationsService: ConversationStatsService;
    statsAgentsService: AgentStatsService;
    statsChannelHealthService: ChannelHealthService;
    statsAiUsageService: AiUsageStatsService;
  }
}
