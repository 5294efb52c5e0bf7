import { Type, type Static } from '../../core/index.js';

/**
 * oauth: the deployment's OAuth2 client at each provider (gmail, microsoft, or `none` for another
 * provider's endpoints), registered with the redirect URI `<public base URL>/email/oauth/callback`.
 * Without a clientId, start_email_oauth says the provider is not configured.
 * trustedCaPem: certificates (PEM) trusted for IMAP and SMTP TLS besides the system's — a
 * self-hosted mail server's own CA, or the tests' self-signed servers; never a way to turn
 * verification off. syncBatch, syncBatchBytes: at most this many messages, and bytes, fetched,
 * parsed and stored per transaction (a crash redoes at most one batch; a batch is in memory whole). pollSeconds: how often the sync job reads an idle mailbox. syncLeaseSeconds:
 * a sync holds its account this long, so one process syncs one mailbox; a process that died frees
 * it when the lease runs out. claimTimeoutSeconds: an outbound mail left `sending` this long
 * belongs to a process that died; before sending it again, Sent is searched for its Message-ID.
 * idleAccountsPerProcess: mailboxes one server process keeps an IMAP IDLE connection to (new
 * mail is read within seconds); the others are polled. 0 turns IDLE off.
 * sendRetryScheduleMs: the waits between attempts of a send the server did not take (4xx, no
 * connection): about 24 hours in all, then the mail fails.
 */
const OauthProvider = (defaults: { authorizeUrl?: string; tokenUrl?: string; scope?: string }) =>
  Type.Object(
    {
      clientId: Type.Optional(Type.String({ minLength: 1 })),
      clientSecret: Type.Optional(Type.String({ minLength: 1 })),
      authorizeUrl: Type.String({ minLength: 8, ...(defaults.authorizeUrl && { default: defaults.authorizeUrl }) }),
      tokenUrl: Type.String({ minLength: 8, ...(defaults.tokenUrl && { default: defaults.tokenUrl }) }),
      scope: Type.String({ minLength: 1, ...(defaults.scope && { default: defaults.scope }) }),
    },
    { additionalProperties: false },
  );

export const EmailConfig = Type.Object(
  {
    oauth: Type.Object(
      {
        gmail: Type.Optional(
          OauthProvider({
            authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: 'https://oauth2.googleapis.com/token',
            scope: 'https://mail.google.com/',
          }),
        ),
        microsoft: Type.Optional(
          OauthProvider({
            authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
            tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
            scope:
              'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access',
          }),
        ),
        none: Type.Optional(OauthProvider({})),
      },
      { additionalProperties: false, default: {} },
    ),
    trustedCaPem: Type.Optional(Type.String({ minLength: 1 })),
    connectTimeoutMs: Type.Integer({ minimum: 1000, maximum: 120_000, default: 15_000 }),
    syncBatch: Type.Integer({ minimum: 1, maximum: 2000, default: 200 }),
    syncBatchBytes: Type.Integer({ minimum: 65_536, default: 16 * 1024 * 1024 }),
    pollSeconds: Type.Integer({ minimum: 5, default: 60 }),
    syncLeaseSeconds: Type.Integer({ minimum: 10, default: 300 }),
    claimTimeoutSeconds: Type.Integer({ minimum: 5, default: 120 }),
    idleAccountsPerProcess: Type.Integer({ minimum: 0, maximum: 1000, default: 50 }),
    maxRecipients: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
    maxMessageBytes: Type.Integer({ minimum: 1024, default: 25 * 1024 * 1024 }),
    sendRetryScheduleMs: Type.Array(Type.Integer({ minimum: 0 }), {
      default: [15_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000],
    }),
  },
  { additionalProperties: false, default: {} },
);
export type EmailConfig = Static<typeof EmailConfig>;
