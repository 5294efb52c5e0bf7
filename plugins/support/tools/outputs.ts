import { DateTime, Nullable, pageOutput, Type, type Static } from '../../../core/index.js';
import { MAX_ATTACHMENTS } from '../entities/values.js';

export const TicketOutput = Type.Object(
  {
    id: Type.Integer(),
    subject: Type.String(),
    category: Type.String(),
    priority: Type.String(),
    status: Type.String({
      description: 'open, awaiting_support, awaiting_customer, resolved or closed.',
    }),
    diagnostics_attached: Type.Boolean(),
    rating: Nullable(Type.Integer()),
    rating_comment: Nullable(Type.String()),
    created_at: DateTime(),
    updated_at: DateTime(),
    resolved_at: Nullable(DateTime()),
    closed_at: Nullable(DateTime()),
  },
  { additionalProperties: false },
);
export type TicketPayload = Static<typeof TicketOutput>;

export const MessageOutput = Type.Object(
  {
    id: Type.Integer(),
    author: Type.String({ description: 'shop or support.' }),
    body: Type.String(),
    attachments: Type.Array(
      Type.Object(
        { file_id: Type.Integer(), filename: Type.String(), content_type: Type.String(), size_bytes: Type.Integer() },
        { additionalProperties: false },
      ),
      { description: 'Files of the storage group (get_file_url gives a link).' },
    ),
    created_at: DateTime(),
  },
  { additionalProperties: false },
);
export type MessagePayload = Static<typeof MessageOutput>;

export const ThreadOutput = Type.Object({
  ticket: TicketOutput,
  messages: Type.Array(MessageOutput),
  diagnostics: Nullable(Type.Record(Type.String(), Type.Unknown())),
});

export const TicketPage = pageOutput('tickets', TicketOutput);

export const Diagnostics = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Exactly what create_support_ticket attaches: an allow-list, no arguments, messages, phones or keys.',
});

export const ArticleSummary = Type.Object(
  {
    slug: Type.String(),
    language: Type.String(),
    title: Type.String(),
    snippet: Type.String({ description: 'Where the words were found, matches between « ».' }),
    rank: Type.Number(),
  },
  { additionalProperties: false },
);

export const ArticleOutput = Type.Object(
  {
    slug: Type.String(),
    language: Type.String(),
    title: Type.String(),
    body: Type.String({ description: 'Markdown.' }),
  },
  { additionalProperties: false },
);

export const NoticeOutput = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String({ description: 'maintenance, incident or info.' }),
    title: Type.String(),
    body: Nullable(Type.String()),
    starts_at: DateTime(),
    ends_at: Nullable(DateTime()),
    active: Type.Boolean({ description: 'False: announced ahead (a maintenance window to come).' }),
  },
  { additionalProperties: false },
);
export type NoticePayload = Static<typeof NoticeOutput>;

/** Files of the storage group a message carries. */
export const fileIdsArg = Type.Optional(
  Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: MAX_ATTACHMENTS,
    uniqueItems: true,
    description: `Up to ${MAX_ATTACHMENTS} of the shop’s files (upload them with the storage tools first), e.g. a screenshot.`,
  }),
);
