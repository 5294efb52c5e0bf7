import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { HELP_LANGUAGES } from '../services/help-articles.js';
import { ArticleOutput } from './outputs.js';

export const getHelpArticle = defineTool({
  name: 'get_help_article',
  title: 'Get help article',
  description: "One help article in Markdown by slug, in the shop's language (or the one given; English as fallback).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    slug: Type.String({ minLength: 1, maxLength: 100 }),
    language: Type.Optional(Type.Enum(HELP_LANGUAGES)),
  }),
  output: Type.Object({ article: ArticleOutput }),
  handler: async ({ slug, language }, { services }) => services.supportHelpService.get(slug, language),
});
