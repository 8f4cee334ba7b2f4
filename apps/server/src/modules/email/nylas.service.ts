import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import type { EmailAccount } from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import type { EmailContent } from '@cartera/domain/interactions';
import type { AppDeps } from '../../deps';
import { sameSecret } from '../../providers/provider-http';
import {
  messageHeader,
  NylasApiError,
  NylasClient,
  nylasSignatureValid,
  parseNylasWebhook,
} from '../../providers/mail/nylas';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import { readNylasHistoryJob, takeNylasMessageJob } from './email.jobs';
import {
  findEmailAccount,
  findEmailAccountByAddress,
  insertEmailAccount,
} from './email.repository';
import { assertPersonalEmail, emailAccountsOf } from './email.service';
import {
  findNylasAccountsByGrant,
  findNylasMessageId,
  markNylasGrantFailed,
  updateNylasGrant,
} from './nylas.repository';
import { newId } from '@cartera/domain/ids';

/*
 * Personal e-mail through Nylas v3 (issue #38 items 1 and 7): a Gmail or Outlook mailbox that
 * refuses passwords is connected with Nylas's hosted authentication (its code exchanged for a
 * grant, kept as the mailbox's `config.grantId`); Nylas's webhook announces each new mail, which
 * is fetched and stored on the timelines as any provider's (incoming-mail.service); the e-mail
 * outbox sends through Nylas. Offered only when the operator configured Nylas (env.nylas).
 */

/** How long the hosted authentication's `state` is good for. */
const STATE_TTL_MS = 15 * 60 * 1000;
/**
 * A mail the mailbox itself sent is taken in this much later: a mail sent from the conversation
 * gets its Message-ID from Nylas's answer, and by then its item carries it (stored once).
 */
const OWN_MAIL_DELAY_MS = 30_000;
/** A compressed notification is refused beyond this once inflated (a message's is ~1 MB at most). */
const MAX_NOTIFICATION_BYTES = 4 * 1024 * 1024;

export const ZNylasAuthUrlInput = z
  .object({
    /** Skips Nylas's choice of provider. */
    provider: z.enum(['google', 'microsoft']).optional(),
    /** The address to sign in with, proposed to the user. */
    loginHint: z.string().trim().toLowerCase().email().max(254).optional(),
  })
  .default({});

export const ZConnectNylasInput = z.object({
  /** The code Nylas's hosted authentication sent back (`?code=`). */
  code: z.string().trim().min(1).max(2000),
  /** The `state` it sent back with it (what `email.nylasAuthUrl` put in the URL). */
  state: z.string().trim().min(1).max(500),
});

export function clientOf(deps: Pick<AppDeps, 'env'>) {
  if (!deps.env.nylas) throw new DomainError('EMAIL_NYLAS_NOT_CONFIGURED');
  return new NylasClient(deps.env.nylas);
}

function stateKey(deps: Pick<AppDeps, 'env'>) {
  return Buffer.from(hkdfSync('sha256', deps.env.sessionSecret, '', 'cartera nylas state', 32));
}

