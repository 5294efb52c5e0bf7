import { MAX_TEXT_LENGTH } from '../../sandbox/message-content.js';
import { normalizeMessageContent, type WAMessage } from './library.js';

/**
 * What the port hears of an inbound message: its text, or for media a short description with the
 * caption (the engine does not download media, and the port carries media only by URL). Null:
 * not a message a person wrote (reactions, protocol and key-distribution messages, edits).
 */
export function inboundText(message: WAMessage['message']): string | null {
  const m = normalizeMessageContent(message);
  if (!m) return null;
  const described = (kind: string, caption: string | null | undefined) =>
    caption ? `[${kind}] ${caption}` : `[${kind}]`;
  const text =
    m.conversation ??
    m.extendedTextMessage?.text ??
    (m.imageMessage && described('image', m.imageMessage.caption)) ??
    (m.videoMessage && described('video', m.videoMessage.caption)) ??
    (m.documentMessage &&
      described(
        `document${m.documentMessage.fileName ? `: ${m.documentMessage.fileName}` : ''}`,
        m.documentMessage.caption,
      )) ??
    (m.audioMessage && (m.audioMessage.ptt ? '[voice note]' : '[audio]')) ??
    (m.stickerMessage && '[sticker]') ??
    (m.locationMessage &&
      `[location] ${m.locationMessage.degreesLatitude ?? '?'},${m.locationMessage.degreesLongitude ?? '?'}`) ??
    (m.contactMessage && `[contact] ${m.contactMessage.displayName ?? ''}`.trim()) ??
    null;
  if (text === null || text.trim() === '') return null;
  return text.length > MAX_TEXT_LENGTH ? text.slice(0, MAX_TEXT_LENGTH) : text;
}
