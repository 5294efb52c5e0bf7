import { invalidArguments, normalizePhone, pageOf, type Paging } from '../../../core/index.js';
import { ChatappMessage } from '../entities/chatapp-message.entity.js';
import type { Direction, MessageStatus } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import { messagePayload } from './payloads.js';

export interface MessageFilter extends Paging {
  phone?: string;
  sessionId?: number;
  direction?: Direction;
  status?: MessageStatus;
  /** Inclusive bounds on created_at. */
  from?: Date;
  to?: Date;
}

/** The shop's message log, newest first; read by list_chatapp_messages and by other groups (conversations). */
export class ChatappMessagesService {
  constructor(private readonly deps: ChatappCradle) {}

  async list(filter: MessageFilter) {
    if (filter.from && filter.to && filter.from > filter.to) {
      throw invalidArguments('date_from is after date_to.', [
        { path: 'date_from', message: 'must not be after date_to' },
      ]);
    }
    if (filter.sessionId !== undefined) await this.deps.chatappSessionsService.get(filter.sessionId);
    const createdAt = { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lte: filter.to }) };
    const where = {
      ...(filter.phone !== undefined && { phone: normalizePhone(filter.phone) }),
      ...(filter.sessionId !== undefined && { session: filter.sessionId }),
      ...(filter.direction && { direction: filter.direction }),
      ...(filter.status && { status: filter.status }),
      ...(Object.keys(createdAt).length > 0 && { createdAt }),
    };
    const [items, count] = await this.deps.em.findAndCount(ChatappMessage, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: filter.limit,
      offset: filter.offset,
    });
    return pageOf('messages', items.map(messagePayload), count, filter);
  }
}
