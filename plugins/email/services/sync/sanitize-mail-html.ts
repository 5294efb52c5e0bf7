import type SanitizeHtml from 'sanitize-html';
import { loadAtFirstUse } from '../../../../core/index.js';

// sanitize-html and its parsers hold ~2 MB of heap that a server whose shops read no mail never uses.
const sanitizer = loadAtFirstUse<typeof SanitizeHtml>(import.meta.url, 'sanitize-html');

const options = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'noscript'),
    'img',
    'font',
    'center',
    'span',
    'u',
    's',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'name'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size', 'face'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'cellpadding', 'cellspacing', 'border'],
    '*': ['align', 'dir', 'lang'],
  },
  // No inline styles, no scripts, no event handlers; links only to the web, mail and phones.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'cid'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
});
let mailOptions: SanitizeHtml.IOptions | undefined;

/**
 * A mail's HTML made safe to show in an agent's browser: what a mail may not carry there
 * (scripts, event handlers, `javascript:` and `data:` links, forms, frames, SVG, styles that
 * could overlay the page) is dropped; tables, text formatting and https or inline (cid:) images stay.
 */
export function sanitizeMailHtml(html: string): string {
  const sanitizeHtml = sanitizer();
  return sanitizeHtml(html, (mailOptions ??= options(sanitizeHtml)));
}
