import { groupNotEnabled, sql, ToolError } from '../../../core/index.js';
import type { ChatappCradle } from './cradle.js';
import { viaChannel } from './channel-failure.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
};

/**
 * Media a network refers to by id (the Cloud API). Inbound: which of a webhook's messages still
 * need theirs, and keeping the bytes in the shop's storage (the storage group, purpose chat_media)
 * when it is enabled; what cannot be kept says why on the message, and the network's media id
 * stays. Outbound: a stored file uploaded to a line's number, to send by its media id.
 */
export class ChatappMediaService {
  constructor(private readonly deps: ChatappCradle) {}

  /** Whether the storage group is there to keep media in. */
  get canKeep(): boolean {
    return this.deps.kernelCatalog.names().includes('storage');
  }

  /** Of these inbound message ids on the line, those not stored yet (a redelivered webhook fetches nothing again). */
  async notStored(sessionKey: string, providerMessageIds: string[]): Promise<Set<string>> {
    if (providerMessageIds.length === 0) return new Set();
    const stored = await sql<{ provider_message_id: string }>(
      this.deps.em,
      `select m.provider_message_id from chatapp_messages m join chatapp_sessions s on s.id = m.session_id and s.shop_id = m.shop_id
       where m.shop_id = $1 and s.session_key = $2 and m.provider_message_id = any($3::text[])`,
      [this.deps.shop.id, sessionKey, providerMessageIds],
    );
    const done = new Set(stored.map((r) => r.provider_message_id));
    return new Set(providerMessageIds.filter((id) => !done.has(id)));
  }

  /**
   * The bytes as a file of the shop, its id. Storage's refusal (a type chat media does not take,
   * the quota) is thrown: run this in a unit of work of its own, which then leaves nothing behind.
   */
  async keep(media: { bytes: Buffer; mimeType: string; filename?: string; providerMediaId: string }): Promise<number> {
    const type = media.mimeType.split(';')[0]!.trim();
    const { file } = await this.deps.storageUploadsService.storeBytes({
      filename: media.filename ?? `${media.providerMediaId}.${EXTENSIONS[type] ?? 'bin'}`,
      purpose: 'chat_media',
      contentType: type,
      body: media.bytes,
    });
    return file.id;
  }

  /** A file of the shop's storage uploaded to the line's number: the media id templates take (header_media.media_id). */
  async upload(sessionId: number, fileId: number) {
    const line = await this.deps.chatappSessionsService.get(sessionId);
    if (!this.canKeep)
      throw groupNotEnabled('storage', 'Uploading media reads the file from the storage group, which is not enabled.');
    const port = await viaChannel(() => this.deps.chatappChannels.forLine(line));
    if (!port.uploadMedia)
      throw new ToolError('not_supported', `Line ${sessionId} (${port.kind}) takes media by link only.`, {
        session_id: sessionId,
      });
    const { file, bytes } = await this.deps.storageFilesService.read(fileId);
    const mediaId = await viaChannel(() =>
      port.uploadMedia!(this.deps.chatappChannels.ref(line), bytes, file.contentType, file.filename),
    );
    return { media_id: mediaId, session_id: sessionId, file_id: fileId };
  }
}
