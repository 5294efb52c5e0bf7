import { isoOrNull } from '../../../core/index.js';
import type { EmailAccount } from '../entities/email-account.entity.js';
import type { EmailAttachment } from '../entities/email-attachment.entity.js';
import type { EmailFolder } from '../entities/email-folder.entity.js';
import type { EmailMessage } from '../entities/email-message.entity.js';
import type { EmailNote } from '../entities/email-note.entity.js';
import type { EmailThread } from '../entities/email-thread.entity.js';

const flag = (b: boolean) => (b ? 1 : 0);

/** An account as the tools show it: never a password or token, only whether one is stored. */
export function accountPayload(a: EmailAccount) {
  return {
    id: a.id,
    label: a.label ?? null,
    email_address: a.emailAddress,
    auth_type: a.authType,
    oauth_provider: a.oauthProvider ?? null,
    imap_host: a.imapHost ?? null,
    imap_port: a.imapPort,
    imap_tls: a.imapTls,
    imap_user: a.imapUser,
    has_imap_password: !!a.imapPasswordSealed,
    smtp_host: a.smtpHost ?? null,
    smtp_port: a.smtpPort,
    smtp_tls: a.smtpTls,
    smtp_user: a.smtpUser,
    has_smtp_password: !!a.smtpPasswordSealed,
    smtp_from_name: a.smtpFromName ?? null,
    agent_hashes: a.agentHashes,
    signature_html: a.signatureHtml ?? null,
    is_active: flag(a.isActive),
    ai_classification_enabled: flag(a.aiClassificationEnabled),
    oauth_authorized: a.authType === 'oauth2' ? !!a.oauthAccessSealed : null,
    imap_folder: a.imapFolder,
    sent_folder: a.sentFolder ?? null,
    sent_copy: a.sentCopy,
    sync_since_days: a.syncSinceDays,
    status: a.status,
    last_error: a.lastError ?? null,
    last_synced_at: isoOrNull(a.lastSyncedAt),
    created_at: isoOrNull(a.createdAt)!,
    updated_at: isoOrNull(a.updatedAt)!,
  };
}

/** Where an account's sync stands, per folder. */
export function syncStatusPayload(a: EmailAccount, folders: EmailFolder[]) {
  return {
    account_id: a.id,
    status: a.status,
    last_synced_at: isoOrNull(a.lastSyncedAt),
    syncing: !!a.syncLeaseUntil && a.syncLeaseUntil.getTime() > Date.now(),
    consecutive_failures: a.consecutiveFailures,
    last_error: a.lastError ?? null,
    backoff_until: a.backoffUntil && a.backoffUntil.getTime() > Date.now() ? isoOrNull(a.backoffUntil) : null,
    folders: folders.map((f) => ({
      path: f.path,
      role: f.role,
      uidvalidity: f.uidValidity === null ? null : Number(f.uidValidity),
      last_uid: Number(f.lastUid),
      last_synced_at: isoOrNull(f.lastSyncedAt),
    })),
  };
}

export function threadPayload(t: EmailThread, deletedAccounts: ReadonlySet<number> = new Set()) {
  return {
    id: t.id,
    account_id: t.accountId,
    account_deleted: deletedAccounts.has(t.accountId),
    subject: t.subject,
    counterpart: t.counterpart,
    participants: t.participants,
    phone: t.phone ?? null,
    status: t.status,
    snoozed_until: t.snoozedUntil && t.snoozedUntil.getTime() > Date.now() ? isoOrNull(t.snoozedUntil) : null,
    assigned_agent_id: t.assignedAgentId ?? null,
    category: t.category ?? null,
    intent: t.intent ?? null,
    priority: t.priority ?? null,
    classified_by: t.classifiedBy ?? null,
    unread: t.unread,
    message_count: t.messageCount,
    last_message_at: isoOrNull(t.lastMessageAt)!,
    last_inbound_at: isoOrNull(t.lastInboundAt),
    first_response_at: isoOrNull(t.firstResponseAt),
    created_at: isoOrNull(t.createdAt)!,
  };
}

export function messagePayload(m: EmailMessage, includeBodies: boolean) {
  return {
    id: m.id,
    thread_id: m.threadId,
    account_id: m.accountId,
    direction: m.direction,
    status: m.status,
    message_id_header: m.messageIdHeader,
    in_reply_to: m.inReplyTo ?? null,
    references: m.references,
    from: { address: m.fromAddress, name: m.fromName },
    to: m.toAddresses,
    cc: m.ccAddresses,
    bcc: m.bccAddresses,
    subject: m.subject,
    preview: m.preview,
    ...(includeBodies && { body_text: m.bodyText ?? null, body_html: m.bodyHtml }),
    attachments: m.attachments,
    sent_at: isoOrNull(m.sentAt),
    scheduled_at: isoOrNull(m.scheduledAt),
    attempts: m.attempts,
    last_error: m.lastError ?? null,
    created_at: isoOrNull(m.createdAt)!,
  };
}

export function notePayload(n: EmailNote) {
  return {
    id: n.id,
    thread_id: n.threadId,
    note_text: n.noteText,
    agent_name: n.agentName ?? null,
    agent_color: n.agentColor ?? null,
    avatar_url: n.avatarUrl ?? null,
    created_at: isoOrNull(n.createdAt)!,
  };
}

export function attachmentPayload(a: Omit<EmailAttachment, 'content'>) {
  return {
    id: a.id,
    filename: a.filename,
    content_type: a.contentType,
    size: a.size,
    sha256: a.sha256,
    used: a.usedAt !== null && a.usedAt !== undefined,
    created_at: isoOrNull(a.createdAt)!,
  };
}
