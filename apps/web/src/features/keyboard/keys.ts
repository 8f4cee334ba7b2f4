import { es } from '@cartera/domain/i18n';

/**
 * The application's keyboard shortcuts (issue #33 item 5), the one list the registry matches and
 * the shortcuts sheet shows. A single-key shortcut never fires while the user types in a field; a
 * chorded one (with Ctrl/Cmd or Alt) works everywhere.
 */

/** The parts of a key event a chord is matched on. */
export type KeyStroke = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

export interface Chord {
  /** `KeyboardEvent.key`; letters in lower case. */
  key: string;
  /** Ctrl, or ⌘ on a Mac. */
  mod?: boolean;
  alt?: boolean;
  /** Only for keys that are not letters or symbols (Shift+Enter). */
  shift?: boolean;
}

export type ShortcutId =
  | 'commandMenu'
  | 'shortcutsSheet'
  | 'escape'
  | 'listNext'
  | 'listPrevious'
  | 'listOpen'
  | 'nextUnread'
  | 'previousUnread'
  | 'chatSearch'
  | 'send'
  | 'newLine'
  | 'quickReplies';

export type ShortcutGroup = 'everywhere' | 'list' | 'chat';

export interface ShortcutDef {
  id: ShortcutId;
  group: ShortcutGroup;
  /** The chords that trigger it, each shown on the sheet ('o' between them). */
  chords: readonly Chord[];
  /** What the sheet says it does. */
  label: string;
  /**
   * Matched by the registry. The others belong to a component (the composer's Enter, the
   * conversation's Ctrl/Cmd+F, a focused row's Enter) and are listed on the sheet only.
   */
  global: boolean;
}

const label = es.keyboard.shortcuts;

export const SHORTCUTS: readonly ShortcutDef[] = [
  {
    id: 'commandMenu',
    group: 'everywhere',
    chords: [{ key: 'k', mod: true }],
    label: label.commandMenu,
    global: true,
  },
  {
    id: 'shortcutsSheet',
    group: 'everywhere',
    chords: [{ key: '?' }],
    label: label.shortcutsSheet,
    global: true,
  },
  {
    id: 'escape',
    group: 'everywhere',
    chords: [{ key: 'Escape' }],
    label: label.escape,
    global: true,
  },
  {
    id: 'nextUnread',
    group: 'everywhere',
    chords: [{ key: 'ArrowDown', alt: true }],
    label: label.nextUnread,
    global: true,
  },
  {
    id: 'previousUnread',
    group: 'everywhere',
    chords: [{ key: 'ArrowUp', alt: true }],
    label: label.previousUnread,
    global: true,
  },
  {
    id: 'listNext',
    group: 'list',
    chords: [{ key: 'ArrowDown' }, { key: 'j' }],
    label: label.listNext,
    global: true,
  },
  {
    id: 'listPrevious',
    group: 'list',
    chords: [{ key: 'ArrowUp' }, { key: 'k' }],
    label: label.listPrevious,
    global: true,
  },
  {
    id: 'listOpen',
    group: 'list',
    chords: [{ key: 'Enter' }],
    label: label.listOpen,
    global: false,
  },
  {
    id: 'chatSearch',
    group: 'chat',
    chords: [{ key: 'f', mod: true }],
    label: label.chatSearch,
    global: true,
  },
  { id: 'send', group: 'chat', chords: [{ key: 'Enter' }], label: label.send, global: false },
  {
    id: 'newLine',
    group: 'chat',
    chords: [
      { key: 'Enter', shift: true },
      { key: 'Enter', mod: true },
    ],
    label: label.newLine,
    global: false,
  },
  {
    id: 'quickReplies',
    group: 'chat',
    chords: [{ key: '/' }],
    label: label.quickReplies,
    global: false,
  },
];

/** Whether a chord needs a modifier (and so may fire inside a field). */
export function isChorded(chord: Chord): boolean {
  return Boolean(chord.mod || chord.alt);
}

/**
 * Whether a key event is the chord. Ctrl and ⌘ both count as the platform's modifier. Shift is
 * not compared for symbols ('?' is Shift+'/' on some layouts, Shift+' on others) but a shifted
 * letter ('J') is not the letter's shortcut.
 */
export function matchesChord(event: KeyStroke, chord: Chord): boolean {
  const mod = event.ctrlKey || event.metaKey;
  if (Boolean(chord.mod) !== mod || Boolean(chord.alt) !== event.altKey) return false;
  const letter = /^[a-z]$/i.test(chord.key);
  if (letter) return !event.shiftKey && event.key.toLowerCase() === chord.key;
  if (chord.shift !== undefined && chord.shift !== event.shiftKey) return false;
  return event.key === chord.key;
}

/** Elements where typing writes text: a single-key shortcut must leave keys to them. */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'number',
  'password',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** Whether the event's target is a field: input, textarea, select or editable content. */
export function isInField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return TEXT_INPUT_TYPES.has(type);
  }
  if (element.isContentEditable) return true;
  const editable = element.closest?.('[contenteditable]');
  return editable !== null && editable !== undefined
    ? editable.getAttribute('contenteditable') !== 'false'
    : false;
}

/**
 * The registry's shortcut for a key event, if any: the first global one whose chord matches,
 * single-key ones skipped inside a field.
 */
export function shortcutFor(event: KeyStroke, target: EventTarget | null): ShortcutDef | null {
  const inField = isInField(target);
  for (const shortcut of SHORTCUTS) {
    if (!shortcut.global) continue;
    const chord = shortcut.chords.find((each) => matchesChord(event, each));
    if (!chord) continue;
    // Escape is the exception: it leaves a field, so it is heard there too.
    if (inField && !isChorded(chord) && shortcut.id !== 'escape') continue;
    return shortcut;
  }
  return null;
}

/** Whether the platform's modifier is ⌘ (a Mac) rather than Ctrl. */
export function usesCommandKey(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

const KEY_NAMES: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  Escape: 'Esc',
  Enter: 'Enter',
};

/** The keys of a chord as the sheet shows them, e.g. ['Ctrl', 'K'] or ['Alt', '↓']. */
export function chordKeys(chord: Chord, commandKey: boolean): string[] {
  const keys: string[] = [];
  if (chord.mod) keys.push(commandKey ? '⌘' : 'Ctrl');
  if (chord.alt) keys.push(commandKey ? '⌥' : 'Alt');
  if (chord.shift) keys.push(commandKey ? '⇧' : 'Shift');
  // A letter alone is typed as it is ('j'); with a modifier it reads like the key cap ('K').
  const named = KEY_NAMES[chord.key] ?? chord.key;
  keys.push(named.length === 1 && (chord.mod || chord.alt) ? named.toUpperCase() : named);
  return keys;
}
