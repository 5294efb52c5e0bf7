import { invalidArguments, type Services } from '../../../core/index.js';
import { helpArticle, HELP_LANGUAGES, searchHelp } from './help-articles.js';

/** Help articles in the shop's language unless it asks for another; English where none exists. */
export class SupportHelpService {
  constructor(private readonly deps: Services) {}

  async search(query: string, language: string | undefined, limit: number) {
    if (!query.trim())
      throw invalidArguments('query must not be blank.', [{ path: 'query', message: 'must not be blank' }]);
    const lang = language ?? this.shopLanguage();
    const articles = (await searchHelp(this.deps.em, query, lang, limit)).map((a) => ({ ...a, rank: Number(a.rank) }));
    return { articles, count: articles.length, language: lang };
  }

  get(slug: string, language: string | undefined) {
    return { article: helpArticle(slug, language ?? this.shopLanguage()) };
  }

  private shopLanguage(): string {
    const lang = this.deps.shop.locale.slice(0, 2).toLowerCase();
    return HELP_LANGUAGES.includes(lang) ? lang : 'en';
  }
}
