/**
 * The text markup of notes and messages (02 §5 'Text markup'): *bold*, __underline__, _italic_,
 * ~strike~ and `code`, plus web addresses as links. The result is a tree the screen turns into
 * React elements using only the tags b/strong, i/em, u, s, code and a: nothing is ever parsed as
 * HTML, so a note cannot inject markup.
 */
export type MarkupNode =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em' | 'u' | 's'; children: MarkupNode[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; text: string };

type StyleKind = 'strong' | 'em' | 'u' | 's';

/** Markers, longest first so '__' wins over '_'. */
const MARKERS: ReadonlyArray<{ marker: string; kind: StyleKind | 'code' }> = [
  { marker: '__', kind: 'u' },
  { marker: '*', kind: 'strong' },
  { marker: '_', kind: 'em' },
  { marker: '~', kind: 's' },
  { marker: '`', kind: 'code' },
];

const WORD = /[\p{L}\p{N}]/u;
const URL = /https?:\/\/[^\s<>"'`]+/g;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

function isSpace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

/** Where the closing marker of one opened at `start` is, or -1. Never crosses a line break. */
function findClose(text: string, marker: string, start: number): number {
  for (let index = start; index <= text.length - marker.length; index += 1) {
    if (text[index] === '\n') return -1;
    if (!text.startsWith(marker, index)) continue;
    if (index === start) continue;
    const before = text[index - 1];
    const after = text[index + marker.length];
    if (marker === '`') return index;
    if (isSpace(before) || isWordChar(after)) continue;
    // '_' closing must not be half of '__'.
    if (marker === '_' && (after === '_' || before === '_')) continue;
    return index;
  }
  return -1;
}

/** Plain text with its web addresses made links (only http and https). */
function withLinks(text: string, into: MarkupNode[]) {
  let last = 0;
  for (const match of text.matchAll(URL)) {
    let href = match[0];
    // Sentence punctuation right after an address is not part of it.
    const trailing = /[.,;:!?)\]]+$/.exec(href);
    if (trailing) href = href.slice(0, -trailing[0].length);
    const at = match.index;
    if (at > last) pushText(into, text.slice(last, at));
    into.push({ kind: 'link', href, text: href });
    last = at + href.length;
  }
  if (last < text.length) pushText(into, text.slice(last));
}

function pushText(into: MarkupNode[], text: string) {
  const previous = into[into.length - 1];
  if (previous?.kind === 'text') previous.text += text;
  else into.push({ kind: 'text', text });
}

export function parseMarkup(text: string): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let plain = '';
  let index = 0;
  const flush = () => {
    if (plain) withLinks(plain, nodes);
    plain = '';
  };
  while (index < text.length) {
    const opened = MARKERS.find(({ marker }) => text.startsWith(marker, index));
    const before = text[index - 1];
    if (opened && !isWordChar(before) && !isSpace(text[index + opened.marker.length])) {
      const contentStart = index + opened.marker.length;
      const close = findClose(text, opened.marker, contentStart);
      if (close > contentStart) {
        const inner = text.slice(contentStart, close);
        flush();
        if (opened.kind === 'code') nodes.push({ kind: 'code', text: inner });
        else nodes.push({ kind: opened.kind, children: parseMarkup(inner) });
        index = close + opened.marker.length;
        continue;
      }
    }
    plain += text[index];
    index += 1;
  }
  flush();
  return nodes;
}
