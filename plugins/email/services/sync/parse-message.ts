import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import type { AddressObject } from 'mailparser';
import type { AttachmentInfo } from '../../entities/email-message.entity.js';
import type { MailAddress } from '../../entities/values.js';
import { sanitizeMailHtml } from './sanitize-mail-html.js';

/** A mail as the group stores it: headers for threading, sanitised bodies, a quote-free preview. */
export interface ParsedMessage {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  date: Date;
  text: string | null;
  html: string | null;
  preview: string;
  attachments: AttachmentInfo[];
}

const MAX_ID = 500;
const PREVIEW = 200;
const PREVIEW_SOURCE = 4000;

/** `<id>` as a key: trimmed, one pair of angle brackets, at most 500 characters. */
export function messageKey(raw: string): string | null {
  const bare = raw
    .trim()
    .replace(/^<+|>+$/g, '')
    .trim();
  if (!bare || /\s/.test(bare)) return null;
  return `<${bare}>`.slice(0, MAX_ID);
}

/** The Message-IDs of a References or In-Reply-To header, in order, each once. */
export function messageKeys(raw: string | string[] | undefined): string[] {
  const text = Array.isArray(raw) ? raw.join(' ') : (raw ?? '');
  const ids = text.match(/<[^<>\s]+>/g) ?? text.split(/\s+/);
  return [...new Set(ids.map(messageKey).filter((id): id is string => id !== null))];
}

const addresses = (value: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .filter((a) => a.address)
    .map((a) => ({ address: a.address!.trim().toLowerCase(), name: a.name?.trim() || null }));

/** The text an agent or the model reads first: the new part of the mail, without the quoted history. */
export function previewOf(text: string | null): string {
  if (!text) return '';
  // The new part of a mail is at its top: reading past it costs milliseconds per mail for nothing.
  const head = text.slice(0, PREVIEW_SOURCE);
  let visible = head;
  try {
    visible = new EmailReplyParser().read(head).getVisibleText() || head;
  } catch {
    // A text the reply parser cannot read is shown from its start.
  }
  return visible.replace(/\s+/g, ' ').trim().slice(0, PREVIEW);
}

/**
 * Reads a raw RFC 5322 message. A mail without a Message-ID gets one made from its bytes, so
 * reading it again finds the same one. The HTML is sanitised here, once, before it is stored.
 */
export async function parseMessage(source: Buffer, fallbackDate: Date): Promise<ParsedMessage> {
  // Loaded at first use, as imapflow and nodemailer are: the mail libraries hold ~40 MB that a
  // server with no mail account never needs.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source, {
    skipTextToHtml: true,
    skipImageLinks: true,
    keepCidLinks: true,
    checksumAlgo: false,
    maxHtmlLengthToParse: 2_000_000,
  });
  const messageId =
    (mail.messageId && messageKey(mail.messageId)) ??
    `<sb.${createHash('sha256').update(source).digest('hex').slice(0, 40)}@switchboard.invalid>`;
  const inReplyTo = messageKeys(mail.inReplyTo)[0] ?? null;
  const text = mail.text?.trim() ? mail.text : null;
  return {
    messageId,
    inReplyTo,
    references: messageKeys(mail.references).filter((id) => id !== messageId),
    from: addresses(mail.from)[0] ?? { address: '', name: null },
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    subject: (mail.subject ?? '').trim(),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : fallbackDate,
    text,
    html: typeof mail.html === 'string' && mail.html.trim() ? sanitizeMailHtml(mail.html) : null,
    preview: previewOf(text),
    attachments: mail.attachments
      .filter((a) => a.contentDisposition !== 'inline' || !a.contentId)
      .map((a) => ({
        filename: a.filename ?? null,
        content_type: a.contentType,
        size: a.size,
        content_id: a.contentId ?? null,
      })),
  };
}
