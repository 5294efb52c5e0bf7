import type { SecretBox } from '../../../core/index.js';

export type Disposition = 'inline' | 'attachment';

const downloadMac = (secrets: SecretBox, shopId: number, fileId: number, expires: number, d: string) =>
  secrets.mac(`storage-file:${shopId}:${fileId}:${expires}:${d}`);
const uploadMac = (secrets: SecretBox, shopId: number, fileId: number, expires: number) =>
  secrets.mac(`storage-upload:${shopId}:${fileId}:${expires}`);

/**
 * A download link: the file, its expiry and its disposition, signed with the server's secret. It
 * names no shop (the file does) and proves nothing but this one grant; changing any part of it
 * breaks the signature.
 */
export function downloadUrl(
  base: string,
  secrets: SecretBox,
  file: { id: number; shopId: number; filename: string },
  expires: Date,
  disposition: Disposition,
): string {
  const exp = Math.floor(expires.getTime() / 1000);
  const d = disposition === 'attachment' ? 'a' : 'i';
  const sig = downloadMac(secrets, file.shopId, file.id, exp, d);
  return `${base}/files/${file.id}/${encodeURIComponent(file.filename)}?exp=${exp}&d=${d}&sig=${sig}`;
}

export function uploadUrl(base: string, secrets: SecretBox, file: { id: number; shopId: number }, expires: Date) {
  const exp = Math.floor(expires.getTime() / 1000);
  return `${base}/files/upload/${file.id}?exp=${exp}&sig=${uploadMac(secrets, file.shopId, file.id, exp)}`;
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

function check(expected: string, sig: unknown, exp: unknown): LinkCheck {
  if (typeof sig !== 'string' || typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || sig !== expected)
    return 'invalid';
  return Number(exp) * 1000 < Date.now() ? 'expired' : 'ok';
}

export function checkDownload(
  secrets: SecretBox,
  file: { id: number; shopId: number },
  query: { exp?: unknown; d?: unknown; sig?: unknown },
): LinkCheck {
  if (query.d !== 'a' && query.d !== 'i') return 'invalid';
  const exp = typeof query.exp === 'string' ? query.exp : '';
  return check(downloadMac(secrets, file.shopId, file.id, Number(exp), query.d), query.sig, query.exp);
}

export function checkUpload(
  secrets: SecretBox,
  file: { id: number; shopId: number },
  query: { exp?: unknown; sig?: unknown },
) {
  const exp = typeof query.exp === 'string' ? query.exp : '';
  return check(uploadMac(secrets, file.shopId, file.id, Number(exp)), query.sig, query.exp);
}
