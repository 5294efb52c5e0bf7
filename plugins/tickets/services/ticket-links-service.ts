import { sql, type EntityManager, type ScopedEvents, type ShopContext } from '../../../core/index.js';
import type { CustomersDeleted, CustomersMerged } from '../../customers/surface.js';
import type { AgentsDeleted } from '../../agents/surface.js';
import { Ticket } from '../entities/ticket.entity.js';
import { TicketFollowup } from '../entities/ticket-followup.entity.js';

/**
 * Keeps tickets' links to other groups' records true. Runs as event listeners, inside the
 * transaction of the change that caused it: if this fails, that change is undone too.
 */
export class TicketLinksService {
  constructor(private readonly deps: { em: EntityManager; shop: ShopContext; events: ScopedEvents }) {}

  /** Every ticket of the secondary customer (closed ones too: history follows the person). */
  async customersMerged(e: CustomersMerged): Promise<void> {
    const { em } = this.deps;
    const now = new Date();
    await em.nativeUpdate(
      Ticket,
      { $or: [{ customerId: e.secondary_id }, { phone: e.secondary_phone }] },
      { customerId: e.primary_id, phone: e.primary_phone, updatedAt: now },
    );
    await em.nativeUpdate(
      TicketFollowup,
      { status: 'queued', phone: e.secondary_phone },
      { phone: e.primary_phone, updatedAt: now },
    );
  }

  /** The tickets stay, with their phone, as a record of what happened. */
  async customerDeleted(e: CustomersDeleted): Promise<void> {
    await this.deps.em.nativeUpdate(Ticket, { customerId: e.customer_id }, { customerId: null, updatedAt: new Date() });
  }

  /** Its tickets are unassigned, each told as tickets.assigned (to no one). */
  async agentDeleted(e: AgentsDeleted): Promise<void> {
    const rows = await sql<{ id: number }>(
      this.deps.em,
      'update tickets set assigned_agent_id = null, updated_at = now() where shop_id = $1 and assigned_agent_id = $2 returning id',
      [this.deps.shop.id, e.agent_id],
    );
    await this.deps.events.emitMany(
      'tickets.assigned',
      rows.map((r) => ({ ticket_id: r.id, agent_id: null, previous_agent_id: e.agent_id })),
    );
  }
}
