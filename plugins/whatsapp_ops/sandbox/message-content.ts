import { createHash } from 'node:crypto';
import { Compile } from 'typebox/compile';
import type { MediaAttachment } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { mediaToWire, WireMedia } from '../channel/wire-format.js';

/** The network's own limits: text as long as a chat message may be, media by URL only. */
export const MAX_TEXT_LENGTH = 4096;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const mediaValidator = Compile(WireMedia);

export interface MessageContent {
  text: string | null;
  media: WireMedia | null;
}

export function messageContent(text: string | undefined, media: MediaAttachment | undefined): MessageContent {
  if (text !== undefined && text.length > MAX_TEXT_LENGTH) {
    throw new ChannelError('invalid_message', `text is longer than ${MAX_TEXT_LENGTH} characters`, { field: 'text' });
  }
  const hasText = text !== undefined && text.trim() !== '';
  if (!hasText && !media) throw new ChannelError('invalid_message', 'a message needs text or media', { field: 'text' });
  return { text: hasText ? text! : null, media: media ? checkWireMedia(mediaToWire(media)) : null };
}

/** Media as it arrives over HTTP (snake_case) or from the port, checked by the one rule. */
export function checkWireMedia(media: unknown): WireMedia {
  if (mediaValidator.Check(media)) return media;
  const errors = mediaValidator
    .Errors(media)
    .map((e) => ({ path: `media${e.instancePath.replaceAll('/', '.')}`, message: e.message }));
  throw new ChannelError(
    'invalid_message',
    `invalid media: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
    { field: 'media', errors },
  );
}

export function checkIdempotencyKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ChannelError('invalid_request', `idempotency key must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, {
      field: 'idempotency_key',
    });
  }
  return key;
}

/** What a reused idempotency key is compared by: the same key with other content is a caller bug. */
export const contentHash = (to: string, content: MessageContent) =>
  createHash('sha256')
    .update(JSON.stringify([to, content.text, content.media]))
    .digest('hex');
