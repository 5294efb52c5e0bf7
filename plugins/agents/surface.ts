/** The agents group as other groups see it: its service and its events. Types only. */
import type { AgentsService } from './services/agents-service.js';

export type { AgentsService };

/** Fired after an agent is deleted: listeners unassign what was theirs, in the same transaction. */
export interface AgentsDeleted {
  agent_id: number;
}

declare module '../../core/index.js' {
  interface GroupServices {
    agentsService: AgentsService;
  }
  interface EventMap {
    'agents.deleted': AgentsDeleted;
  }
}
