import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { EmailAccount } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { ZConnectImapInput, ZMailServer } from '@cartera/domain/email';
import { newId } from '@cartera/domain/ids';
import { flagOn } from '@cartera/domain/policy';
import { sealSecret } from '../../lib/secret-box';
import { sanitizeSignature } from '../../lib/mail-html';
import { checkMailLogin } from '../../providers/mail/mail-servers';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteEmailAccount,
  findEmailAccount,
  findEmailAccountByAddress,
  findEmailAccounts,
  findUnknownMails,
  insertEmailAccount,
  updateEmailAccount,
} from './email.repository';
import { syncMailboxJob } from './email.jobs';
import { queueMailboxWatch } from './mail-watch.service';

/*
 * Personal e-mail (01 §7, 03 §3 Connected e-mail account, issue #38): a user connects their own
 * mailbox, by its IMAP and SMTP servers and a password (or an app password), checked by signing
 * in to both before anything is stored; the password is sealed and never sent back. Each user
 * sees and changes only their own mailboxes. The company's 'Correo personal' flag gates it all.
 */

export { ZConnectImapInput };

export const ZEmailAccountView = z.object({
  id: z.string(),
  provider: z.enum(['imap', 'nylas']),
  /** The mailbox's address (03 §3 `email`). */
  address: z.string(),
  signature: z.string(),
  /** 'connected', or 'error' when its server refused the stored password. */
  status: z.enum(['connected', 'error']),
  imap: ZMailServer.nullable(),
  smtp: ZMailServer.nullable(),
  username: z.string().nullable(),
  createdAt: z.date(),
});

export const ZUpdateSignatureInput = z.object({
  id: z.string().uuid(),
  /** Rich text (HTML); only formatting is kept. */
  signature: z.string().max(20_000),
});

function viewOf(account: EmailAccount): z.infer<typeof ZEmailAccountView> {
  return {
    id: account.id,
    provider: account.provider === 'nylas' ? 'nylas' : 'imap',
    address: account.address,
    signature: account.signature,
    status: account.status === 'error' ? 'error' : 'connected',
    imap: account.config.imap ?? null,
    smtp: account.config.smtp ?? null,
    username: account.config.username ?? null,
    createdAt: account.createdAt,
  };
}

/** The company's flag (03 §6): without it nothing of personal e-mail answers. */
export function assertPersonalEmail(user: AuthUser) {
  if (!flagOn(user, 'personalEmail')) throw new DomainError('DISABLED_FEATURE');
}

export async function ownAccount(db: Executor, user: AuthUser, id: string) {
  const account = await findEmailAccount(db, user.tenantId, user.id, id);
  if (!account) throw new DomainError('EMAIL_ACCOUNT_NOT_FOUND');
  return account;
}

/** The caller's connected mailboxes (GET /nylas, 'get-nylas-email'). */
export async function emailAccountsOf(db: Executor, user: AuthUser) {
  assertPersonalEmail(user);
  return (await findEmailAccounts(db, user.tenantId, user.id)).map(viewOf);
}

/**
 * Connects a mailbox by IMAP and SMTP (POST /nylas/connectImap): both servers must accept the
 * user name and password first; then it is stored, the password sealed, audited (servers and
 * address, never the password) and its first sync queued.
 */
export async function connectImapAccount(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  user: AuthUser,
  input: z.infer<typeof ZConnectImapInput>,
  by: AuditBy,
) {
  assertPersonalEmail(user);
  const { db } = deps;
  if (await findEmailAccountByAddress(db, user.tenantId, user.id, input.address)) {
    throw new DomainError('EMAIL_ACCOUNT_EXISTS');
  }
  const username = input.username || input.address;
  await checkMailLogin(input.imap, input.smtp, { username, password: input.password });
  const account = await db.transaction(async (tx) => {
    const created = await insertEmailAccount(tx, {
      tenantId: user.tenantId,
      id: newId(),
      userId: user.id,
      provider: 'imap',
      address: input.address,
      config: { imap: input.imap, smtp: input.smtp, username },
      secrets: sealSecret(input.password),
    });
    await recordAudit(tx, by, {
      action: 'emailAccount.connect',
      targetType: 'emailAccount',
      targetId: created.id,
      groupId: user.groupId,
      before: null,
      after: auditFieldsOf(created),
    });
    return created;
  });
  // Its mail starts coming at once, not at the next minute's round (which would bring it anyway
  // if this process stopped right here).
  await deps.jobs.send(
    syncMailboxJob,
    { tenantId: user.tenantId, accountId: account.id },
    { singletonKey: account.id },
  );
  // And is watched from now on (IMAP IDLE).
  await queueMailboxWatch(deps, user.tenantId, account.id);
  return viewOf(account);
}

function auditFieldsOf(account: EmailAccount) {
  return {
    email: account.address,
    provider: account.provider,
    imap: account.config.imap ? `${account.config.imap.host}:${account.config.imap.port}` : null,
    smtp: account.config.smtp ? `${account.config.smtp.host}:${account.config.smtp.port}` : null,
  };
}

/** Changes a mailbox's signature (PATCH /nylas): sanitised, formatting only. */
export async function updateEmailSignature(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZUpdateSignatureInput>,
) {
  assertPersonalEmail(user);
  await ownAccount(db, user, input.id);
  const updated = await updateEmailAccount(db, user.tenantId, user.id, input.id, {
    signature: sanitizeSignature(input.signature),
  });
  if (!updated) throw new DomainError('EMAIL_ACCOUNT_NOT_FOUND');
  return viewOf(updated);
}

/**
 * Disconnects a mailbox (POST /nylas/logoutV3): its settings and sealed password are deleted;
 * what it already brought to conversations stays. Audited.
 */
export async function disconnectEmailAccount(
  db: Database,
  user: AuthUser,
  id: string,
  by: AuditBy,
) {
  assertPersonalEmail(user);
  await db.transaction(async (tx) => {
    const removed = await deleteEmailAccount(tx, user.tenantId, user.id, id);
    if (!removed) throw new DomainError('EMAIL_ACCOUNT_NOT_FOUND');
    await recordAudit(tx, by, {
      action: 'emailAccount.disconnect',
      targetType: 'emailAccount',
      targetId: removed.id,
      groupId: user.groupId,
      before: auditFieldsOf(removed),
      after: null,
    });
  });
  return { ok: true as const };
}

/** The most mails from unknown addresses 'Correo personal' lists. */
const UNKNOWN_MAIL_LIMIT = 50;

export const ZUnknownMailView = z.object({
  id: z.string(),
  fromEmail: z.string(),
  fromName: z.string(),
  subject: z.string(),
  resume: z.string(),
  receivedAt: z.date(),
});

/**
 * The caller's mails from addresses none of their contacts has (issue #38 item 3), newest
 * first: each offers 'Crear contacto'.
 */
export async function unknownMailOf(db: Executor, user: AuthUser) {
  assertPersonalEmail(user);
  const rows = await findUnknownMails(db, user.tenantId, user.id, UNKNOWN_MAIL_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    subject: row.subject,
    resume: row.resume,
    receivedAt: row.receivedAt,
  }));
}
