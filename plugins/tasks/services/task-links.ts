import { groupNotEnabled, normalizePhone, notFound, type Services } from '../../../core/index.js';

/** What a task may point at, checked before it is written: agents, tickets, phones of the shop. */
export class TaskLinks {
  constructor(private readonly deps: Services) {}

  /** 0 and null both mean nobody. */
  async agent(id: number | null | undefined): Promise<number | null> {
    if (!id) return null;
    const [agent] = await this.deps.agentsService.findByIds([id]);
    if (!agent) throw notFound('agent', id);
    return id;
  }

  async ticket(id: number | null | undefined): Promise<number | null> {
    if (!id) return null;
    if (!this.deps.kernelCatalog.names().includes('tickets'))
      throw groupNotEnabled('tickets', 'ticket_id needs the tickets group, which is not enabled on this server.');
    await this.deps.ticketsService.get(id);
    return id;
  }

  phone(raw: string | null | undefined): string | null {
    return raw ? normalizePhone(raw, 'phone') : null;
  }
}
