import { DateTime, Nullable, pageOutput, Type, type Static } from '../../../core/index.js';

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
