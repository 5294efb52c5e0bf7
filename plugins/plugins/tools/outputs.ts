import { DateTime, Nullable, Type } from '../../../core/index.js';
import { MESSAGE_ROLES, SESSION_STATUSES } from '../entities/values.js';

const oneOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Json = Type.Record(Type.String(), Type.Unknown());

const WidgetCommon = {
  plugin_type: Type.String(),
  is_enabled: Type.Boolean(),
  allowed_domains: Type.Array(Type.String()),
  public_key: Type.String({ description: 'What the embed names (data-key); rotate_plugin_keys changes it.' }),
  embed_snippet: Type.String({ description: 'The HTML to paste into the shop’s pages.' }),
  updated_at: DateTime(),
};

export const ChatConfigOutput = Type.Object({
  ...WidgetCommon,
  config_design: Json,
  config_texts: Json,
  config_behavior: Json,
  avatar_url: Nullable(Type.String()),
  language_mode: Type.String(),
  language_fixed: Nullable(Type.String()),
  language_available: Type.Array(Type.String()),
  language_show_selector: Type.Boolean(),
  rate_limit_per_session: Type.Integer(),
  rate_limit_window_minutes: Type.Integer(),
  require_verification: Type.Boolean(),
  verification_secret_issued: Type.Boolean(),
  custom_css: Nullable(Type.String()),
});

export const ProductQaConfigOutput = Type.Object({
  ...WidgetCommon,
  faq_enabled: Type.Boolean(),
  faq_max_per_product: Type.Integer(),
});

export const WidgetConfigOutput = Type.Union([ChatConfigOutput, ProductQaConfigOutput]);

export const AssistantOutput = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  prompt: Nullable(Type.String()),
  is_enabled: Type.Boolean(),
  language_mode: Type.String(),
  language_fixed: Nullable(Type.String()),
  language_available: Type.Array(Type.String()),
  language_show_selector: Type.Boolean(),
  rate_limit_per_session: Type.Integer(),
  rate_limit_window_minutes: Nullable(Type.Integer()),
  allowed_domains: Type.Array(Type.String()),
  config_design: Json,
  config_texts: Json,
  public_key: Type.String(),
  embed_snippet: Type.String(),
  created_at: DateTime(),
  updated_at: DateTime(),
});

export const FileStatusOutput = Type.Object({
  file_id: Type.Integer({ description: 'This assistant’s file (remove_docqa_file takes it).' }),
  name: Type.String(),
  storage_file_id: Nullable(Type.Integer()),
  format: Nullable(Type.String()),
  status: oneOf(['queued', 'processing', 'ready', 'failed']),
  progress_percent: Type.Integer(),
  chunks: Type.Integer(),
  characters: Type.Integer(),
  error: Nullable(
    Type.String({ description: 'Why a failed file could not be read (encrypted or scanned PDF, no text…).' }),
  ),
  added_at: DateTime(),
});

export const FilesOutput = {
  files: Type.Array(FileStatusOutput),
  ready: Type.Boolean({ description: 'Every file is done and at least one is ready: the assistant can answer.' }),
};

export const ConversationOutput = Type.Object({
  session_id: Type.String(),
  widget: Type.String(),
  assistant_id: Nullable(Type.Integer()),
  status: oneOf(SESSION_STATUSES),
  ai_paused: Type.Boolean(),
  language: Type.String(),
  origin: Nullable(Type.String()),
  page_url: Nullable(Type.String()),
  visitor_name: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  verified: Type.Boolean(),
  has_note: Type.Boolean(),
  message_count: Type.Integer(),
  last_message_at: Nullable(DateTime()),
  created_at: DateTime(),
});

export const MessageOutput = Type.Object({
  id: Type.Integer(),
  role: oneOf(MESSAGE_ROLES),
  text: Type.String(),
  citations: Nullable(Type.Array(Type.Unknown())),
  agent_name: Nullable(Type.String()),
  created_at: DateTime(),
});

export const NoteOutput = Nullable(
  Type.Object({ text: Type.String(), agent_name: Nullable(Type.String()), written_at: Nullable(DateTime()) }),
);

export const CustomerOutput = Nullable(
  Type.Object(
    {
      phone: Nullable(Type.String()),
      known: Type.Boolean({ description: 'A customer record exists for the phone.' }),
    },
    { additionalProperties: true },
  ),
);

export const AnswerOutput = {
  answer: Type.String(),
  answered: Type.Boolean({ description: 'false: the documents (or knowledge) do not answer it; the text says so.' }),
  citations: Type.Array(Type.Unknown()),
  engine: Type.String(),
  notice: Type.Optional(Type.String()),
};
