import { randomBytes } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { ImapFlow } from 'imapflow';
import type { EmailAccount, MailFolderState } from '@cartera/db/schema';
import type { EmailContent } from '@cartera/domain/interactions';
import { newId } from '@cartera/domain/ids';
import { flagOn } from '@cartera/domain/policy';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { storedName } from '../../lib/file-names';
import { htmlToResume, sanitizeMailBody } from '../../lib/mail-html';
import { openSecret } from '../../lib/secret-box';
import { stableId } from '../../lib/stable-id';
import { openImap } from '../../providers/mail/mail-servers';
import { visibleContactsWithEmails } from '../access/contacts';
import { lockContact } from '../contacts/contacts.service';
import { actingUser } from '../sessions/session.service';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import {
  findEmailAccountById,
  findEmailItemsByMessageIds,
  deleteUnknownMail,
  findItemContact,
  findUnknownMailsFrom,
  insertUnknownMail,
  updateEmailItem,
  findExistingItemIds,
  findSyncedEmailAccounts,
  updateEmailAccountSync,
} from './email.repository';
import { assertPersonalEmail } from './email.service';

/*
 * Bringing a connected mailbox's mail into the conversations (issue #38 items 2 and 3): the
 * inbox is read after the last UID read (UIDVALIDITY checked), each mail parsed and, when an
 * address of it belongs to contacts the mailbox's owner may see, written on each of those
 * contacts' timelines as an e-mail item. A mail is one item per contact whichever mailbox
 * brought it and however often (its id is derived from the Message-ID and the contact), so a
 * repeated sync or a second copy writes nothing. A mail from an unknown address creates no
 * contact.
 */

/** A first sync (or a mailbox whose UIDs were renumbered) reads this far back. */
const FIRST_SYNC_DAYS = 30;
/** Messages fetched per round trip. */
const FETCH_BATCH = 100;
/** A larger message is skipped (recorded as read, never parsed). */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;
/** A larger attachment is listed without being stored. */
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SyncResult {
  read: number;
  stored: number;
}

/** Every mailbox that is synced now (the scheduler enqueues one sync each). */
export function mailboxesToSync(deps: AppDeps) {
  return findSyncedEmailAccounts(deps.db);
}

/**
 * Reads the mailbox's new mail into the conversations. A refused password marks the mailbox
 * ('error', shown in 'Ajustes') and stops; other failures throw, for the job to try again.
 */
export async function syncMailbox(
  deps: AppDeps,
  tenantId: string,
  accountId: string,
  now = new Date(),
): Promise<SyncResult> {
  const result: SyncResult = { read: 0, stored: 0 };
  const account = await findEmailAccountById(deps.db, tenantId, accountId);
  if (!account || account.provider !== 'imap' || !account.config.imap || !account.secrets) {
    return result;
  }
  const owner = await actingUser(deps.db, tenantId, account.userId);
  if (!owner || !flagOn(owner, 'personalEmail')) return result;

  let client;
  try {
    client = await openImap(account.config.imap, {
      username: account.config.username ?? account.address,
      password: openSecret(account.secrets),
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'EMAIL_AUTH_FAILED') {
      await updateEmailAccountSync(deps.db, tenantId, accountId, {
        status: 'error',
        statusReason: error.code,
      });
      return result;
    }
    throw error;
  }
  const state = { ...account.syncState };
  try {
    // The inbox, and the folder the mail program keeps sent mail in (its special use \Sent):
    // what the seller sent from elsewhere reaches the conversation too.
    const folders = ['INBOX'];
    const sent = (await client.list()).find((folder) => folder.specialUse === '\\Sent');
    if (sent) folders.push(sent.path);
    for (const folder of folders) {
      const lock = await client.getMailboxLock(folder, { readOnly: true });
      try {
        await syncFolder(
          client,
          folder,
          state,
          now,
          async (source, place) => {
            result.read += 1;
            const parsed = await simpleParser(source);
            result.stored += await storeIncomingMail(
              deps,
              owner,
              account,
              incomingOf(parsed),
              place,
            );
          },
          (changed) =>
            updateEmailAccountSync(deps.db, tenantId, accountId, {
              syncState: changed,
              lastSyncedAt: now,
            }),
        );
      } finally {
        lock.release();
      }
    }
    await updateEmailAccountSync(deps.db, tenantId, accountId, {
      syncState: state,
      lastSyncedAt: now,
      status: 'connected',
      statusReason: null,
    });
  } finally {
    await client.logout().catch(() => client.close());
  }
  return result;
}

/**
 * Reads one selected folder after its state (UIDVALIDITY checked: a renumbered folder, or a
 * first sync, reads the last 30 days), handing each message's source to `store` in UID order
 * and saving the state after each batch (`save`), so a failure resumes where it stopped.
 */
async function syncFolder(
  client: ImapFlow,
  folder: string,
  state: Record<string, MailFolderState>,
  now: Date,
  /** `place`: the folder, its UIDVALIDITY and the UID (a mail without a Message-ID's key). */
  store: (source: Buffer, place: string) => Promise<void>,
  save: (state: Record<string, MailFolderState>) => Promise<void>,
) {
  const uidValidity = client.mailbox ? Number(client.mailbox.uidValidity) : 0;
  const before = state[folder];
  const known = before?.uidValidity === uidValidity;
  const lastRead = known ? before!.lastUid : 0;
  const found = known
    ? await client.search({ uid: `${lastRead + 1}:*` }, { uid: true })
    : await client.search(
        { since: new Date(now.getTime() - FIRST_SYNC_DAYS * DAY_MS) },
        { uid: true },
      );
  // 'n:*' answers the last message even when its UID is below n.
  const uids = (found || []).filter((uid) => uid > lastRead).sort((a, b) => a - b);
  state[folder] = { uidValidity, lastUid: lastRead };
  for (let at = 0; at < uids.length; at += FETCH_BATCH) {
    const batch = uids.slice(at, at + FETCH_BATCH);
    const fetched: Array<{ uid: number; source?: Buffer; size?: number }> = [];
    // Fetched whole before anything is written: no other command may run inside a fetch.
    for await (const message of client.fetch(
      batch.join(','),
      { uid: true, size: true, source: true },
      { uid: true },
    )) {
      fetched.push({ uid: message.uid, source: message.source, size: message.size });
    }
    for (const message of fetched.sort((a, b) => a.uid - b.uid)) {
      if (message.source && (message.size ?? 0) <= MAX_MESSAGE_BYTES) {
        await store(message.source, `${folder}/${uidValidity}/${message.uid}`);
      }
      state[folder] = { uidValidity, lastUid: Math.max(state[folder]!.lastUid, message.uid) };
    }
    await save(state);
  }
}

function addressesOf(field: AddressObject | AddressObject[] | undefined) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) =>
    entry.value
      .filter((each) => each.address)
      .map((each) => ({ email: each.address!.toLowerCase(), name: each.name || null })),
  );
}

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

