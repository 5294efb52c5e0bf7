import {
  containsPattern,
  invalidArguments,
  notFound,
  ToolError,
  type EntityManager,
  type ScopedEvents,
  type ShopProfileService,
} from '../../../core/index.js';
import { Agent } from '../entities/agent.entity.js';
import { checkAgentFields, type AgentFields, type AgentFieldsInput } from './agent-fields.js';
import { expandPermissions } from './permissions.js';

export const DEFAULT_AGENT_COLOR = '#2563eb';

export interface NewAgentInput extends AgentFieldsInput {
  nickname: string;
  full_name: string;
  email: string;
}

/** The shop's agents. Other groups use findById (tickets, calendar) and count (account). */
export class AgentsService {
  private readonly em: EntityManager;
  private readonly shopProfile: ShopProfileService;
  private readonly events: ScopedEvents;

  constructor({
    em,
    shopProfile,
    events,
  }: {
    em: EntityManager;
    shopProfile: ShopProfileService;
    events: ScopedEvents;
  }) {
    this.em = em;
    this.shopProfile = shopProfile;
    this.events = events;
  }

  findById(id: number): Promise<Agent | null> {
    return this.em.findOne(Agent, { id });
  }

  /** The agents of these ids that exist, in one query (for batches naming many). */
  findByIds(ids: number[]): Promise<Agent[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Agent, { id: { $in: [...new Set(ids)] } });
  }

  /** The agents of these agent hashes that exist, in one query (email accounts name agents by hash). */
  findByHashes(hashes: string[]): Promise<Agent[]> {
    return hashes.length === 0
      ? Promise.resolve([])
      : this.em.find(Agent, { agentHash: { $in: [...new Set(hashes)] } });
  }

  count(): Promise<number> {
    return this.em.count(Agent, {});
  }

  /** The plan's cap, read from the shop row. */
  async maxAllowed(): Promise<number> {
    return (await this.shopProfile.get()).maxAgents;
  }

  async get(id: number): Promise<Agent> {
    const agent = await this.findById(id);
    if (!agent) throw notFound('agent', id);
    return agent;
  }

  async list(options: { query?: string; limit: number; offset: number }) {
    const query = options.query?.trim();
    const pattern = query && containsPattern(query);
    const where = pattern
      ? { $or: [{ nickname: { $ilike: pattern } }, { fullName: { $ilike: pattern } }, { email: { $ilike: pattern } }] }
      : {};
    const [items, total] = await this.em.findAndCount(Agent, where, {
      orderBy: { id: 'asc' },
      limit: options.limit,
      offset: options.offset,
    });
    return { items, total };
  }

  /**
   * The shop row stays locked until the call commits, so concurrent creates of one shop are
   * counted one after another and can never pass the cap together.
   */
  async create(input: NewAgentInput): Promise<Agent> {
    const fields = checkAgentFields(input);
    const shop = await this.shopProfile.get({ lock: true });
    const current = await this.count();
    if (current >= shop.maxAgents) {
      throw new ToolError(
        'agent_limit_reached',
        `The plan allows ${shop.maxAgents} agents and the shop has ${current}. Delete an agent (delete_agent) before creating another.`,
        { current_count: current, max_allowed: shop.maxAgents },
      );
    }
    await this.assertPinFree(fields.pin);
    const agent = this.em.create(Agent, {
      color: DEFAULT_AGENT_COLOR,
      phone: null,
      pin: null,
      permissions: null,
      ...fields,
    } as Agent);
    await this.em.flush();
    return agent;
  }

  async update(id: number, input: AgentFieldsInput): Promise<Agent> {
    const fields = checkAgentFields(input);
    if (Object.keys(fields).length === 0)
      throw invalidArguments('Give at least one field to change.', [
        { path: '(root)', message: 'names no field to change' },
      ]);
    const agent = await this.get(id);
    await this.assertPinFree(fields.pin, id);
    this.em.assign(agent, fields as Partial<Agent>);
    await this.em.flush();
    return agent;
  }

  /** Listeners of agents.deleted (tickets unassigning) run in this transaction. */
  async delete(id: number) {
    const agent = await this.get(id);
    this.em.remove(agent);
    await this.em.flush();
    await this.events.emit('agents.deleted', { agent_id: id });
    return { deleted: true, id };
  }

  toPayload(agent: Agent) {
    return {
      id: agent.id,
      nickname: agent.nickname,
      full_name: agent.fullName,
      email: agent.email,
      color: agent.color,
      phone: agent.phone,
      has_pin: agent.pin !== null,
      agent_hash: agent.agentHash,
      all_permissions: (agent.permissions ?? null) === null,
      permissions: expandPermissions(agent.permissions ?? null),
      created_at: agent.createdAt.toISOString(),
      updated_at: agent.updatedAt.toISOString(),
    };
  }

  private async assertPinFree(pin: AgentFields['pin'], exceptId?: number) {
    if (!pin) return;
    const holder = await this.em.findOne(Agent, { pin });
    if (holder && holder.id !== exceptId) {
      throw new ToolError('conflict', 'Another agent of this shop already uses this pin; choose a different one.', {
        field: 'pin',
      });
    }
  }
}
