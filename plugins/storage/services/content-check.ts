import { invalidArguments, ToolError } from '../../../core/index.js';
import type { Purpose } from '../entities/values.js';
import { PURPOSE_LIMITS } from './purposes.js';

/** Types file-type reports under another name than the one people declare. */
const ALIASES: Record<string, string> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'image/jpg': 'image/jpeg',
  'video/3gp': 'video/3gpp',
  'application/x-cfb': 'application/msword',
  'text/x-markdown': 'text/markdown',
  'application/csv': 'text/csv',
};
const normal = (type: string) => {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  return ALIASES[bare] ?? bare;
};

/** Types with no magic bytes: accepted only as UTF-8 text without control bytes. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'text/markdown', 'text/html', 'application/json']);

/** A purpose that takes a type must say so before any byte is read. */
export function checkDeclared(purpose: Purpose, declared: string, size: number): string {
  const type = normal(declared);
  const limit = PURPOSE_LIMITS[purpose][type];
  if (limit === undefined)
    throw invalidArguments(
      `${purpose} files cannot be ${type}. Accepted: ${Object.keys(PURPOSE_LIMITS[purpose]).join(', ')}.`,
      [{ path: 'content_type', message: 'not accepted for this purpose' }],
    );
  if (size > limit)
    throw new ToolError(
      'file_too_large',
      `${purpose} files of type ${type} may be at most ${limit} bytes; this one is ${size}.`,
      {
        max_bytes: limit,
        size_bytes: size,
      },
    );
  return type;
}

/** The type the bytes show (file-type), or undefined when they show none. */
export async function sniff(body: Buffer): Promise<{ mime: string } | undefined> {
  // Loaded at first use: file-type and its tokenizers hold ~1 MB of heap that a server that stores no file never needs.
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(body);
}

/**
 * The type the bytes really are, which must be the declared one: a PNG declared as a PDF, or a
 * page declared as an image, is refused (networks reject media whose type does not match, and a
 * wrong type served to a browser is how stored files become attacks). Formats without magic bytes
 * pass only as clean UTF-8 text.
 */
export async function checkContent(purpose: Purpose, declared: string, body: Buffer): Promise<string> {
  const type = checkDeclared(purpose, declared, body.length);
  if (body.length === 0) throw invalidArguments('The file is empty.', [{ path: 'content', message: 'empty' }]);
  const sniffed = await sniff(body);
  if (sniffed) {
    const actual = normal(sniffed.mime);
    const zipOffice = actual === 'application/zip' && type.startsWith('application/vnd.openxmlformats');
    if (actual !== type && !zipOffice)
      throw new ToolError('content_type_mismatch', `The file is ${actual}, not ${type} as declared.`, {
        declared: type,
        detected: actual,
      });
    return type;
  }
  if (!TEXT_TYPES.has(type) || !isCleanText(body))
    throw new ToolError('content_type_mismatch', `The file's bytes are not ${type}.`, {
      declared: type,
      detected: null,
    });
  return type;
}

function isCleanText(body: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex -- control bytes are exactly what this looks for
  return !/[\u0000-\u0008\u000E-\u001F]/.test(text);
}