/** A `state` bound to the user and to the next 15 minutes, signed with the server's secret. */
export function nylasStateFor(deps: Pick<AppDeps, 'env'>, user: AuthUser, now = Date.now()) {
  const payload = [
    user.tenantId,
    user.id,
    (now + STATE_TTL_MS).toString(36),
    randomBytes(9).toString('base64url'),
  ].join('.');
  const mac = createHmac('sha256', stateKey(deps)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

function stateIsFor(deps: Pick<AppDeps, 'env'>, user: AuthUser, state: string, now: number) {
  const at = state.lastIndexOf('.');
  if (at < 0) return false;
  const payload = state.slice(0, at);
  const mac = createHmac('sha256', stateKey(deps)).update(payload).digest('base64url');
  if (!sameSecret(state.slice(at + 1), mac)) return false;
  const [tenantId, userId, expires] = payload.split('.');
  return tenantId === user.tenantId && userId === user.id && parseInt(expires ?? '0', 36) >= now;
}

/**
 * Where the user signs in to their Gmail or Outlook mailbox (Nylas's hosted authentication),
 * with a `state` bound to them; `url` is null when the server has no Nylas (only IMAP offered).
 */
export function nylasAuthUrl(
  deps: Pick<AppDeps, 'env'>,
  user: AuthUser,
  input: z.infer<typeof ZNylasAuthUrlInput>,
  now = Date.now(),
) {
  assertPersonalEmail(user);
  if (!deps.env.nylas) return { url: null };
  return {
    url: clientOf(deps).authUrl({
      state: nylasStateFor(deps, user, now),
      provider: input.provider,
      loginHint: input.loginHint,
    }),
  };
}

/**
 * Completes the hosted authentication (POST /nylas/authV3): the `state` must be the caller's
 * and recent, the code is exchanged for the grant, and the mailbox is stored (provider 'nylas',
 * the grant in its configuration; Nylas's tokens are not kept: every call uses the
 * application's key). The same address connected through Nylas again takes the new grant; one
 * connected by IMAP answers EMAIL_ACCOUNT_EXISTS. Audited.
 */
export async function connectNylasAccount(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs'>,
  user: AuthUser,
  input: z.infer<typeof ZConnectNylasInput>,
  by: AuditBy,
  now = Date.now(),
) {
  assertPersonalEmail(user);
  const client = clientOf(deps);
  if (!stateIsFor(deps, user, input.state, now)) throw new DomainError('EMAIL_NYLAS_AUTH_FAILED');
  const { grantId, email } = await client.exchangeCode(input.code);
  const { db } = deps;
  const existing = await findEmailAccountByAddress(db, user.tenantId, user.id, email);
  const before = existing ? await findEmailAccount(db, user.tenantId, user.id, existing.id) : null;
  if (before && before.provider !== 'nylas') throw new DomainError('EMAIL_ACCOUNT_EXISTS');
  const account = await db.transaction(async (tx) => {
    const stored = before
      ? await updateNylasGrant(tx, user.tenantId, before.id, grantId)
      : await insertEmailAccount(tx, {
          tenantId: user.tenantId,
          id: newId(),
          userId: user.id,
          provider: 'nylas',
          address: email,
          config: { grantId },
          secrets: null,
        });
    if (!stored) throw new DomainError('EMAIL_ACCOUNT_NOT_FOUND');
    await recordAudit(tx, by, {
      action: 'emailAccount.connect',
      targetType: 'emailAccount',
      targetId: stored.id,
      groupId: user.groupId,
      before: before ? { email: before.address, provider: 'nylas' } : null,
      after: { email: stored.address, provider: 'nylas' },
    });
    return stored;
  });
  // Its last 30 days come next, as an IMAP mailbox's first sync brings them.
  await deps.jobs.send(
    readNylasHistoryJob,
    { tenantId: user.tenantId, accountId: account.id, pageToken: null, page: 0 },
    { singletonKey: account.id },
  );
  const view = (await emailAccountsOf(db, user)).find((each) => each.id === account.id);
  if (!view) throw new DomainError('EMAIL_ACCOUNT_NOT_FOUND');
  return view;
}

/** What the webhook answers Nylas. */
export interface NylasWebhookAnswer {
  status: number;
  body: string;
}

/**
 * Nylas's webhook (POST /api/webhooks/nylas): the signature is checked on the exact bytes
 * (401, nothing stored, when it does not match or no secret is configured); a message.created
 * is stored as a job before Nylas is answered 200 (the job fetches and stores the mail); an
 * expired or deleted grant turns its mailboxes 'error'. Other notifications are answered 200.
 */
export async function receiveNylasWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
  /** `content-encoding`: a webhook with compressed delivery is gzip, signed as sent. */
  encoding?: string,
): Promise<NylasWebhookAnswer> {
  if (!deps.env.nylas) return { status: 404, body: 'not found' };
  if (!nylasSignatureValid(deps.env.nylas.webhookSecret, rawBody, signature)) {
    return { status: 401, body: 'invalid signature' };
  }
  let body = rawBody;
  if (encoding?.trim().toLowerCase() === 'gzip') {
    try {
      body = gunzipSync(rawBody, { maxOutputLength: MAX_NOTIFICATION_BYTES });
    } catch {
      return { status: 400, body: 'not a notification' };
    }
  }
  const event = parseNylasWebhook(body);
  if (!event) return { status: 400, body: 'not a notification' };
  const object = event.data.object;
  const grantId = object.grant_id;
  if (!grantId) return { status: 200, body: 'ok' };
  if (event.type.startsWith('message.created') && object.id) {
    const accounts = await findNylasAccountsByGrant(deps.db, grantId);
    if (!accounts.length) return { status: 200, body: 'ok' };
    const from = (object as { from?: Array<{ email?: unknown }> }).from?.[0]?.email;
    const own =
      typeof from === 'string' &&
      accounts.some((account) => account.address === from.toLowerCase());
    await deps.jobs.send(
      takeNylasMessageJob,
      { grantId, messageId: object.id },
      {
        singletonKey: `${grantId}/${object.id}`,
        ...(own ? { startAfter: new Date(Date.now() + OWN_MAIL_DELAY_MS) } : {}),
      },
    );
  } else if (event.type === 'grant.expired' || event.type === 'grant.deleted') {
    await markNylasGrantFailed(deps.db, grantId, 'EMAIL_ACCOUNT_UNAVAILABLE');
  }
  return { status: 200, body: 'ok' };
}

/** Nylas's verification of a new webhook: its `challenge` answered as it came. */
export function answerNylasChallenge(deps: Pick<AppDeps, 'env'>, challenge: unknown) {
  if (!deps.env.nylas || typeof challenge !== 'string' || !challenge) return null;
  return challenge;
}

/**
 * Sends a mail of the outbox through the mailbox's grant (POST …/messages/send): a reply names
 * the Nylas message it answers (`reply_to_message_id`, so Nylas adds In-Reply-To and
 * References), when its mailbox brought it. Answers Nylas's id of the sent mail and the
 * Message-ID the provider gave it (null when Nylas does not tell), which replace the item's own.
 * Throws NylasApiError.
 */
export async function sendThroughNylas(
  deps: AppDeps,
  account: EmailAccount,
  content: EmailContent,
  files: Array<{ name: string; bytes: Buffer; type: string }>,
): Promise<{ providerMessageId: string; messageId: string | null }> {
  const client = clientOf(deps);
  const grantId = account.config.grantId;
  if (!grantId) {
    throw new NylasApiError('EMAIL_ACCOUNT_UNAVAILABLE', {}, 0, 'no_grant', '');
  }
  const replyTo = content.inReplyTo
    ? await findNylasMessageId(deps.db, account.tenantId, account.id, content.inReplyTo)
    : undefined;
  const sent = await client.send(grantId, {
    to: content.recipients,
    cc: content.cc,
    bcc: content.bcc,
    subject: content.subject,
    body: content.body,
    replyToMessageId: replyTo ?? null,
    attachments: files.map((file) => ({
      filename: file.name,
      contentType: file.type,
      content: file.bytes,
    })),
  });
  // The provider's Message-ID: what the customer's reply will name in In-Reply-To.
  const copy = sent.id ? await client.message(grantId, sent.id).catch(() => undefined) : undefined;
  return {
    providerMessageId: sent.id,
    messageId: (copy && messageHeader(copy, 'Message-ID')?.trim()) || null,
  };
}

/** How the outbox ends a Nylas send: sent (with what changes on the item) or failed. */
export type NylasDelivery =
  | { sent: true; change: Record<string, unknown> }
  | { sent: false; code: ErrorCode; details: Record<string, string> };

/**
 * The outbox's Nylas branch: sends, and sorts a failure as the SMTP path does. A grant Nylas no
 * longer honours turns the mailbox 'error' and fails the mail; a refusal fails it with Nylas's
 * words; Nylas not answering is thrown for the job to try again, until `lastAttempt`.
 */
export async function deliverThroughNylas(
  deps: AppDeps,
  account: EmailAccount,
  content: EmailContent,
  files: Array<{ name: string; bytes: Buffer; type: string }>,
  lastAttempt: boolean,
): Promise<NylasDelivery> {
  try {
    const result = await sendThroughNylas(deps, account, content, files);
    const messageId = result.messageId ?? content.messageId ?? null;
    return {
      sent: true,
      change: {
        providerMessageId: result.providerMessageId,
        messageId,
        // A new mail's thread is itself: it takes the provider's Message-ID too.
        threadId:
          !content.threadId || content.threadId === content.messageId
            ? messageId
            : content.threadId,
      },
    };
  } catch (error) {
    if (!(error instanceof NylasApiError)) throw error;
    deps.logger.warn(
      { status: error.status, type: error.type, nylas: error.providerMessage, account: account.id },
      'email: Nylas did not send a mail',
    );
    if (error.code === 'EMAIL_ACCOUNT_UNAVAILABLE' && account.config.grantId) {
      await markNylasGrantFailed(deps.db, account.config.grantId, error.code);
      return { sent: false, code: error.code, details: { address: account.address } };
    }
    if (error.passing && !lastAttempt) throw error;
    return {
      sent: false,
      code: error.code,
      details: Object.fromEntries(
        Object.entries(error.details ?? {}).map(([key, value]) => [key, String(value)]),
      ),
    };
  }
}
