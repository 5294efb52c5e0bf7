import type { EmailAccount } from '../../entities/email-account.entity.js';
import type { EmailMessage } from '../../entities/email-message.entity.js';

/**
 * The RFC 5322 bytes of a stored outbound mail, built once per attempt: the same Message-ID,
 * In-Reply-To and References every time, so a retry is the same mail and Sent can be searched
 * for it. Bcc recipients get the mail but never see each other (the header is left out).
 */
export async function buildMail(
  account: EmailAccount,
  message: EmailMessage,
  attachments: Map<number, Buffer>,
): Promise<{ raw: Buffer; envelope: { from: string; to: string[] } }> {
  const files = message.attachments.filter((a) => a.attachment_id !== undefined && attachments.has(a.attachment_id));
  // An iCalendar file goes as the text/calendar alternative part too (nodemailer's icalEvent):
  // that part, with its METHOD, is what makes mail clients show an invitation with its answers.
  const invitation = files.find((a) => a.content_type.split(';')[0]!.trim().toLowerCase() === 'text/calendar');
  const format = (a: { address: string; name: string | null }) =>
    a.name ? { name: a.name, address: a.address } : a.address;
  // Loaded at first use, as nodemailer's transport is: its message builder holds ~3 MB of heap.
  const MailComposer = (await import('nodemailer/lib/mail-composer')).default;
  const composer = new MailComposer({
    from: account.smtpFromName ? { name: account.smtpFromName, address: account.emailAddress } : account.emailAddress,
    to: message.toAddresses.map(format),
    cc: message.ccAddresses.map(format),
    subject: message.subject,
    text: message.bodyText ?? undefined,
    html: message.bodyHtml ?? undefined,
    messageId: message.messageIdHeader,
    inReplyTo: message.inReplyTo ?? undefined,
    references: message.references.length ? message.references : undefined,
    date: message.createdAt,
    attachments: files
      .filter((a) => a !== invitation)
      .map((a) => ({
        filename: a.filename ?? 'attachment',
        contentType: a.content_type,
        content: attachments.get(a.attachment_id!)!,
      })),
    ...(invitation && {
      icalEvent: {
        filename: invitation.filename ?? 'invite.ics',
        method: methodOf(attachments.get(invitation.attachment_id!)!),
        content: attachments.get(invitation.attachment_id!)!,
      },
    }),
  });
  const raw = await composer.compile().build();
  return {
    raw,
    envelope: {
      from: account.emailAddress,
      to: [...message.toAddresses, ...message.ccAddresses, ...message.bccAddresses].map((a) => a.address),
    },
  };
}

/** The METHOD line of an iCalendar text (REQUEST, CANCEL, PUBLISH…); PUBLISH when it has none. */
function methodOf(ics: Buffer): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(ics.toString('utf8'))?.[1] ?? 'PUBLISH';
}
