/** A message's media as the whatsapp_ops events carry it. */
export interface MediaLike {
  mime_type?: string;
  caption?: string | null;
  filename?: string | null;
}

export const PREVIEW_LENGTH = 200;

const MEDIA_KINDS = ['image', 'video', 'audio'];

/**
 * The one line an inbox shows for a conversation's last message: its text on one line, cut to
 * the column's length; a media message shows its kind and its caption or file name.
 */
export function messagePreview(text: string | null | undefined, media: MediaLike | null | undefined): string {
  const line = oneLine(text);
  if (line) return cut(line);
  if (!media) return '';
  const major = media.mime_type?.split('/')[0] ?? '';
  const kind = MEDIA_KINDS.includes(major) ? major : 'document';
  const detail = oneLine(media.caption) || oneLine(media.filename);
  return cut(detail ? `[${kind}] ${detail}` : `[${kind}]`);
}

const oneLine = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

// Cuts by code point, so an emoji is never split in half.
function cut(value: string): string {
  const chars = [...value];
  return chars.length <= PREVIEW_LENGTH ? value : `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…`;
}
