import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ACCOUNT_STATUSES, AUTH_TYPES, OAUTH_PROVIDERS, SENT_COPY_MODES, TLS_MODES } from './values.js';

/**
 * A mailbox the shop works from: how to reach its IMAP and SMTP servers, sealed credentials, who
 * may see it, and the health of its sync (status, failures, backoff). A deleted account keeps its
 * row (deletedAt) so its threads stay readable; its address may then be connected again.
 */
export const EmailAccount = defineEntity({
  name: 'EmailAccount',
  tableName: 'email_accounts',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    label: p.string().length(120).nullable(),
    emailAddress: p.string().length(254),
    authType: p.enum([...AUTH_TYPES]),
    oauthProvider: p.enum([...OAUTH_PROVIDERS]).nullable(),
    imapHost: p.string().length(253).nullable(),
    imapPort: p.integer(),
    imapTls: p.enum([...TLS_MODES]),
    imapUser: p.string().length(254),
    imapPasswordSealed: p.text().nullable(),
    smtpHost: p.string().length(253).nullable(),
    smtpPort: p.integer(),
    smtpTls: p.enum([...TLS_MODES]),
    smtpUser: p.string().length(254),
    smtpPasswordSealed: p.text().nullable(),
    smtpFromName: p.string().length(120).nullable(),
    agentHashes: p.json<string[]>(),
    signatureHtml: p.text().nullable(),
    isActive: p.boolean(),
    aiClassificationEnabled: p.boolean(),
    imapFolder: p.string().length(200),
    sentFolder: p.string().length(200).nullable(),
    sentCopy: p.enum([...SENT_COPY_MODES]),
    syncSinceDays: p.integer(),
    status: p.enum([...ACCOUNT_STATUSES]),
    oauthAccessSealed: p.text().nullable(),
    oauthRefreshSealed: p.text().nullable(),
    oauthExpiresAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    consecutiveFailures: p.integer(),
    backoffUntil: p.datetime().nullable(),
    lastSyncedAt: p.datetime().nullable(),
    syncLeaseUntil: p.datetime().nullable(),
    /** Which process holds an IMAP IDLE connection to the account, until when. */
    idleOwner: p.string().length(64).nullable(),
    idleLeaseUntil: p.datetime().nullable(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [
    {
      name: 'email_accounts_address_unique',
      expression: `create unique index "email_accounts_address_unique" on "email_accounts" ("shop_id", lower("email_address")) where "deleted_at" is null`,
    },
  ],
});
export type EmailAccount = InferEntity<typeof EmailAccount>;
