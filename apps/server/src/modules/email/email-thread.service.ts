import { z } from 'zod';
import { ZEmailContent, type EmailContent } from '@cartera/domain/interactions';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { readableContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { findContactEmailItem, findThreadItems } from './email.repository';

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
      content: ZEmailContent,
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
