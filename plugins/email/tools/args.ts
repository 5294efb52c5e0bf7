import { Nullable, Type, DateTimeArg } from '../../../core/index.js';
import { AUTH_TYPES, OAUTH_PROVIDERS, SENT_COPY_MODES, TLS_MODES } from '../entities/values.js';

const Host = (side: string) =>
  Type.String({
    minLength: 1,
    maxLength: 253,
    description: `${side} host; required for basic.`,
  });
const Port = (fallback: number) => Type.Integer({ minimum: 1, maximum: 65535, description: `Default ${fallback}.` });
const Secret = (description: string) => Type.String({ minLength: 1, maxLength: 1000, secret: true, description });
const Flag = (description: string) => Type.Integer({ minimum: 0, maximum: 1, description });

export const accountIdArg = Type.Integer({ minimum: 1 });
export const threadIdArg = Type.Integer({ minimum: 1 });

/**
 * The account fields, as the spec names them (after ai_classification_enabled come ours). Each is
 * optional here: create_email_account makes email_address required, update_email_account changes
 * only what is given.
 */
export const accountFieldArgs = {
  label: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
  auth_type: Type.Optional(
    Type.Enum([...AUTH_TYPES], { description: "basic: passwords; oauth2: the provider's sign-in." }),
  ),
  imap_host: Type.Optional(Host('IMAP')),
  imap_port: Type.Optional(Port(993)),
  imap_user: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Default: email_address.' })),
  imap_password: Type.Optional(Secret('Required for basic; stored encrypted.')),
  smtp_host: Type.Optional(Host('SMTP')),
  smtp_port: Type.Optional(Port(587)),
  smtp_user: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Default: email_address.' })),
  smtp_password: Type.Optional(Secret('Default: imap_password; stored encrypted.')),
  smtp_from_name: Type.Optional(Nullable(Type.String({ maxLength: 120, description: 'The name recipients see.' }))),
  agent_hashes: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: 200,
      description: 'agent_hash values of the agents who see this account; empty: all.',
    }),
  ),
  signature_html: Type.Optional(
    Nullable(Type.String({ maxLength: 20_000, description: 'Added under replies and new mail.' })),
  ),
  oauth_provider: Type.Optional(Type.Enum([...OAUTH_PROVIDERS], { description: 'Required when auth_type is oauth2.' })),
  is_active: Type.Optional(Flag('0 pauses sync and sending.')),
  ai_classification_enabled: Type.Optional(Flag('1: threads are classified by the AI.')),
  imap_tls: Type.Optional(
    Type.Enum([...TLS_MODES], { description: 'Default from the port: ssl on 993, starttls otherwise.' }),
  ),
  smtp_tls: Type.Optional(
    Type.Enum([...TLS_MODES], { description: 'Default from the port: ssl on 465, starttls otherwise.' }),
  ),
  imap_folder: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'The folder read as the inbox (INBOX).' }),
  ),
  sent_folder: Type.Optional(
    Nullable(
      Type.String({ minLength: 1, maxLength: 200, description: 'Default: the folder the server marks \\Sent.' }),
    ),
  ),
  sent_copy: Type.Optional(
    Type.Enum([...SENT_COPY_MODES], {
      description:
        'How sent mail reaches Sent: server (the provider files it: Gmail, Microsoft), append (default elsewhere), none.',
    }),
  ),
  sync_since_days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 90, description: 'How far back the first sync reads (7).' }),
  ),
};

export const emailAddressArg = Type.String({ minLength: 3, maxLength: 254, format: 'email' });

/** Recipients: "Ana <ana@example.com>, bob@example.com" or a list of such strings. */
export const recipientsArg = Type.Union(
  [
    Type.String({ minLength: 3, maxLength: 10_000 }),
    Type.Array(Type.String({ minLength: 3, maxLength: 320 }), { maxItems: 500 }),
  ],
  { description: '"Ana <ana@example.com>, bob@example.com" or a list of such.' },
);

/**
 * The sending tools' shared arguments, named as the spec lists them under cancel_scheduled_email
 * (to, subject, body_text, cc, bcc, account_id, attachment_ids, scheduled_at), plus body_html.
 */
export const outboundArgs = {
  to: Type.Optional(recipientsArg),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 998 })),
  body_text: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  body_html: Type.Optional(Type.String({ maxLength: 2_000_000, description: 'Sanitised before it is sent.' })),
  cc: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 320 }), { maxItems: 500 })),
  bcc: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 320 }), { maxItems: 500 })),
  attachment_ids: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 20, description: 'Files from upload_email_attachment.' }),
  ),
  scheduled_at: Type.Optional(Nullable(DateTimeArg('When to send (within a year); null: now.'))),
};

export const messageIdArg = Type.Integer({ minimum: 1 });
