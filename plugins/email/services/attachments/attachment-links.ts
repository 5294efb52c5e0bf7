import type { SecretBox } from '../../../../core/index.js';

/** How long a download link of get_email_attachment works. */
export const LINK_SECONDS = 15 * 60;

/** `u12` (an upload) or `m34-0` (the first attachment of received mail 34). */
export type AttachmentRef = `u${number}` | `m${number}-${number}`;

const payload = (shopId: number, ref: string, expires: number) => `email-attachment:${shopId}:${ref}:${expires}`;

/** A signed, expiring path to an attachment's bytes: the link is the grant, no token needed. */
export function attachmentPath(
  secrets: SecretBox,
  shopId: number,
  ref: AttachmentRef,
  now = Date.now(),
): { path: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + LINK_SECONDS;
  return {
    path: `/email/attachments/${shopId}/${ref}?e=${expires}&s=${secrets.mac(payload(shopId, ref, expires))}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function checkAttachmentLink(
  secrets: SecretBox,
  shopId: number,
  ref: string,
  query: Record<string, string | undefined>,
): 'ok' | 'invalid' | 'expired' {
  const expires = Number(query.e);
  if (!Number.isInteger(expires) || !query.s || secrets.mac(payload(shopId, ref, expires)) !== query.s)
    return 'invalid';
  return expires * 1000 < Date.now() ? 'expired' : 'ok';
}
