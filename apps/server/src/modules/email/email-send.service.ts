import MailComposer from 'nodemailer/lib/mail-composer';
import type { z } from 'zod';
import type { EmailAccount } from '@cartera/db/schema';
import { ZSendEmailInput, type DraftAddress, type SendEmailInput } from '@cartera/domain/email';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { errorMessage, es } from '@cartera/domain/i18n';
import { ZEmailContent, type EmailContent } from '@cartera/domain/interactions';
import {
  scheduledDateValid,
  type ScheduledMessageContent,
} from '@cartera/domain/scheduled-messages';
import type { AppDeps } from '../../deps';
import { htmlToResume, sanitizeSignature } from '../../lib/mail-html';
import { openSecret } from '../../lib/secret-box';
import {
  appendToSent,
  mailServerError,
  sendRawMail,
  smtpRefusedForGood,
} from '../../providers/mail/mail-servers';
import { visibleContact } from '../access/contacts';
import { recordScheduledItem } from '../channels/scheduled-messages.service';
import { checkFileForRecord } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import {
  findContactEmailItem,
  findItemContact,
  updateEmailItem,
  findEmailAccountById,
  lockEmailItem,
  updateEmailAccountSync,
} from './email.repository';
import { sendEmailJob } from './email.jobs';
import { assertPersonalEmail, ownAccount } from './email.service';
import { deliverThroughNylas } from './nylas.service';

/*
 * Writing e-mail from the conversation (03 §5, §6 'Send or schedule email'; issue #38 items 4 to
 * 6). A mail is stored at once as the contact's e-mail item in state 'pending', with its
 * Message-ID, and a durable job (the e-mail outbox) sends it through the mailbox's SMTP server:
 * 'sent' once the server accepts it, 'error' when it refuses for good or keeps failing. A copy
 * goes to the mailbox's Sent folder, so the mail program shows it; reading that folder back
 * finds the Message-ID on the timeline and stores nothing twice. A reply carries In-Reply-To and
 * References of the mail it answers and stays in its thread. A mail with a date is a scheduled
 * item whose job sends it then, through the same path.
 */

/** Tries a send this many times (the first and the retries) before it is marked failed. */
export const EMAIL_SEND_ATTEMPTS = 6;

/** A mailbox whose provider keeps sent mail itself: a copy appended would show twice. */
const SAVES_SENT_ITSELF = /(^|\.)(gmail|googlemail)\.com$/i;

type Draft = z.output<typeof ZSendEmailInput>;

/** The mailbox a mail leaves from: the caller's own, connected. */
async function sendingAccount(deps: AppDeps, user: AuthUser, accountId: string) {
  assertPersonalEmail(user);
  const account = await ownAccount(deps.db, user, accountId);
  const ready =
    account.provider === 'nylas'
      ? Boolean(account.config.grantId)
      : Boolean(account.config.smtp && account.secrets);
  if (account.status === 'error' || !ready) {
    throw new DomainError('EMAIL_ACCOUNT_UNAVAILABLE', { address: account.address });
  }
  return account;
}

/** The stored file of each attachment, checked as any file a record takes. */
async function attachmentsOf(deps: AppDeps, user: AuthUser, contactId: string, draft: Draft) {
  const files: EmailContent['attachments'] = [];
  for (const [index, file] of draft.attachments.entries()) {
    const url = await checkFileForRecord(deps, user, file.url, contactId);
    const key = deps.storage.keyOf(url);
    const stored = key ? await deps.storage.stat(key) : undefined;
    if (!stored) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { [`attachments.${index}`]: [es.validation.valueInvalid] },
      });
    }
    files.push({
      id: String(index + 1),
      filename: file.name,
      size: stored.size,
      mimeType: stored.contentType,
      url,
    });
  }
  return files;
}

/** The thread a reply joins: the answered mail's Message-ID and its references. */
function threadOfReply(answered: EmailContent | null, messageId: string) {
  if (!answered?.messageId) return { threadId: messageId, inReplyTo: null, references: null };
  const before = answered.references?.length
    ? answered.references
    : answered.threadId && answered.threadId !== answered.messageId
      ? [answered.threadId]
      : [];
  return {
    threadId: answered.threadId ?? answered.messageId,
    inReplyTo: answered.messageId,
    references: [...before, answered.messageId],
  };
}

const addressList = (list: readonly DraftAddress[]) =>
  list.map((each) => ({ email: each.email, name: each.name ?? null }));

