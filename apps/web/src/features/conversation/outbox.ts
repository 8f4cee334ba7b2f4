import type { RouterInputs } from '../../lib/api-types';

/**
 * A note to store: its client-made id (sending it again stores it once), its text and, for a note
 * with attachments, the uploaded files.
 */
export interface NoteToSend {
  id: string;
  body: string;
  files?: RouterInputs['interaction']['createNote']['files'];
  /** Composer mode whatsapp-note (03 §7): a note of a WhatsApp talk held elsewhere. */
  whatsappNote?: boolean;
}

/** A message to the contact through one of the company's channels (03 §2.2 channel mode). */
export interface MessageToSend {
  id: string;
  /** What the timeline shows: the text, or a template's body with its data in place. */
  text: string;
  channel: { id: string; type: string; name: string; color: string };
  /** A WhatsApp template instead of free text (outside the 24-hour window). */
  template?: { name: string; language: string; parameters: string[] };
  /** Which of the contact's phones it goes to (03 §2.1 number picker); its first when left out. */
  to?: string;
  /** A file already uploaded, sent with `text` as its caption. */
  file?: { url: string; name: string; mimeType: string };
  /** The contact's message this one answers (shown quoted above it). */
  replyTo?: ReplyDraft;
}

/** A message being answered, as its quote shows it. */
export interface ReplyDraft {
  interactionId: string;
  text: string;
  kind: string;
  origin: 'contact' | 'agent' | null;
}

/**
 * What a seller wrote on a contact's timeline and the server has not yet confirmed, kept in the
 * tab's session storage until it is: a reload or a closed screen while a note or message is on
 * its way sends it again on the next visit (same id, so it is stored once), instead of losing it.
 * Per user and contact, so a colleague signing in on the same tab never sends it as theirs.
 */
export type OutboxEntry = { id: string; createdAt: Date } & (
  { kind: 'note'; note: NoteToSend } | { kind: 'message'; message: MessageToSend }
);

type StoredEntry = Omit<OutboxEntry, 'createdAt'> & { createdAt: string };

const keyOf = (userId: string, contactId: string) => `cartera.outbox.${userId}.${contactId}`;

function read(key: string): StoredEntry[] {
  try {
    const raw = sessionStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as StoredEntry[]) : [];
  } catch {
    return [];
  }
}

function write(key: string, entries: StoredEntry[]) {
  try {
    if (entries.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(entries));
  } catch {
    // Storage full or refused: the item still goes from this page, it just would not survive a reload.
  }
}

/** The outbox of one user on one contact. */
export function outboxOf(userId: string, contactId: string) {
  const key = keyOf(userId, contactId);
  return {
    /** What was left on its way, oldest first. */
    restore(): OutboxEntry[] {
      return read(key).map(
        (each) => ({ ...each, createdAt: new Date(each.createdAt) }) as OutboxEntry,
      );
    },
    /** Kept until `forget` (a second copy of the same id is ignored). */
    remember(entry: OutboxEntry) {
      const entries = read(key);
      if (entries.some((each) => each.id === entry.id)) return;
      write(key, [...entries, { ...entry, createdAt: entry.createdAt.toISOString() }]);
    },
    /** Stored by the server, or refused by it: nothing left to send. */
    forget(id: string) {
      const entries = read(key);
      const rest = entries.filter((each) => each.id !== id);
      if (rest.length !== entries.length) write(key, rest);
    },
  };
}
