import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
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
};

/**
 * A mail's HTML made safe to show in an agent's browser: what a mail may not carry there
 * (scripts, event handlers, `javascript:` and `data:` links, forms, frames, SVG, styles that
 * could overlay the page) is dropped; tables, text formatting and https or inline (cid:) images stay.
 */
export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
