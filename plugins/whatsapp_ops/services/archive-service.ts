import { normalizePhone, ToolError } from '../../../core/index.js';
import { ChatappArchivedChat } from '../entities/chatapp-archived-chat.entity.js';
import type { ChatappCradle } from './cradle.js';
import { viaChannel } from './channel-failure.js';
import { ChannelError } from '../channel/channel-error.js';

/**
 * Archiving a chat: recorded per shop, line and customer phone, and passed to the engine when the
 * line's adapter can (the sandbox keeps a chat list; the session service's API has no archive
 * route, and the Cloud API has no chat list).
 */
export class ChatappArchiveService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async archive(rawPhone: string, archive: boolean, sessionId: number | undefined) {
    const phone = normalizePhone(rawPhone);
    const sessions = this.deps.chatappSessionsService;
    const session = sessionId !== undefined ? await sessions.get(sessionId) : await sessions.chooseFor(phone);
    if (!session)
      throw new ToolError(
        'session_not_connected',
        'No connected session to archive the chat on: connect one with connect_chatapp or name session_id.',
        { session_id: null },
      );
    const channels = this.deps.chatappChannels;
    // A line whose adapter is gone (the installation changed adapter) is archived here only.
    const port = await channels.forLine(session).catch((err: unknown) => {
      if (err instanceof ChannelError) return null;
      throw err;
    });
    const reported = port?.archiveChat !== undefined;
    if (reported) await viaChannel(() => port!.archiveChat!(channels.ref(session), phone, archive));
    if (archive) {
      await this.em.execute(
        'insert into chatapp_archived_chats (shop_id, session_id, phone, archived_at) values (?, ?, ?, now()) on conflict (shop_id, session_id, phone) do nothing',
        [this.deps.shop.id, session.id, phone],
      );
    } else {
      await this.em.nativeDelete(ChatappArchivedChat, { sessionId: session.id, phone });
    }
    const row = await this.em.findOne(ChatappArchivedChat, { sessionId: session.id, phone });
    return {
      chat: {
        session_id: session.id,
        phone,
        archived: row !== null,
        archived_at: row ? row.archivedAt.toISOString() : null,
      },
      reported_to_engine: reported,
    };
  }
}
