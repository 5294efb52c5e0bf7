/** eld's table cut to the widget languages (trimEldTable; written by `npm run eld:table`). */
export const ELD_TABLE_FILE = new URL('./eld-ngrams.json', import.meta.url);

/** eld's n-gram database: language numbers → ISO codes, and per n-gram the score of each language. */
export interface EldTable {
  type: string;
  languages: Record<string, string>;
  ngrams: Record<string, Record<string, number>>;
}

/**
 * eld's table cut to `languages`, renumbered 0… in that order, without the n-grams none of them
 * has. eld scores all of its 60 languages and only then drops those outside a subset, so the other
 * languages' scores change no result of ours — they were 63,651 of its 81,206 n-grams, and the
 * data module it imports (1.6 MB of source kept in memory, and its object literal) cost ~20 MB of
 * heap and a transient of ~140 MB of RSS at start. Small language numbers also keep each n-gram's
 * scores object small (its elements store is as long as the highest number).
 */
export function trimEldTable(full: EldTable, languages: readonly string[]): EldTable {
  const ids = languages.map((code) => {
    const id = Object.keys(full.languages).find((key) => full.languages[key] === code);
    if (id === undefined) throw new Error(`eld has no language ${code}`);
    return id;
  });
  const ngrams: EldTable['ngrams'] = {};
  for (const [ngram, scores] of Object.entries(full.ngrams)) {
    const kept: Record<string, number> = {};
    let any = false;
    ids.forEach((id, number) => {
      if (scores[id] === undefined) return;
      kept[number] = scores[id];
      any = true;
    });
    if (any) ngrams[ngram] = kept;
  }
  return { type: full.type, languages: Object.fromEntries(languages.map((code, number) => [number, code])), ngrams };
}

/** A module of the installed eld by its file: eld's exports list neither its data nor its factory (the version is pinned). */
export const eldModule = (path: string): Promise<unknown> =>
  import(new URL(path, import.meta.resolve('eld/small')).href);

/** The full table of the eld version installed (its data module). */
export async function installedEldTable(): Promise<EldTable> {
  return ((await eldModule('../ngrams/small.js')) as { ngramsData: EldTable }).ngramsData;
}
