import addressparser from 'nodemailer/lib/addressparser';
import { invalidArguments } from '../../../../core/index.js';
import type { MailAddress } from '../../entities/values.js';

const ADDRESS = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/**
 * Recipients as the tools take them — one string ("Ana <ana@x.com>, bob@y.com") or a list of
 * such strings — parsed into addresses; every one must be a real address (invalid_arguments
 * names the field and the address).
 */
export function parseRecipients(raw: string | string[] | undefined | null, field: string): MailAddress[] {
  if (raw === undefined || raw === null) return [];
  const items = (Array.isArray(raw) ? raw : [raw]).flatMap((entry) => addressparser(entry, { flatten: true }));
  const out: MailAddress[] = [];
  for (const item of items) {
    const address = (item.address ?? '').trim().toLowerCase();
    if (!ADDRESS.test(address))
      throw invalidArguments(`${field}: "${item.address || item.name}" is not an email address.`, [
        { path: `${field}`, message: `"${item.address || item.name}" is not an email address` },
      ]);
    if (!out.some((a) => a.address === address)) out.push({ address, name: item.name?.trim() || null });
  }
  return out;
}
