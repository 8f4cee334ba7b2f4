import type { EmailAccount } from '@cartera/db/schema';
import { flagOn } from '@cartera/domain/policy';
import type { AppDeps } from '../../deps';
import {
  messageHeader,
  NylasApiError,
  NYLAS_MAX_DOWNLOAD_BYTES,
  type NylasClient,
  type NylasMessage,
} from '../../providers/mail/nylas';
import { actingUser } from '../sessions/session.service';
import { readNylasHistoryJob, takeNylasMessageJob } from './email.jobs';
import { findEmailAccountById } from './email.repository';
import { storeIncomingMail, type IncomingMail } from './incoming-mail.service';
import {
  findNylasAccountsByGrant,
  markNylasGrantFailed,
  nylasMessageStored,
  tagNylasMessage,
} from './nylas.repository';
import { clientOf } from './nylas.service';

/*
 * Reading a Nylas mailbox (issue #38 item 7): a message Nylas announced, fetched whole and
 * stored on the timelines; a mail read again for 'Crear contacto'; the last 30 days once the
 * mailbox is connected. nylas.service.ts connects mailboxes, takes the webhook and sends.
 */

/** Google's labels of mail that is not the conversation's. */
const LEFT_OUT_FOLDERS = new Set(['SPAM', 'TRASH', 'DRAFT']);

/** How far back a Nylas mailbox is read once connected (IMAP's first sync reads as far). */
const HISTORY_DAYS = 30;
/** The most pages of 50 messages read back: a mailbox's last 500 mails at most. */
const HISTORY_PAGES = 10;

/**
 * One page of a newly connected Nylas mailbox's last 30 days: each message (not spam, bin or
 * draft) queued as Nylas's webhook queues a new one, so it is fetched whole and stored once,
 * as history (it predates the connection: no unread, no wait); then the next page.
 */
export async function readNylasHistory(
  deps: AppDeps,
  data: { tenantId: string; accountId: string; pageToken: string | null; page: number },
): Promise<number> {
  if (!deps.env.nylas) return 0;
  const account = await findEmailAccountById(deps.db, data.tenantId, data.accountId);
  const grantId = account?.config.grantId;
  if (!account || account.provider !== 'nylas' || account.status === 'error' || !grantId) return 0;
  const client = clientOf(deps);
  let page;
  try {
    page = await client.listMessages(grantId, {
      receivedAfter: new Date(account.createdAt.getTime() - HISTORY_DAYS * 24 * 3_600_000),
      pageToken: data.pageToken,
    });
  } catch (error) {
    if (error instanceof NylasApiError && error.code === 'EMAIL_ACCOUNT_UNAVAILABLE') {
      await markNylasGrantFailed(deps.db, grantId, error.code);
      return 0;
    }
    throw error;
  }
  const wanted = page.messages.filter(
    (message) => !message.folders?.some((folder) => LEFT_OUT_FOLDERS.has(folder)),
  );
  for (const message of wanted) {
    await deps.jobs.send(
      takeNylasMessageJob,
      { grantId, messageId: message.id },
      { singletonKey: `${grantId}/${message.id}` },
    );
  }
  if (page.nextCursor && data.page + 1 < HISTORY_PAGES) {
    await deps.jobs.send(
      readNylasHistoryJob,
      { ...data, pageToken: page.nextCursor, page: data.page + 1 },
      { singletonKey: `${account.id}/${data.page + 1}` },
    );
  }
  return wanted.length;
}

/**
 * The job of a mail Nylas announced: fetched with its headers and attachments and stored on the
 * timelines of the contacts of each mailbox of the grant (a mail from an unknown address is kept
 * aside, as IMAP's). A mail sent from the conversation is on its timeline already. A grant Nylas
 * no longer honours turns its mailboxes 'error'; Nylas not answering is retried.
 */
