import { invalidArguments, notFound, type Services } from '../../../core/index.js';
import { CalendarAgent } from '../entities/calendar-agent.entity.js';
import { CalendarEvent } from '../entities/calendar-event.entity.js';
import type { AgentRole } from '../entities/values.js';
import type { AgentsDeleted } from '../../agents/surface.js';

/** Who works a calendar. owner and can_book agents take bookings; view_only agents only see. */
export class CalendarAgentsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /** Adds the agent, or changes their role. Made view_only, they lose their upcoming events here. */
  async assign(calendarId: number, agentId: number, role: AgentRole): Promise<CalendarAgent> {
    await this.deps.calendarsService.get(calendarId);
    await this.deps.agentsService.get(agentId);
    let row = await this.em.findOne(CalendarAgent, { calendarId, agentId });
    if (row) row.role = role;
    else row = this.em.create(CalendarAgent, { calendarId, agentId, role } as CalendarAgent);
    await this.em.flush();
    if (role === 'view_only') await this.unassignUpcoming(calendarId, agentId);
    return row;
  }

  /** Removes the agent; their upcoming events in this calendar stay booked, unassigned. */
  async remove(calendarId: number, agentId: number): Promise<void> {
    await this.deps.calendarsService.get(calendarId);
    const row = await this.em.findOne(CalendarAgent, { calendarId, agentId });
    if (!row) throw notFound('calendar_agent', agentId);
    this.em.remove(row);
    await this.em.flush();
    await this.unassignUpcoming(calendarId, agentId);
  }

  /** The owner and can_book agents of a calendar, in id order. */
  async bookable(calendarId: number): Promise<number[]> {
    const rows = await this.em.find(
      CalendarAgent,
      { calendarId, role: { $in: ['owner', 'can_book'] } },
      { orderBy: { agentId: 'asc' } },
    );
    return rows.map((r) => r.agentId);
  }

  /**
   * An agent an event may be given: one of the shop's agents, and, when the calendar has agents,
   * an owner or can_book one of them (a view_only agent never takes events).
   */
  async checkAssignable(calendarId: number, agentId: number, field: string): Promise<void> {
    await this.deps.agentsService.get(agentId);
    const rows = await this.em.find(CalendarAgent, { calendarId });
    if (rows.length === 0) return;
    const row = rows.find((r) => r.agentId === agentId);
    if (!row || row.role === 'view_only')
      throw invalidArguments(
        row
          ? `Agent ${agentId} is view_only on calendar ${calendarId} and cannot be given events.`
          : `Agent ${agentId} is not on calendar ${calendarId}; assign_calendar_agent first.`,
        [{ path: field, message: row ? 'view_only agents cannot be given events' : 'not an agent of this calendar' }],
      );
  }

  /** agents.deleted: the agent leaves every calendar, and every event of theirs is unassigned. */
  async agentDeleted(e: AgentsDeleted): Promise<void> {
    await this.em.nativeDelete(CalendarAgent, { agentId: e.agent_id });
    await this.em.nativeUpdate(
      CalendarEvent,
      { assignedAgentId: e.agent_id },
      { assignedAgentId: null, updatedAt: new Date() },
    );
  }

  private async unassignUpcoming(calendarId: number, agentId: number): Promise<void> {
    await this.em.nativeUpdate(
      CalendarEvent,
      { calendarId, assignedAgentId: agentId, endAt: { $gt: new Date() } },
      { assignedAgentId: null, updatedAt: new Date() },
    );
  }
}
