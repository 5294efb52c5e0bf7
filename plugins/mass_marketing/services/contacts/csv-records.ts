/** One record of a CSV source and the physical line it starts on (1-based, the header included). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV source, guessed from its first line: the one of comma, semicolon and tab
 * that occurs most outside quotes (spreadsheets in many locales export with semicolons).
 */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * A streaming CSV reader (RFC 4180 quoting: fields in double quotes may hold delimiters, line
 * breaks and "" for a quote). Text is pushed in chunks of any size and complete records come out,
 * so a source of any length is read with memory bounded by its longest record. Lines without a
 * quote take a fast path (a plain split). Blank lines are not records.
 */
export class CsvReader {
  private delimiter: string | undefined;
  private pending = '';
  private line = 0;
  /** A quoted record still open at the end of the last chunk. */
  private open: { line: number; fields: string[]; field: string; quoted: boolean; afterQuote: boolean } | undefined;

  constructor(delimiter?: string) {
    this.delimiter = delimiter;
  }

  push(chunk: string): CsvRecord[] {
    const text = this.pending + chunk;
    const out: CsvRecord[] = [];
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      this.takeLine(text.slice(start, nl), out);
      start = nl + 1;
    }
    this.pending = text.slice(start);
    return out;
  }

  /** The records left when the source ends; a quote still open there closes at the end. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.pending !== '') this.takeLine(this.pending, out);
    this.pending = '';
    if (this.open) {
      const { line, fields, field } = this.open;
      this.open = undefined;
      out.push({ line, fields: [...fields, field] });
    }
    return out;
  }

  private takeLine(raw: string, out: CsvRecord[]): void {
    this.line++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.open) {
      this.open.field += '\n';
      this.scan(text, out);
      return;
    }
    if (text.trim() === '') return;
    this.delimiter ??= detectDelimiter(text);
    if (!text.includes('"')) {
      out.push({ line: this.line, fields: text.split(this.delimiter) });
      return;
    }
    this.open = { line: this.line, fields: [], field: '', quoted: false, afterQuote: false };
    this.scan(text, out);
  }

  /** Character by character through a line of a record that has quotes. */
  private scan(text: string, out: CsvRecord[]): void {
    const rec = this.open!;
    const d = this.delimiter!;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (rec.quoted) {
        if (c !== '"') rec.field += c;
        else if (text[i + 1] === '"') {
          rec.field += '"';
          i++;
        } else {
          rec.quoted = false;
          rec.afterQuote = true;
        }
      } else if (c === d) {
        rec.fields.push(rec.field);
        rec.field = '';
        rec.afterQuote = false;
      } else if (c === '"' && rec.field.trim() === '' && !rec.afterQuote) {
        rec.field = '';
        rec.quoted = true;
      } else {
        rec.field += c;
      }
    }
    if (rec.quoted) return;
    this.open = undefined;
    out.push({ line: rec.line, fields: [...rec.fields, rec.field] });
  }
}
