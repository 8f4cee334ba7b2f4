import { z } from 'zod';
import { ZEmailContent, type EmailContent } from '@cartera/domain/interactions';
import { ZEmailContentView } from '@cartera/domain/email';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { readableContact, visibleContact } from '../access/contacts';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction } from '../timeline/timeline-writer';
import {
  emptyEmailPreview,
  findContactEmailItem,
  findEmailAccounts,
  findItemContact,
  findThreadItems,
  insertPrivateThreadIds,
  lockThreadItemsOfAccounts,
  updateEmailItem,
} from './email.repository';
import { assertPersonalEmail } from './email.service';

/*
 * 03 §2.1 full e-mail viewer, its thread (03 §6 'Email thread': threadId → thread, total): the
 * mails of one conversation by e-mail, as the contact's timeline has them. Whoever may read the
 * contact reads its thread, as they read its timeline.
 */

/** The most mails the viewer shows of one thread (the oldest first); `total` counts them all. */
export const THREAD_MAILS_MAX = 100;

export const ZEmailThreadView = z.object({
  thread: z.array(
    z.object({
      id: z.string(),
      status: z.string().nullable(),
      createdAt: z.date(),
      content: ZEmailContentView,
    }),
  ),
  total: z.number(),
});

/** The thread of the e-mail item `id` on the contact's timeline. */
export async function emailThreadOf(
  db: Executor,
  user: AuthUser,
  input: { contactId: string; id: string },
): Promise<z.infer<typeof ZEmailThreadView>> {
  const contact = await readableContact(db, user, input.contactId);
  const item = await findContactEmailItem(db, user.tenantId, contact.id, input.id);
  if (!item) throw new DomainError('NOT_FOUND');
  const mail = ZEmailContent.parse(item.content);
  const threadId = mail.threadId ?? mail.messageId;
  if (!threadId) {
    return {
      thread: [{ id: item.id, status: item.status, createdAt: item.createdAt, content: mail }],
      total: 1,
    };
  }
  const { items, total } = await findThreadItems(
    db,
    user.tenantId,
    contact.id,
    threadId,
    THREAD_MAILS_MAX,
  );
  return {
    thread: answersAfterWhatTheyAnswer(
      items.map((each) => ({ ...each, content: ZEmailContent.parse(each.content) })),
    ),
    total,
  };
}

/**
 * Mails by date, but a mail never before one it answers (its References or In-Reply-To): a Date
 * header has whole seconds and comes from another machine's clock, while a mail sent from here
 * is dated when it was written.
 */
export function answersAfterWhatTheyAnswer<T extends { content: EmailContent }>(mails: T[]): T[] {
  const order = [...mails];
  const answers = (mail: T, other: T) => {
    const id = other.content.messageId;
    if (!id || mail === other) return false;
    return mail.content.inReplyTo === id || (mail.content.references ?? []).includes(id);
  };
  // A mail found before something it answers moves to just after the last of them. References
  // written by a broken program could loop: the moves are bounded.
  let moves = order.length * order.length;
  for (let index = 0; index < order.length && moves > 0; index += 1) {
    const mail = order[index]!;
    let last = -1;
    for (let later = index + 1; later < order.length; later += 1) {
      if (answers(mail, order[later]!)) last = later;
    }
    if (last < 0) continue;
    order.splice(index, 1);
    order.splice(last, 0, mail);
    moves -= 1;
    // What now stands at this place is looked at next.
    index -= 1;
  }
  return order;
}

/** What is left of a mail kept out of the CRM: when it was, whose, and its place in its thread. */
function keptOut(mail: EmailContent): EmailContent {
  return ZEmailContent.parse({
    sentDate: mail.sentDate,
    origin: mail.origin,
    threadId: mail.threadId,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    accountId: mail.accountId,
    private: true,
  });
}

/** This server's stored files a kept-out mail had (its attachments and the pictures in its body). */
function storedFilesOf(deps: AppDeps, tenantId: string, itemId: string, mail: EmailContent) {
  const urls = [
    ...mail.attachments.flatMap((file) => (file.url ? [file.url] : [])),
    ...[...mail.body.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!),
  ];
  // A received mail's files are stored for its item; a sent one's are the seller's uploads for
  // e-mail (the upload flow's `via`): no other record takes those.
  const own = [`email/${tenantId}/${itemId}/`, `${tenantId}/email/`];
  return urls
    .map((url) => deps.storage.keyOf(url.replaceAll('&amp;', '&')))
    .filter(
      (key): key is string => key !== undefined && own.some((prefix) => key.startsWith(prefix)),
    );
}

/**
 * Keeps the thread of the e-mail item `id` out of the CRM (issue #38 item 3): only the owner of
 * the mailbox it came through may. Every mail of the thread that came through the owner's
 * mailboxes is emptied on every timeline it is on (its subject, addresses, body and files go; a
 * 'Correo privado' line with its date stays, so the conversation's history and counts hold), an
 * inbox preview it made is emptied, and new mails of the thread are not stored. Audited.
 */
export async function keepThreadOut(
  deps: AppDeps,
  user: AuthUser,
  input: { contactId: string; id: string },
  by: AuditBy,
): Promise<{ emptied: number }> {
  assertPersonalEmail(user);
  const contact = await visibleContact(deps.db, user, input.contactId);
  const item = await findContactEmailItem(deps.db, user.tenantId, contact.id, input.id);
  if (!item) throw new DomainError('NOT_FOUND');
  const mail = ZEmailContent.parse(item.content);
  const accounts = (await findEmailAccounts(deps.db, user.tenantId, user.id)).map(
    (each) => each.id,
  );
  if (!mail.accountId || !accounts.includes(mail.accountId)) {
    throw new DomainError('EMAIL_THREAD_NOT_YOURS');
  }
  const threadId = mail.threadId ?? mail.messageId;
  if (!threadId) throw new DomainError('NOT_FOUND');

  const files: string[] = [];
  const emptied = await deps.db.transaction(async (tx) => {
    const items = await lockThreadItemsOfAccounts(tx, user.tenantId, threadId, accounts);
    const ids = new Set([threadId]);
    for (const each of items) {
      const content = ZEmailContent.parse(each.content);
      if (content.messageId) ids.add(content.messageId);
      if (content.private) continue;
      files.push(...storedFilesOf(deps, user.tenantId, each.id, content));
      await updateEmailItem(tx, user.tenantId, each.id, { content: keptOut(content) });
      await emptyEmailPreview(tx, user.tenantId, each.contactId, each.createdAt);
      const owner = await findItemContact(tx, user.tenantId, each.contactId);
      if (owner) {
        await announceInteraction(tx, null, owner, {
          event: 'interaction.updated',
          interactionId: each.id,
          type: 'email',
        });
      }
    }
    await insertPrivateThreadIds(tx, user.tenantId, user.id, [...ids]);
    await recordAudit(tx, by, {
      action: 'emailAccount.keepThreadOut',
      targetType: 'emailAccount',
      targetId: mail.accountId!,
      groupId: user.groupId,
      before: null,
      after: { threadId, mails: items.length },
    });
    return items.length;
  });
  // The files go once nothing names them (a failed removal leaves a file no record reads).
  for (const key of files) {
    await deps.storage
      .remove(key)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, key }, 'email: a kept-out mail file was not removed'),
      );
  }
  return { emptied };
}
