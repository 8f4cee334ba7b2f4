import sanitizeHtml from 'sanitize-html';

/*
 * HTML of e-mail (issue #38): signatures written in the rich editor and, later, the bodies of
 * mails read from a mailbox. Only formatting survives: no script, no event handler, no style
 * sheet, no form, no frame; links keep http, https and mailto only and open in a new tab.
 */

const FORMATTING_TAGS = [
  'p',
  'div',
  'span',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'small',
  'big',
  'font',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'center',
];

/** The inline styles kept (each value checked), enough for the editor's sizes and colours. */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,3}(\.\d+)?(px|pt|em|rem|%)$/];
const ALLOWED_STYLES = {
  '*': {
    color: COLOR,
    'background-color': COLOR,
    'font-size': LENGTH,
    'font-weight': [/^(bold|normal|[1-9]00)$/],
    'font-style': [/^(italic|normal)$/],
    'text-decoration': [/^(underline|line-through|none)$/],
    'text-align': [/^(left|right|center|justify)$/],
  },
};

/**
 * A signature as it is stored: formatting only; images only from this server's files (the
 * signature's own uploads, `/api/files/...`) or https addresses.
 */
export function sanitizeSignature(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: FORMATTING_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      font: ['color', 'size'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      '*': ['style'],
    },
    allowedStyles: ALLOWED_STYLES,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !(frame.attribs.src ?? '').startsWith('https://') &&
      !(frame.attribs.src ?? '').startsWith('/api/files/'),
  });
}

/** Whether the HTML has anything a reader would see (text or an image). */
export function htmlHasContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}
