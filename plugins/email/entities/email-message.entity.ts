import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { DIRECTIONS, MESSAGE_STATUSES, type MailAddress } from './values.js';

/** An attachment as a stored message describes it (content stays on the mail server or in storage). */
export interface AttachmentInfo {
  filename: string | null;
  content_type: string;
  size: number;
  content_id: string | null;
  /** Outbound: the upload it came from. */
  attachment_id?: number;
}

/**
 * One mail, received or ours. Inbound rows come from IMAP (folder and UID kept); outbound rows
 * are written when asked and go scheduled → queued → sending → sent | failed. The Message-ID is
 * unique per account: it is how sync deduplicates and how a send is found again in Sent.
 */
export const EmailMessage = defineEntity({
  name: 'EmailMessage',
  tableName: 'email_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    accountId: p.integer(),
    threadId: p.integer().index(),
    direction: p.enum([...DIRECTIONS]),
    status: p.enum([...MESSAGE_STATUSES]),
    messageIdHeader: p.string().length(500),
    inReplyTo: p.string().length(500).nullable(),
    references: p.json<string[]>(),
    fromAddress: p.string().length(254),
    fromName: p.string().length(200).nullable(),
    toAddresses: p.json<MailAddress[]>(),
    ccAddresses: p.json<MailAddress[]>(),
    bccAddresses: p.json<MailAddress[]>(),
    subject: p.text(),
    bodyText: p.text().nullable(),
    bodyHtml: p.text().nullable(),
    preview: p.string().length(300),
    attachments: p.json<AttachmentInfo[]>(),
    imapFolder: p.string().length(200).nullable(),
    imapUid: p.bigint('number').nullable(),
    sentAt: p.datetime().nullable(),
    scheduledAt: p.datetime().nullable(),
    claimedAt: p.datetime().nullable(),
    attempts: p.integer(),
    lastError: p.text().nullable(),
    agentId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['accountId', 'messageIdHeader'] }],
  indexes: [
    {
      name: 'email_messages_scheduled_index',
      expression: `create index "email_messages_scheduled_index" on "email_messages" ("scheduled_at") where "status" = 'scheduled'`,
    },
  ],
});
export type EmailMessage = InferEntity<typeof EmailMessage>;
