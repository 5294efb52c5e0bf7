import { definePlugin } from '../../core/index.js';
import { Agent } from './entities/agent.entity.js';
import { AgentsInit } from './migrations/0001-init.js';
import { AgentsTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { AgentsService } from './services/agents-service.js';
import { createAgent } from './tools/create-agent.js';
import { listAgents } from './tools/list-agents.js';
import { getAgent } from './tools/get-agent.js';
import { updateAgent } from './tools/update-agent.js';
import { deleteAgent } from './tools/delete-agent.js';
import { agentsErrors } from './errors.js';

/**
 * agents: the people who work the shop's inbox, capped by the plan's agent limit, each with a
 * pin for the browser extension and permissions by section. Exports `agentsService` (findById,
 * count) and emits `agents.deleted` { agent_id } inside the delete transaction.
 */
export default definePlugin({
  name: 'agents',
  version: '1.0.0',
  description:
    "The shop's agents: create within the plan's limit, list, get, update, delete; pins and permissions by section.",
  kernel: '^1.0.0',
  entities: [Agent],
  migrations: [
    { name: '0001-init', class: AgentsInit },
    { name: '0002-tenant-indexes-covered', class: AgentsTenantIndexesCovered },
  ],
  services: { agentsService: AgentsService },
  errors: agentsErrors,
  tools: [createAgent, listAgents, getAgent, updateAgent, deleteAgent],
});
