import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { HELP_LANGUAGES } from '../services/help-articles.js';
import { ArticleSummary } from './outputs.js';

export const searchHelpArticles = defineTool({
  name: 'search_help_articles',
  title: 'Search help articles',
  description:
    'Full-text search of the server\'s help ("quotes", OR and -word work), best first, with the matching passage, in the shop\'s language unless given.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    query: Type.String({ minLength: 1, maxLength: 200 }),
    language: Type.Optional(Type.Enum(HELP_LANGUAGES)),
    limit: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  }),
  output: Type.Object({ articles: Type.Array(ArticleSummary), count: Type.Integer(), language: Type.String() }),
  handler: async ({ query, language, limit }, { services }) =>
    services.supportHelpService.search(query, language, limit!),
});
