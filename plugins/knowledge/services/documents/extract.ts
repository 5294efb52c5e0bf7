import type { DocumentFormat } from '../../entities/document.entity.js';
import { htmlSections, markdownSections, textSections, type Section } from './sections.js';

/** Why a file's text could not be read: the document fails with this reason. */
export class UnreadableDocument extends Error {}

/** The sections of a text given in the call. */
export function sectionsOf(format: 'text' | 'markdown' | 'html', text: string): Section[] {
  if (format === 'markdown') return markdownSections(text);
  if (format === 'html') return htmlSections(text);
  return textSections(text);
}

/**
 * The sections of a stored file: a PDF page by page (its pages are the places a citation points
 * to), a Word file through its headings (mammoth turns Heading 1–6 into h1–h6), text, Markdown and
 * HTML as they are. The PDF and Word readers load on first use.
 */
export async function fileSections(format: DocumentFormat, bytes: Buffer): Promise<Section[]> {
  try {
    if (format === 'pdf') {
      const { extractText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      const { text } = await extractText(pdf, { mergePages: false });
      return text.flatMap((page, i) => textSections(page).map((s) => ({ ...s, headings: [`Page ${i + 1}`] })));
    }
    if (format === 'docx') {
      const mammoth = (await import('mammoth')).default;
      return htmlSections((await mammoth.convertToHtml({ buffer: bytes })).value);
    }
  } catch (err) {
    throw new UnreadableDocument(`The ${format} file could not be read: ${(err as Error).message}`.slice(0, 400));
  }
  return sectionsOf(format, bytes.toString('utf8'));
}

/** A stored file's format, from its content type (the storage group checked it against the bytes). */
export function formatOfContentType(contentType: string): DocumentFormat | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    (
      {
        'application/pdf': 'pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
        'text/plain': 'text',
        'text/csv': 'text',
        'text/markdown': 'markdown',
        'text/html': 'html',
      } as Record<string, DocumentFormat>
    )[type] ?? null
  );
}