export async function takeNylasMessage(
  deps: AppDeps,
  data: { grantId: string; messageId: string },
): Promise<number> {
  if (!deps.env.nylas) return 0;
  const accounts = (await findNylasAccountsByGrant(deps.db, data.grantId)).filter(
    (account) => account.status !== 'error',
  );
  if (!accounts.length) return 0;
  const client = clientOf(deps);
  let mail: IncomingMail | undefined;
  try {
    const message = await client.message(data.grantId, data.messageId);
    // As IMAP reads only the inbox and the sent folder: no spam, bin or draft (Google's labels).
    if (!message || message.folders?.some((folder) => LEFT_OUT_FOLDERS.has(folder))) return 0;
    mail = await incomingOf(client, data.grantId, message);
  } catch (error) {
    if (error instanceof NylasApiError && error.code === 'EMAIL_ACCOUNT_UNAVAILABLE') {
      await markNylasGrantFailed(deps.db, data.grantId, error.code);
      return 0;
    }
    throw error;
  }
  let stored = 0;
  for (const account of accounts) {
    if (await nylasMessageStored(deps.db, account.tenantId, data.messageId)) continue;
    const owner = await actingUser(deps.db, account.tenantId, account.userId);
    if (!owner || !flagOn(owner, 'personalEmail')) continue;
    stored += await storeIncomingMail(deps, owner, account, mail, nylasLocation(data.messageId));
    if (mail.messageId) {
      await tagNylasMessage(deps.db, account.tenantId, account.id, mail.messageId, data.messageId);
    }
  }
  return stored;
}

/** Where a mail is in a Nylas mailbox (an unknown sender's mail, read again later). */
export function nylasLocation(messageId: string) {
  return `nylas/${messageId}`;
}

/**
 * A Nylas mailbox's mail at a location `nylasLocation` made, read again ('Crear contacto'
 * done); undefined when Nylas no longer has it.
 */
export async function nylasMailAt(
  deps: Pick<AppDeps, 'env'>,
  account: EmailAccount,
  location: string,
): Promise<IncomingMail | undefined> {
  const messageId = /^nylas\/(.+)$/.exec(location)?.[1];
  const grantId = account.config.grantId;
  if (!messageId || !grantId) return undefined;
  const client = clientOf(deps);
  const message = await client.message(grantId, messageId);
  return message ? incomingOf(client, grantId, message) : undefined;
}

const lowerAddress = (each: { email: string; name?: string | null }) => ({
  email: each.email.trim().toLowerCase(),
  name: each.name || null,
});

/** A Nylas message as an incoming mail: its threading headers, body and attachments. */
async function incomingOf(
  client: NylasClient,
  grantId: string,
  message: NylasMessage,
): Promise<IncomingMail> {
  const header = (name: string) => messageHeader(message, name)?.trim() || null;
  const attachments: IncomingMail['attachments'] = [];
  for (const attachment of message.attachments ?? []) {
    const size = attachment.size ?? 0;
    let content: Buffer | null = null;
    if (size <= NYLAS_MAX_DOWNLOAD_BYTES) {
      try {
        content = await client.attachment(grantId, attachment.id, message.id);
      } catch (error) {
        // Gone since: listed without its file. Nylas not answering: the job tries again.
        if (!(error instanceof NylasApiError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    attachments.push({
      filename: attachment.filename ?? '',
      contentType: attachment.content_type ?? 'application/octet-stream',
      size: content?.length ?? size,
      content,
      contentId: attachment.content_id ?? null,
      related: Boolean(attachment.is_inline && attachment.content_id),
    });
  }
  return {
    messageId: header('Message-ID'),
    subject: message.subject ?? '',
    from: message.from?.[0] ? lowerAddress(message.from[0]) : null,
    to: (message.to ?? []).map(lowerAddress),
    cc: (message.cc ?? []).map(lowerAddress),
    bcc: (message.bcc ?? []).map(lowerAddress),
    date: message.date ? new Date(message.date * 1000) : new Date(),
    html: message.body ?? null,
    text: null,
    inReplyTo: header('In-Reply-To'),
    references: (header('References') ?? '').split(/\s+/).filter((each) => /^<.+>$/.test(each)),
    attachments,
  };
}
