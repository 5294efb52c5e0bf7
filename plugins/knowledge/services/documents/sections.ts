import type * as Htmlparser2 from 'htmlparser2';
import { loadAtFirstUse } from '../../../../core/index.js';

// Loaded by the first HTML document: the parser and its entity tables hold ~1 MB of heap.
const htmlparser2 = loadAtFirstUse<typeof Htmlparser2>(import.meta.url, 'htmlparser2');

/** A part of a document under one heading path (outermost heading first), with its text. */
export interface Section {
  headings: string[];
  text: string;
}

/** Keeps the sections that have text; a heading with nothing under it gives no chunk. */
const withText = (sections: Section[]) => sections.filter((s) => s.text.trim().length > 0);

/** Sets heading `title` at `level` (1–6): deeper headings under the one it replaces end. */
function enter(stack: { level: number; title: string }[], level: number, title: string) {
  while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
  stack.push({ level, title });
}

export const textSections = (text: string): Section[] => withText([{ headings: [], text }]);

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Markdown: ATX (`## Returns`) and setext headings, outside code fences, start sections. */
export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let lines: string[] = [];
  let fence: string | null = null;
  const close = () => {
    sections.push({ headings: stack.map((h) => h.title), text: lines.join('\n') });
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const opener = FENCE.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
      lines.push(line);
      continue;
    }
    if (opener) {
      fence = opener;
      lines.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    const setext = SETEXT.exec(line);
    const previous = lines.at(-1);
    if (atx) {
      close();
      enter(stack, atx[1]!.length, atx[2]!.trim());
    } else if (setext && previous?.trim() && lines.length > 0) {
      lines.pop();
      close();
      enter(stack, setext[1]![0] === '=' ? 1 : 2, previous.trim());
    } else lines.push(line);
  }
  close();
  return withText(sections);
}

const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'tr',
  'td',
  'th',
  'section',
  'article',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'dd',
  'dt',
  'header',
  'footer',
  'main',
  'aside',
  'figcaption',
  'hr',
]);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'nav']);
const HEADING = /^h([1-6])$/;

/** HTML (a page, or a Word file converted by mammoth): h1–h6 start sections; scripts, styles and navigation are left out. */
export function htmlSections(html: string): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let body = '';
  let heading: { level: number; text: string } | null = null;
  let skipping = 0;
  const parser = new (htmlparser2().Parser)(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        const level = HEADING.exec(name)?.[1];
        if (level && !skipping) {
          sections.push({ headings: stack.map((h) => h.title), text: body });
          body = '';
          heading = { level: Number(level), text: '' };
        } else if (BLOCKS.has(name)) body += '\n';
      },
      ontext(text) {
        if (skipping) return;
        if (heading) heading.text += text;
        else body += text;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (heading && HEADING.test(name)) {
          const title = heading.text.replace(/\s+/g, ' ').trim();
          if (title) enter(stack, heading.level, title);
          heading = null;
        } else if (BLOCKS.has(name)) body += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  sections.push({ headings: stack.map((h) => h.title), text: body });
  return withText(
    sections.map((s) => ({ ...s, text: s.text.replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n[\n ]*/g, '\n') })),
  );
}
