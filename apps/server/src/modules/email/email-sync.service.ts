import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { ImapFlow } from 'imapflow';
import type { MailFolderState } from '@cartera/db/schema';
import { flagOn } from '@cartera/domain/policy';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { visibleContactsWithEmails } from '../access/contacts';
import { actingUser } from '../sessions/session.service';
import type { AuthUser } from '../sessions/session.types';
import {
  findEmailAccountById,
  deleteUnknownMail,
  findUnknownMailsFrom,
  findSyncedEmailAccounts,
  updateEmailAccountSync,
} from './email.repository';
import { assertPersonalEmail } from './email.service';
import { storeIncomingMail, type IncomingMail } from './incoming-mail.service';
import { nylasMailAt } from './nylas-mail.service';
import { openStoredMailbox } from './stored-mailbox';

/*
 * Reading a mailbox by IMAP (issue #38 items 2 and 3): the inbox and the sent folder are read
 * after the last UID read of each (UIDVALIDITY checked), each mail parsed and stored on the
 * timelines through incoming-mail.service (one item per contact whichever mailbox brought it
 * and however often). A mail from an unknown address creates no contact; once one has the
 * address, `bringUnknownMail` reads its mails again.
 */

/** A first sync (or a mailbox whose UIDs were renumbered) reads this far back. */
const FIRST_SYNC_DAYS = 30;
/** Messages fetched per round trip. */
const FETCH_BATCH = 100;
/** A larger message is skipped (recorded as read, never parsed). */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;
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

  const client = await openStoredMailbox(deps, account);
  if (!client) return result;
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
    if (account?.provider === 'nylas') {
      for (const row of mine) {
        const mail = await nylasMailAt(deps, account, row.location);
        if (mail) stored += await storeIncomingMail(deps, user, account, mail, row.location);
        await deleteUnknownMail(deps.db, user.tenantId, row.id);
      }
      continue;
    }
    if (account?.provider !== 'imap') continue;
    const client = await openStoredMailbox(deps, account);
    if (!client) throw new DomainError('EMAIL_ACCOUNT_UNAVAILABLE', { address: account.address });
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