/** The e-mail item of a draft, before it is sent. */
async function contentOf(
  deps: AppDeps,
  user: AuthUser,
  account: EmailAccount,
  contactId: string,
  id: string,
  draft: Draft,
): Promise<EmailContent> {
  let answered: EmailContent | null = null;
  if (draft.replyToId) {
    const item = await findContactEmailItem(deps.db, user.tenantId, contactId, draft.replyToId);
    if (!item) throw new DomainError('EMAIL_REPLY_NOT_FOUND');
    answered = ZEmailContent.parse(item.content);
  }
  const domain = account.address.split('@')[1] ?? 'cartera.invalid';
  const messageId = `<${id}@${domain}>`;
  const body = sanitizeSignature(draft.body);
  return ZEmailContent.parse({
    subject: draft.subject,
    body,
    resume: htmlToResume('', body),
    from: { email: account.address, name: `${user.name} ${user.lastname}`.trim() || null },
    recipients: addressList(draft.to),
    cc: addressList(draft.cc),
    bcc: addressList(draft.bcc),
    sentDate: null,
    origin: 'agent',
    messageId,
    accountId: account.id,
    ...threadOfReply(answered, messageId),
    attachments: await attachmentsOf(deps, user, contactId, draft),
  });
}

/**
 * Sends a mail from one of the caller's mailboxes into a contact's conversation (the item is
 * 'pending' until the server accepts it), or with `scheduleDate` schedules it. A repeated id
 * stores and sends nothing twice.
 */
export async function sendEmail(
  deps: AppDeps,
  user: AuthUser,
  raw: SendEmailInput,
  now = new Date(),
) {
  const draft = ZSendEmailInput.parse(raw);
  const account = await sendingAccount(deps, user, draft.accountId);
  const contact = await visibleContact(deps.db, user, draft.contactId);
  if (draft.scheduleDate) {
    if (!scheduledDateValid(draft.scheduleDate, now)) {
      throw new DomainError('SCHEDULED_DATE_INVALID');
    }
    // Checked now (the answered mail, the files) so a mistake shows while the seller is there.
    await contentOf(deps, user, account, contact.id, draft.id, draft);
    const { scheduleDate, createReminder, id, contactId, ...emailContent } = draft;
    await deps.db.transaction((tx) =>
      recordScheduledItem(tx, deps, user, contact, {
        id,
        via: 'email',
        date: scheduleDate,
        dateSelectedFrom: 'manual',
        reminderComment: createReminder ? draft.subject : null,
        content: {
          interactionType: 'email',
          messageContent: { message: draft.subject },
          emailContent: { ...emailContent, contactId },
          channel: null,
        },
      }),
    );
    return { id: draft.id };
  }
  const content = await contentOf(deps, user, account, contact.id, draft.id, draft);
  await deps.db.transaction(async (tx) => {
    const fresh = await recordInteraction(tx, user, contact, {
      id: draft.id,
      type: 'email',
      via: 'email',
      status: 'pending',
      content,
    });
    if (fresh) {
      await deps.jobs.send(
        sendEmailJob,
        { tenantId: user.tenantId, interactionId: draft.id },
        { tx },
      );
    }
  });
  return { id: draft.id };
}

/** The scheduled-message job's sender for e-mail: the mail written then, sent now. */
export async function sendScheduledEmail(
  deps: AppDeps,
  author: AuthUser,
  item: { id: string; contactId: string; content: ScheduledMessageContent },
) {
  const written = (item.content.emailContent ?? {}) as Record<string, unknown>;
  await sendEmail(deps, author, {
    ...(written as unknown as SendEmailInput),
    id: item.id,
    contactId: item.contactId,
    scheduleDate: undefined,
    createReminder: false,
  });
}

/**
 * 'Volver a intentar.' on a mail that failed: its author queues it again, as it was written.
 */
