import { invalidArguments } from '../../../core/index.js';
import type { MediaAttachment } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { mediaFromWire, type WireMedia } from '../channel/wire-format.js';
import { messageContent, MAX_IDEMPOTENCY_KEY_LENGTH, type MessageContent } from '../sandbox/message-content.js';
import type { StoredMedia } from '../entities/values.js';

/**
 * The network's content rules (text up to 4096 characters and/or media by URL) checked before
 * anything is written or charged, failing as invalid_arguments naming the field.
 */
export function checkContent(
  text: string | null | undefined,
  media: MediaAttachment | null | undefined,
  textField = 'text',
): MessageContent {
  try {
    return messageContent(text ?? undefined, media ?? undefined);
  } catch (err) {
    if (!(err instanceof ChannelError)) throw err;
    const field = err.details.field === 'media' ? 'media' : textField;
    throw invalidArguments(`${field}: ${err.message}.`, [{ path: field, message: err.message }]);
  }
}

export function checkIdempotencyKey(key: string): string {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalidArguments(`The idempotency key must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`, [
      { path: 'idempotency_key', message: 'has the wrong length' },
    ]);
  }
  return key;
}

/** Stored outbound media (always by URL) back in the port's shape, for a send. */
export const mediaForPort = (media: StoredMedia | null | undefined): MediaAttachment | undefined =>
  media ? mediaFromWire(media as WireMedia) : undefined;

const mediaKey = (m: StoredMedia | null | undefined) =>
  m ? [m.url, m.mime_type, m.caption ?? null, m.filename ?? null].join('\u0000') : null;

/** Whether a stored message carries exactly this content: a reused idempotency key must. */
export const sameContent = (stored: { text?: string | null; media?: StoredMedia | null }, content: MessageContent) =>
  (stored.text ?? null) === content.text && mediaKey(stored.media) === mediaKey(content.media);
