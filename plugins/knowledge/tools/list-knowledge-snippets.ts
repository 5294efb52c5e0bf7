import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SURFACES, WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { SNIPPET_KINDS, SNIPPET_STATUSES } from '../entities/snippet.entity.js';
import { SnippetOutput } from './snippet-args.js';

export const listKnowledgeSnippets = defineTool({
  name: 'list_knowledge_snippets',
  title: 'List knowledge snippets',
  description: 'Knowledge snippets, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Enum(SNIPPET_STATUSES)),
    kind: Type.Optional(Type.Enum(SNIPPET_KINDS)),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    language: Type.Optional(Type.Enum([...WIDGET_LANGUAGES])),
    surface: Type.Optional(Type.Enum([...SURFACES])),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text the snippet contains.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  }),
  output: Type.Object({
    snippets: Type.Array(SnippetOutput),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) =>
    services.knowledgeSnippetsService.list(filters, limit, offset),
});
