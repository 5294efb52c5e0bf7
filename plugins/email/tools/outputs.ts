import { DateTime, Nullable, Type } from '../../../core/index.js';
import {
  ACCOUNT_STATUSES,
  AUTH_TYPES,
  DIRECTIONS,
  FOLDER_ROLES,
  MESSAGE_STATUSES,
  OAUTH_PROVIDERS,
  SENT_COPY_MODES,
  THREAD_STATUSES,
  TLS_MODES,
} from '../entities/values.js';

const closed = { additionalProperties: false } as const;
const Flag = (description: string) => Type.Integer({ minimum: 0, maximum: 1, description });

export const AccountOutput = Type.Object(
  {
    id: Type.Integer(),
    label: Nullable(Type.String()),
    email_address: Type.String(),
    auth_type: Type.Enum([...AUTH_TYPES]),
    oauth_provider: Nullable(Type.Enum([...OAUTH_PROVIDERS])),
    imap_host: Nullable(Type.String()),
    imap_port: Type.Integer(),
    imap_tls: Type.Enum([...TLS_MODES]),
    imap_user: Type.String(),
    has_imap_password: Type.Boolean({ description: 'Passwords are never shown.' }),
    smtp_host: Nullable(Type.String()),
    smtp_port: Type.Integer(),
    smtp_tls: Type.Enum([...TLS_MODES]),
    smtp_user: Type.String(),
    has_smtp_password: Type.Boolean(),
    smtp_from_name: Nullable(Type.String()),
    agent_hashes: Type.Array(Type.String(), { description: 'Empty: every agent sees the account.' }),
    signature_html: Nullable(Type.String()),
    is_active: Flag('1 active'),
    ai_classification_enabled: Flag('1 on'),
    oauth_authorized: Nullable(
      Type.Boolean({ description: 'oauth2: whether the provider granted access; basic: null' }),
    ),
    imap_folder: Type.String(),
    sent_folder: Nullable(Type.String()),
    sent_copy: Type.Enum([...SENT_COPY_MODES], {
      description: 'server: the provider files sent mail in Sent; append: we APPEND it; none: no copy',
    }),
    sync_since_days: Type.Integer(),
    status: Type.Enum([...ACCOUNT_STATUSES]),
    last_error: Nullable(Type.String()),
    last_synced_at: Nullable(DateTime()),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  closed,
);

export const SyncStatusOutput = Type.Object(
  {
    account_id: Type.Integer(),
    status: Type.Enum([...ACCOUNT_STATUSES]),
    last_synced_at: Nullable(DateTime()),
    syncing: Type.Boolean({ description: 'A sync holds the account now.' }),
    consecutive_failures: Type.Integer(),
    last_error: Nullable(Type.String()),
    backoff_until: Nullable(DateTime('The polling job waits until then after failures.')),
    folders: Type.Array(
      Type.Object(
        {
          path: Type.String(),
          role: Type.Enum([...FOLDER_ROLES]),
          uidvalidity: Nullable(Type.Integer()),
          last_uid: Type.Integer({ description: 'Every message up to this UID is stored.' }),
          last_synced_at: Nullable(DateTime()),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const ThreadOutput = Type.Object(
  {
    id: Type.Integer(),
    account_id: Type.Integer(),
    account_deleted: Type.Boolean(),
    subject: Type.String(),
    counterpart: Type.String({ description: 'The other side’s address.' }),
    participants: Type.Array(Type.String()),
    phone: Nullable(Type.String()),
    status: Type.Enum([...THREAD_STATUSES]),
    snoozed_until: Nullable(DateTime()),
    assigned_agent_id: Nullable(Type.Integer()),
    category: Nullable(Type.String()),
    intent: Nullable(Type.String()),
    priority: Nullable(Type.String()),
    classified_by: Nullable(Type.String({ description: 'ai, rules or agent' })),
    unread: Type.Boolean(),
    message_count: Type.Integer(),
    last_message_at: DateTime(),
    last_inbound_at: Nullable(DateTime()),
    first_response_at: Nullable(DateTime()),
    created_at: DateTime(),
  },
  closed,
);

const Address = Type.Object({ address: Type.String(), name: Nullable(Type.String()) }, closed);

export const MessageOutput = Type.Object(
  {
    id: Type.Integer(),
    thread_id: Type.Integer(),
    account_id: Type.Integer(),
    direction: Type.Enum([...DIRECTIONS]),
    status: Type.Enum([...MESSAGE_STATUSES]),
    message_id_header: Type.String(),
    in_reply_to: Nullable(Type.String()),
    references: Type.Array(Type.String()),
    from: Address,
    to: Type.Array(Address),
    cc: Type.Array(Address),
    bcc: Type.Array(Address),
    subject: Type.String(),
    preview: Type.String({ description: 'The new part of the text, without quoted history.' }),
    body_text: Type.Optional(Nullable(Type.String())),
    body_html: Type.Optional(Nullable(Type.String({ description: 'Sanitised: safe to show.' }))),
    attachments: Type.Array(
      Type.Object(
        {
          filename: Nullable(Type.String()),
          content_type: Type.String(),
          size: Type.Integer(),
          content_id: Nullable(Type.String()),
          attachment_id: Type.Optional(Type.Integer()),
        },
        closed,
      ),
    ),
    sent_at: Nullable(DateTime()),
    scheduled_at: Nullable(DateTime()),
    attempts: Type.Integer(),
    last_error: Nullable(Type.String()),
    created_at: DateTime(),
  },
  closed,
);

export const NoteOutput = Type.Object(
  {
    id: Type.Integer(),
    thread_id: Type.Integer(),
    note_text: Type.String(),
    agent_name: Nullable(Type.String()),
    agent_color: Nullable(Type.String()),
    avatar_url: Nullable(Type.String()),
    created_at: DateTime(),
  },
  closed,
);

export const AttachmentOutput = Type.Object(
  {
    id: Type.Integer(),
    filename: Type.String(),
    content_type: Type.String(),
    size: Type.Integer(),
    sha256: Type.String(),
    used: Type.Boolean({ description: 'A mail uses it (kept); unused uploads go after a day.' }),
    created_at: DateTime(),
  },
  closed,
);