type MailAddress = { email: string; name: string | null };

/** A parsed IMAP message as an incoming mail. */
function incomingOf(parsed: ParsedMail): IncomingMail {
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? [parsed.references]
      : [];
  return {
    messageId: parsed.messageId ?? null,
    subject: parsed.subject ?? '',
    from: addressesOf(parsed.from)[0] ?? null,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    bcc: addressesOf(parsed.bcc),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : new Date(),
    html: parsed.html || null,
    text: parsed.text ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content,
      contentId: attachment.contentId ?? null,
      related: attachment.related === true,
    })),
  };
}

/**
 * Writes one mail on the timelines of the contacts it is with (those of its addresses the
 * mailbox's owner may see); answers how many items are new. A mail already on a timeline (the
 * same Message-ID, another copy or a repeated read) is not stored again; a mail from an unknown
 * address creates nothing. A received answer marks the sent mail it answers as answered.
 */
export async function storeIncomingMail(
  deps: AppDeps,
  owner: AuthUser,
  account: EmailAccount,
  mail: IncomingMail,
  /** Where the provider keeps it (IMAP: folder, UIDVALIDITY and UID), for a mail without a Message-ID. */
  fallbackKey: string,
): Promise<number> {
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

/**
 * 'Crear contacto' done (issue #38 item 3): the caller's mails from `address`, kept aside while
 * no contact had it, are read again from their mailboxes and stored on the timeline of the
 * contact that now has it (one the caller may see: CONTACT_NOT_FOUND otherwise). A mail no
 * longer where it was (moved, deleted, the folder renumbered) is let go.
 */
export async function bringUnknownMail(deps: AppDeps, user: AuthUser, rawAddress: string) {
  assertPersonalEmail(user);
  const address = rawAddress.trim().toLowerCase();
  const [contact] = await visibleContactsWithEmails(deps.db, user, [address]);
  if (!contact) throw new DomainError('CONTACT_NOT_FOUND');
  const rows = await findUnknownMailsFrom(deps.db, user.tenantId, user.id, address);
  let stored = 0;
  for (const accountId of new Set(rows.map((row) => row.accountId))) {
    const account = await findEmailAccountById(deps.db, user.tenantId, accountId);
    const mine = rows.filter((row) => row.accountId === accountId);
    if (account?.provider !== 'imap' || !account.config.imap || !account.secrets) continue;
    const client = await openImap(account.config.imap, {
      username: account.config.username ?? account.address,
      password: openSecret(account.secrets),
    });
    try {
      for (const row of mine) {
        const source = await sourceAt(client, row.location);
        if (source) {
          const mail = incomingOf(await simpleParser(source));
          stored += await storeIncomingMail(deps, user, account, mail, row.location);
        }
        await deleteUnknownMail(deps.db, user.tenantId, row.id);
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
  return { contactId: contact.id, stored };
}

/** The message at an IMAP place (`folder/UIDVALIDITY/UID`), if it is still there. */
async function sourceAt(client: ImapFlow, location: string) {
  const match = /^(.*)\/(\d+)\/(\d+)$/.exec(location);
  if (!match) return undefined;
  const [, folder, uidValidity, uid] = match;
  const lock = await client.getMailboxLock(folder!, { readOnly: true });
  try {
    if (String(client.mailbox ? client.mailbox.uidValidity : '') !== uidValidity) return undefined;
    const message = await client.fetchOne(uid!, { source: true }, { uid: true });
    return message ? message.source : undefined;
  } finally {
    lock.release();
  }
}
