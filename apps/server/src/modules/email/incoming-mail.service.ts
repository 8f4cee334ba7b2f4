import { randomBytes } from 'node:crypto';
import type { EmailAccount } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import type { EmailContent } from '@cartera/domain/interactions';
import type { AppDeps } from '../../deps';
import { storedName } from '../../lib/file-names';
import { htmlToResume, sanitizeMailBody } from '../../lib/mail-html';
import { stableId } from '../../lib/stable-id';
import { visibleContactsWithEmails } from '../access/contacts';
import { lockContact } from '../contacts/contacts.service';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import {
  findEmailItemsByMessageIds,
  findExistingItemIds,
  findItemContact,
  insertUnknownMail,
  isPrivateThread,
  updateEmailItem,
} from './email.repository';

/*
 * A mail on the timelines (issue #38 item 3), whichever provider brought it (IMAP's sync,
 * Nylas's webhook): written on the timeline of each contact its addresses belong to, among those
 * the mailbox's owner may see, once; the sent mail it answers marked answered; a mail from an
 * unknown address kept aside for 'Crear contacto'.
 */

/** A larger attachment is listed without being stored. */
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** A mail dated this much before its mailbox was connected is history. */
const HISTORY_MARGIN_MS = 5 * 60 * 1000;

/** The conversation a mail belongs to: the first of its references, else what it answers. */
function threadOf(mail: IncomingMail, messageId: string) {
  return mail.references[0] ?? mail.inReplyTo ?? messageId;
}

/**
 * 03 §4 'done': a mail the seller sent, answered by the contact. The sent item the reply's
 * In-Reply-To names, on the replying contacts' timelines, is marked answered.
 */
async function markAnswered(
  deps: AppDeps,
  tenantId: string,
  contacts: ReadonlyArray<{ id: string }>,
  inReplyTo: string,
) {
  const answered = (
    await findEmailItemsByMessageIds(
      deps.db,
      tenantId,
      contacts.map((contact) => contact.id),
      [inReplyTo],
    )
  ).filter((item) => item.status === 'sent');
  for (const item of answered) {
    await deps.db.transaction(async (tx) => {
      await updateEmailItem(tx, tenantId, item.id, { status: 'done' });
      const contact = await findItemContact(tx, tenantId, item.contactId);
      if (contact) {
        await announceInteraction(tx, null, contact, {
          event: 'interaction.updated',
          interactionId: item.id,
          type: 'email',
        });
      }
    });
  }
}

/**
 * A mail as any provider brings it (IMAP's parsed source, Nylas's message): what storing it on
 * the timelines needs. `content` of an attachment is null when it was too large to fetch.
 */
export interface IncomingMail {
  messageId: string | null;
  subject: string;
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  date: Date;
  html: string | null;
  text: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: Array<{
    filename: string;
    contentType: string;
    size: number;
    content: Buffer | null;
    contentId: string | null;
    /** Shown inside the body (not listed as an attachment). */
    related: boolean;
  }>;
}

export type MailAddress = { email: string; name: string | null };

/**
 * Writes one mail on the timelines of the contacts it is with (those of its addresses the
 * mailbox's owner may see); answers how many items are new. A mail already on a timeline (the
 * same Message-ID, another copy or a repeated read) is not stored again; a mail from an unknown
 * address creates nothing; a mail of a thread the owner kept out of the CRM is not stored. A received answer marks the sent mail it answers as answered.
 */