export async function retryEmail(
  deps: AppDeps,
  user: AuthUser,
  input: { contactId: string; id: string },
) {
  assertPersonalEmail(user);
  const contact = await visibleContact(deps.db, user, input.contactId);
  const found = await findContactEmailItem(deps.db, user.tenantId, contact.id, input.id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (found.agentId !== user.id) throw new DomainError('PERMISSION_DENIED');
  await sendingAccount(deps, user, ZEmailContent.parse(found.content).accountId ?? '');
  await deps.db.transaction(async (tx) => {
    const item = await lockEmailItem(tx, user.tenantId, input.id);
    if (!item || item.status !== 'error') return;
    await updateEmailItem(tx, user.tenantId, item.id, {
      status: 'pending',
      content: { ...item.content, errorCode: null, errorMessage: null, attempts: 0 },
    });
    await deps.jobs.send(sendEmailJob, { tenantId: user.tenantId, interactionId: item.id }, { tx });
    await announceInteraction(tx, user, contact, {
      event: 'interaction.updated',
      interactionId: item.id,
      type: 'email',
    });
  });
  return { id: input.id };
}

/** The message's bytes: for the SMTP server (no Bcc header) and for the Sent folder (with it). */
function compose(
  content: EmailContent,
  files: Array<{ name: string; bytes: Buffer; type: string }>,
  date: Date,
  keepBcc: boolean,
) {
  const address = (each: { email: string; name?: string | null }) =>
    each.name ? { name: each.name, address: each.email } : each.email;
  const composer = new MailComposer({
    from: content.from ? address(content.from) : undefined,
    to: content.recipients.map(address),
    cc: content.cc.map(address),
    bcc: content.bcc.map(address),
    subject: content.subject,
    html: content.body,
    messageId: content.messageId ?? undefined,
    inReplyTo: content.inReplyTo ?? undefined,
    references: content.references ?? undefined,
    date,
    attachments: files.map((file) => ({
      filename: file.name,
      content: file.bytes,
      contentType: file.type,
    })),
  });
  const node = composer.compile();
  node.keepBcc = keepBcc;
  return node.build();
}

/**
 * The e-mail outbox job: sends one 'pending' mail through its mailbox's SMTP server. A mail no
 * longer pending is left alone (a repeated job sends nothing). A passing failure (no answer, a
 * 4xx) is thrown for the job to run again with backoff, until the last attempt marks the mail
 * failed; a refusal for good (5xx) or a refused password marks it failed at once. The SMTP
 * exchange cannot be undone: a crash between the server's acceptance and the 'sent' mark sends
 * the mail again on the retry, with the same Message-ID (mail programs show it once).
 */
export async function deliverEmail(
  deps: AppDeps,
  tenantId: string,
  interactionId: string,
  now = new Date(),
) {
  const claimed = await deps.db.transaction(async (tx) => {
    const item = await lockEmailItem(tx, tenantId, interactionId);
    if (!item || item.status !== 'pending') return null;
    const attempts = Number(item.content.attempts ?? 0) + 1;
    const stored = { ...item.content, attempts };
    await updateEmailItem(tx, tenantId, item.id, { content: stored });
    return { ...item, content: stored, attempts };
  });
  if (!claimed) return;
  const contact = await findItemContact(deps.db, tenantId, claimed.contactId);
  if (!contact) return;
  const content = ZEmailContent.parse(claimed.content);
  const finish = (status: 'sent' | 'error', change: Record<string, unknown>) =>
    deps.db.transaction(async (tx) => {
      await updateEmailItem(tx, tenantId, claimed.id, {
        status,
        content: { ...claimed.content, ...change },
      });
      await announceInteraction(tx, null, contact, {
        event: 'interaction.updated',
        interactionId: claimed.id,
        type: 'email',
      });
    });
  const fail = (code: ErrorCode, details: Record<string, string> = {}) =>
    finish('error', {
      errorCode: code,
      errorMessage: errorMessage(code, details).slice(0, 500),
    });

  const account = content.accountId
    ? await findEmailAccountById(deps.db, tenantId, content.accountId)
    : undefined;
  const files: Array<{ name: string; bytes: Buffer; type: string }> = [];
  for (const file of content.attachments) {
    const key = file.url ? deps.storage.keyOf(file.url) : undefined;
    const bytes = key ? await deps.storage.read(key) : undefined;
    if (!bytes) return fail('FILE_NOT_UPLOADED');
    files.push({ name: file.filename, bytes, type: file.mimeType ?? 'application/octet-stream' });
  }
  // A mailbox connected through Nylas sends with its grant (nylas.service.ts).
  if (account?.provider === 'nylas' && account.status !== 'error') {
    const last = claimed.attempts >= EMAIL_SEND_ATTEMPTS;
    const outcome = await deliverThroughNylas(deps, account, content, files, last);
    if (!outcome.sent) return fail(outcome.code, outcome.details);
    return finish('sent', {
      sentDate: now.toISOString(),
      errorCode: null,
      errorMessage: null,
      ...outcome.change,
    });
  }
  if (!account?.config.smtp || !account.secrets || account.status === 'error') {
    return fail('EMAIL_ACCOUNT_UNAVAILABLE', { address: content.from?.email ?? '' });
  }
  const login = {
    username: account.config.username ?? account.address,
    password: openSecret(account.secrets),
  };
  const everyone = [...content.recipients, ...content.cc, ...content.bcc].map((each) => each.email);
  try {
    await sendRawMail(
      account.config.smtp,
      login,
      { from: account.address, to: everyone },
      await compose(content, files, now, false),
    );
  } catch (error) {
    const failure = mailServerError(error, 'smtp', account.config.smtp.host);
    if (failure.code === 'EMAIL_AUTH_FAILED') {
      await updateEmailAccountSync(deps.db, tenantId, account.id, {
        status: 'error',
        statusReason: failure.code,
      });
      return fail('EMAIL_ACCOUNT_UNAVAILABLE', { address: account.address });
    }
    if (smtpRefusedForGood(error)) {
      const reason = String((error as { response?: string }).response ?? '').slice(0, 300);
      return fail('EMAIL_SEND_REFUSED', { reason });
    }
    if (claimed.attempts < EMAIL_SEND_ATTEMPTS) throw error;
    return fail(failure.code, failure.details as Record<string, string>);
  }
  await finish('sent', { sentDate: now.toISOString(), errorCode: null, errorMessage: null });
  if (account.config.imap && !SAVES_SENT_ITSELF.test(account.config.imap.host)) {
    try {
      await appendToSent(account.config.imap, login, await compose(content, files, now, true), now);
    } catch (error) {
      // The mail left; only the mail program's copy is missing.
      deps.logger.warn({ err: error, interactionId }, 'email: could not keep a copy in Sent');
    }
  }
}
