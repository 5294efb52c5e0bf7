import {
  groupNotEnabled,
  invalidArguments,
  notFound,
  pageOf,
  type EntityManager,
  type Paging,
  type Services,
} from '../../../core/index.js';
import { SupportMessage } from '../entities/support-message.entity.js';
import { SupportTicket } from '../entities/support-ticket.entity.js';
import type { Attachment, SupportCategory, SupportPriority, SupportStatus } from '../entities/values.js';
import { messagePayload, ticketPayload } from './payloads.js';
import { supportStatus } from './support-status.js';

export interface NewSupportTicket {
  subject: string;
  description: string;
  category?: SupportCategory;
  priority?: SupportPriority;
  attach_diagnostics?: boolean;
  file_ids?: number[];
}

const blank = (value: string, field: string) => {
  const text = value.trim();
  if (!text)
    throw invalidArguments(`${field} must not be blank.`, [{ path: `${field}`, message: 'must not be blank' }]);
  return text;
};

/** The shop's side of its support tickets: open, read, answer, close with a rating. */
export class SupportTicketsService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async create(input: NewSupportTicket) {
    const diagnostics = input.attach_diagnostics === false ? null : await this.deps.supportDiagnosticsService.collect();
    const ticket = this.em.create(SupportTicket, {
      subject: blank(input.subject, 'subject'),
      category: input.category ?? 'other',
      priority: input.priority ?? 'normal',
      status: 'open',
      diagnostics,
    } as SupportTicket);
    await this.em.flush();
    await this.write(ticket.id, blank(input.description, 'description'), input.file_ids);
    return this.thread(ticket);
  }

  async list(status: SupportStatus | undefined, paging: Paging) {
    const [tickets, count] = await this.em.findAndCount(SupportTicket, status ? { status } : {}, {
      orderBy: { updatedAt: 'desc', id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('tickets', tickets.map(ticketPayload), count, paging);
  }

  async get(id: number) {
    return this.thread(await this.find(id));
  }

  /** The shop's answer: back to support (a resolved ticket reopens); a ticket nobody answered stays open. */
  async reply(id: number, message: string, fileIds?: number[]) {
    const ticket = await this.find(id);
    supportStatus.assertCan('reply', ticket);
    await this.write(id, blank(message, 'message'), fileIds);
    if (ticket.status !== 'open') ticket.status = 'awaiting_support';
    ticket.resolvedAt = null;
    ticket.updatedAt = new Date();
    await this.em.flush();
    return this.thread(ticket);
  }

  async close(id: number, rating: number | undefined, comment: string | undefined) {
    const ticket = await this.find(id);
    supportStatus.assertCan('close', ticket);
    ticket.status = 'closed';
    ticket.closedAt = new Date();
    ticket.rating = rating ?? null;
    ticket.ratingComment = comment?.trim() || null;
    await this.em.flush();
    return ticketPayload(ticket);
  }

  /** The shop's message, with its files linked in storage (so they cannot be deleted while a ticket shows them). */
  private async write(ticketId: number, body: string, fileIds: number[] = []): Promise<void> {
    const message = this.em.create(SupportMessage, { ticketId, author: 'shop', body } as SupportMessage);
    await this.em.flush();
    if (fileIds.length === 0) return;
    if (!this.deps.kernelCatalog.names().includes('storage'))
      throw groupNotEnabled(
        'storage',
        'Attachments are files of the storage group, which is not enabled on this server.',
      );
    const attachments: Attachment[] = [];
    for (const fileId of fileIds) {
      const file = await this.deps.storageFilesService.link(fileId, {
        group: 'support',
        type: 'support_message',
        id: message.id,
      });
      attachments.push({
        file_id: file.id,
        filename: file.filename,
        content_type: file.contentType,
        size_bytes: Number(file.sizeBytes),
        storage_key: file.storageKey!,
      });
    }
    message.attachments = attachments;
    await this.em.flush();
  }

  private async find(id: number): Promise<SupportTicket> {
    const ticket = await this.em.findOne(SupportTicket, { id });
    if (!ticket) throw notFound('support_ticket', id);
    return ticket;
  }

  private async thread(ticket: SupportTicket) {
    const messages = await this.em.find(SupportMessage, { ticketId: ticket.id }, { orderBy: { id: 'asc' } });
    return {
      ticket: ticketPayload(ticket),
      messages: messages.map(messagePayload),
      diagnostics: ticket.diagnostics ?? null,
    };
  }
}
