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

/**
 * A received mail's body as the timeline keeps it: formatting only, and no request leaves the
 * reader's browser when it is shown. A remote image keeps its address in `data-remote-src` (the
 * viewer loads it only when the user asks); an inline image (`cid:`) points at the stored
 * attachment `inline` gives for its content id, or is dropped.
 */
export function sanitizeMailBody(html: string, inline: (contentId: string) => string | undefined) {
  return sanitizeHtml(html, {
    allowedTags: FORMATTING_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'data-remote-src'],
      font: ['color', 'size'],
      td: ['colspan', 'rowspan', 'align'],
      th: ['colspan', 'rowspan', 'align'],
      '*': ['style'],
    },
    allowedStyles: ALLOWED_STYLES,
    allowedSchemes: ['http', 'https', 'mailto'],
    // Remote images became data-remote-src above: a src left is this server's stored file.
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const { src: _src, ...rest } = attribs;
        if (/^cid:/i.test(src)) {
          const stored = inline(src.slice(4).replace(/^<|>$/g, ''));
          return { tagName, attribs: stored ? { ...rest, src: stored } : rest };
        }
        if (/^https?:\/\//i.test(src))
          return { tagName, attribs: { ...rest, 'data-remote-src': src } };
        return { tagName, attribs: rest };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !frame.attribs.src && !frame.attribs['data-remote-src'],
  });
}

/** Whether the HTML has anything a reader would see (text or an image). */
export function htmlHasContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}

/** How much of a mail the timeline's summary shows. */
const RESUME_LENGTH = 300;

/**
 * A mail's summary: its first lines as text, the quoted part cut where it starts (03 §5: at the
 * first 'El', read as the line 'El lun, 3 nov 2025, … escribió:' Spanish clients head a quote
 * with, over one or two lines; also a line starting '>' or an English 'On … wrote:'). From the
 * text part, else from the body.
 */
export function htmlToResume(text: string, html: string): string {
  const plain = text.trim()
    ? text
    : sanitizeHtml(html.replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n'), {
        allowedTags: [],
        allowedAttributes: {},
      });
  const lines = plain.split(/\r?\n/).map((line) => line.trim());
  const quoteHead = (line: string, next: string) =>
    (/^El\s/.test(line) && (/:$/.test(line) || /escribi[oó]:$/.test(next))) ||
    /^On\s.*wrote:$/.test(line) ||
    line.startsWith('>');
  const kept: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (quoteHead(line, lines[index + 1] ?? '')) break;
    kept.push(line);
  }
  const joined = kept.join(' ').replace(/\s+/g, ' ').trim();
  return joined.length > RESUME_LENGTH ? `${joined.slice(0, RESUME_LENGTH - 1)}…` : joined;
}
