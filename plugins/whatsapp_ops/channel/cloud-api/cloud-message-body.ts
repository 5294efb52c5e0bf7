import type { MediaAttachment, SendInput } from '../channel-port.js';

/** The Cloud API's media types, by the attachment's MIME type (a document otherwise). */
export function mediaType(mimeType: string): 'image' | 'video' | 'audio' | 'document' | 'sticker' {
  if (mimeType === 'image/webp') return 'sticker';
  const major = mimeType.split('/')[0];
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'document';
}

function mediaObject(media: MediaAttachment, type: ReturnType<typeof mediaType>) {
  return {
    link: media.url,
    // Audio and stickers take no caption; only documents carry a file name.
    ...(media.caption !== undefined && type !== 'audio' && type !== 'sticker' && { caption: media.caption }),
    ...(media.filename !== undefined && type === 'document' && { filename: media.filename }),
  };
}

/**
 * The body of POST /{phone_number_id}/messages for a port send: text, media by link (with the text
 * as its caption when both are given), or an approved template. The idempotency key travels as
 * biz_opaque_callback_data, which the network hands back on every status of the message.
 */
export function messageBody(input: SendInput): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: input.to.replace(/^\+/, ''),
    biz_opaque_callback_data: input.idempotencyKey,
  };
  if (input.template) {
    const { name, language, components } = input.template;
    return {
      ...base,
      type: 'template',
      template: { name, language: { code: language }, ...(components.length > 0 && { components }) },
    };
  }
  if (input.media) {
    const type = mediaType(input.media.mimeType);
    const media =
      input.text && input.media.caption === undefined ? { ...input.media, caption: input.text } : input.media;
    return { ...base, type, [type]: mediaObject(media, type) };
  }
  return { ...base, type: 'text', text: { body: input.text ?? '', preview_url: false } };
}
