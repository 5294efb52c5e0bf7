import { readdirSync, readFileSync } from 'node:fs';
import { notFound, type EntityManager } from '../../../core/index.js';

export interface HelpArticle {
  slug: string;
  language: string;
  title: string;
  body: string;
}

/** The PostgreSQL text search configuration of each language articles ship in. */
const CONFIGS: Record<string, string> = { en: 'english', es: 'spanish' };
export const HELP_LANGUAGES = Object.keys(CONFIGS);

const folder = new URL('../help/', import.meta.url);

/**
 * The help articles shipped with this version: `help/<language>/<slug>.md`, the first line a
 * `# Title`. Read once; they change only with the code.
 */
let loaded: HelpArticle[] | undefined;
export function helpArticles(): HelpArticle[] {
  loaded ??= HELP_LANGUAGES.flatMap((language) =>
    readdirSync(new URL(`${language}/`, folder))
      .filter((file) => file.endsWith('.md'))
      .sort()
      .map((file) => {
        const text = readFileSync(new URL(`${language}/${file}`, folder), 'utf8');
        const [first, ...rest] = text.split('\n');
        return {
          slug: file.slice(0, -3),
          language,
          title: first!.replace(/^#\s*/, '').trim(),
          body: rest.join('\n').trim(),
        };
      }),
  );
  return loaded;
}

export function helpArticle(slug: string, language: string): HelpArticle {
  const articles = helpArticles().filter((a) => a.slug === slug);
  const article = articles.find((a) => a.language === language) ?? articles.find((a) => a.language === 'en');
  if (!article) throw notFound('article', slug);
  return article;
}

/**
 * PostgreSQL full-text search over the articles of one language: stemmed in that language,
 * accents ignored (`sb_search_text`), web-search syntax (quotes, OR, -word), ranked, with the
 * matching passage. The few dozen articles travel as one JSON parameter instead of living in a
 * table that every upgrade would have to resynchronise with the shipped files.
 */
export async function searchHelp(em: EntityManager, query: string, language: string, limit: number) {
  const rows = helpArticles()
    .filter((a) => a.language === language)
    .map((a) => ({ ...a, cfg: CONFIGS[a.language]! }));
  return em.execute<{ slug: string; language: string; title: string; snippet: string; rank: number }[]>(
    `select a.slug, a.language, a.title, ts_rank(d.doc, q) as rank,
            ts_headline(a.cfg::regconfig, a.body, q, 'StartSel=«, StopSel=», MaxWords=30, MinWords=12, MaxFragments=2') as snippet
     from jsonb_to_recordset(?::jsonb) as a(slug text, language text, cfg text, title text, body text),
          lateral (select setweight(to_tsvector(a.cfg::regconfig, sb_search_text(a.title)), 'A') ||
                          to_tsvector(a.cfg::regconfig, sb_search_text(a.body)) as doc) d,
          lateral websearch_to_tsquery(a.cfg::regconfig, sb_search_text(?)) q
     where d.doc @@ q
     order by rank desc, a.slug
     limit ?`,
    [JSON.stringify(rows), query, limit],
  );
}
