import { Nullable, Type } from '../../../core/index.js';
import { TLS_MODES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { accountIdArg } from './args.js';

const Side = Type.Object(
  {
    ok: Type.Boolean(),
    latency_ms: Type.Integer(),
    capabilities: Type.Array(Type.String()),
    error: Nullable(
      Type.Object(
        {
          reason: Type.String({ description: 'auth, tls, timeout, refused or protocol' }),
          server_reply: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const testEmailAccount = defineTool({
  name: 'test_email_account',
  title: 'Test email account',
  description:
    'Tries the IMAP and SMTP login of a stored account (account_id) or of connection fields before creating one, and reports each (latency, capabilities, server reply). Stores nothing.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    account_id: Type.Optional(accountIdArg),
    email_address: Type.Optional(Type.String({ minLength: 3, maxLength: 254, format: 'email' })),
    imap_host: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
    imap_port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    imap_tls: Type.Optional(Type.Enum([...TLS_MODES])),
    imap_user: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    imap_password: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, secret: true })),
    smtp_host: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
    smtp_port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    smtp_tls: Type.Optional(Type.Enum([...TLS_MODES])),
    smtp_user: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    smtp_password: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, secret: true })),
  }),
  output: Type.Object({ imap: Side, smtp: Side }),
  handler: async (args, { services }) => services.emailAccountsService.test(args),
});