export async function storeIncomingMail(
  deps: AppDeps,
  owner: AuthUser,
  account: EmailAccount,
  mail: IncomingMail,
  /** Where the provider keeps it (IMAP: folder, UIDVALIDITY and UID), for a mail without a Message-ID. */
  fallbackKey: string,
): Promise<number> {
  // A thread the mailbox's owner kept out of the CRM stays out.
  const threadIds = [mail.messageId, mail.inReplyTo, ...mail.references].filter(
    (each): each is string => !!each,
  );
  if (await isPrivateThread(deps.db, account.tenantId, account.userId, threadIds)) return 0;
  const { from, to, cc, bcc } = mail;
  const sent = from?.email === account.address;
  const others = (sent ? [...to, ...cc, ...bcc] : from ? [from] : []).filter(
    (each) => each.email !== account.address,
  );
  const matched = await visibleContactsWithEmails(
    deps.db,
    owner,
    others.map((each) => each.email),
  );
  if (!matched.length) {
    // A customer not yet a contact: offered with 'Crear contacto', the mail left where it is.
    if (!sent && from && from.email !== account.address) {
      await insertUnknownMail(deps.db, {
        tenantId: account.tenantId,
        id: newId(),
        accountId: account.id,
        userId: account.userId,
        fromEmail: from.email,
        fromName: from.name ?? '',
        subject: mail.subject.slice(0, 998),
        resume: htmlToResume(mail.text ?? '', mail.html ?? ''),
        receivedAt: mail.date,
        location: fallbackKey,
      });
    }
    return 0;
  }

  const messageId = mail.messageId ?? `<${account.id}.${fallbackKey}@cartera>`;
  const date = mail.date;
  const inReplyTo = mail.inReplyTo;
  if (!sent && inReplyTo) await markAnswered(deps, account.tenantId, matched, inReplyTo);
  // A mail sent from the conversation is on its timeline already, under its own id.
  const onTimeline = new Set(
    (
      await findEmailItemsByMessageIds(
        deps.db,
        account.tenantId,
        matched.map((contact) => contact.id),
        [messageId],
      )
    ).map((item) => item.contactId),
  );
  const items = matched
    .filter((contact) => !onTimeline.has(contact.id))
    .map((contact) => ({
      contact,
      id: stableId(date.getTime(), `${account.tenantId}|${messageId}|${contact.id}`),
    }));
  // Read before (another copy, another mailbox, a repeated sync): nothing is stored again.
  const existing = await findExistingItemIds(
    deps.db,
    account.tenantId,
    items.map((item) => item.id),
  );
  const missing = items.filter((item) => !existing.has(item.id));
  if (!missing.length) return 0;

  const body = (inline: Map<string, string>) =>
    mail.html
      ? sanitizeMailBody(mail.html, (contentId) => inline.get(contentId))
      : sanitizeMailBody(textAsHtml(mail.text ?? ''), () => undefined);
  const base = {
    subject: mail.subject,
    resume: htmlToResume(mail.text ?? '', mail.html ?? ''),
    from,
    recipients: to,
    cc,
    // A received mail's blind copies are not shown to the recipient; a sent one's are the sender's.
    bcc: sent ? bcc : [],
    sentDate: date.toISOString(),
    origin: sent ? ('agent' as const) : ('contact' as const),
    threadId: threadOf(mail, messageId),
    messageId,
    inReplyTo,
    references: mail.references,
    accountId: account.id,
  };

  let stored = 0;
  for (const { contact, id } of missing) {
    // Each item keeps its own copy of the files: whoever may read the item's contact reads them.
    const { attachments, inline } = await storeAttachments(deps, account.tenantId, id, mail);
    const content: EmailContent = { ...base, body: body(inline), attachments };
    const fresh = await deps.db.transaction(async (tx) => {
      const locked = await lockContact(tx, account.tenantId, contact.id);
      if (!locked) return false;
      return recordInteraction(tx, sent ? owner : null, locked, {
        id,
        type: 'email',
        via: 'email',
        status: sent ? 'sent' : 'received',
        // What arrived before the mailbox was connected is history, not news for the inbox
        // (a margin for the Date header's whole seconds and the servers' clocks).
        history: date.getTime() < account.createdAt.getTime() - HISTORY_MARGIN_MS,
        createdBySystem: false,
        content,
        createdAt: date,
      });
    });
    if (fresh) stored += 1;
  }
  return stored;
}

/** A text mail as HTML: escaped, its lines kept. */
function textAsHtml(text: string) {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

/** Stores a mail's attachments for one item; answers them and the inline pictures' addresses. */
async function storeAttachments(
  deps: AppDeps,
  tenantId: string,
  interactionId: string,
  mail: IncomingMail,
) {
  const attachments: EmailContent['attachments'] = [];
  const inline = new Map<string, string>();
  const folder = randomBytes(9).toString('base64url');
  for (const [index, attachment] of mail.attachments.entries()) {
    const filename = attachment.filename || `adjunto-${index + 1}`;
    let url: string | null = null;
    if (attachment.content && attachment.size <= MAX_ATTACHMENT_BYTES) {
      const name = `${index + 1}-${storedName(filename, 'adjunto', attachment.contentType)}`;
      const key = `email/${tenantId}/${interactionId}/${folder}/${name}`;
      await deps.storage.put(key, attachment.content, attachment.contentType);
      url = deps.storage.publicUrl(key);
      if (attachment.contentId) inline.set(attachment.contentId.replace(/^<|>$/g, ''), url);
    }
    // Pictures shown inside the body are not listed as attachments.
    if (attachment.related && attachment.contentId) continue;
    attachments.push({
      id: `${index + 1}`,
      filename,
      size: attachment.size,
      mimeType: attachment.contentType,
      url,
    });
  }
  return { attachments, inline };
}
