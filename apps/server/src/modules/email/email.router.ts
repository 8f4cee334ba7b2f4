import { z } from 'zod';
import { ZSendEmailInput } from '@cartera/domain/email';
import { protectedProcedure, router } from '../../trpc/init';
import { retryEmail, sendEmail } from './email-send.service';
import { auditBy } from '../audit/audit.service';
import {
  connectImapAccount,
  disconnectEmailAccount,
  emailAccountsOf,
  updateEmailSignature,
  ZConnectImapInput,
  ZEmailAccountView,
  unknownMailOf,
  ZUnknownMailView,
  ZUpdateSignatureInput,
} from './email.service';
import { bringUnknownMail } from './email-sync.service';
import { emailThreadOf, keepThreadOut, ZEmailThreadView } from './email-thread.service';
import {
  connectNylasAccount,
  nylasAuthUrl,
  ZConnectNylasInput,
  ZNylasAuthUrlInput,
} from './nylas.service';

/** The caller's own personal mailboxes (01 §7 Personal e-mail; 'Ajustes' › 'Correo personal'). */
const emailProcedure = protectedProcedure.meta({ area: '/settings' });
/** Writing mail from a contact's conversation. */
const conversationProcedure = protectedProcedure.meta({ area: '/contact' });

const CONNECT_ERRORS = [
  'DISABLED_FEATURE',
  'EMAIL_ACCOUNT_EXISTS',
  'EMAIL_AUTH_FAILED',
  'EMAIL_HOST_NOT_FOUND',
  'EMAIL_TLS_FAILED',
  'EMAIL_SERVER_UNREACHABLE',
  'OUTBOUND_URL_NOT_ALLOWED',
] as const;

export const emailRouter = router({
  accounts: emailProcedure
    .meta({
      description:
        "The caller's connected mailboxes (03 §3 Connected e-mail account: address, signature, id), with their servers and user name; never the password. DISABLED_FEATURE when the company's 'Correo personal' flag is off.",
      errors: ['DISABLED_FEATURE'],
    })
    .output(z.array(ZEmailAccountView))
    .query(({ ctx }) => emailAccountsOf(ctx.db, ctx.user)),

  connectImap: emailProcedure
    .meta({
      description:
        "Connects one of the caller's mailboxes by its IMAP and SMTP servers (host, port, security `tls`, `starttls` or `none`) and password: both servers are signed in to first, and a refusal stores nothing and answers why (EMAIL_AUTH_FAILED, EMAIL_HOST_NOT_FOUND, EMAIL_TLS_FAILED, EMAIL_SERVER_UNREACHABLE; a host on a private network is OUTBOUND_URL_NOT_ALLOWED). The password is kept encrypted and never sent back. Audited.",
      errors: [...CONNECT_ERRORS],
    })
    .input(ZConnectImapInput)
    .output(ZEmailAccountView)
    .mutation(({ ctx, input }) => connectImapAccount(ctx.deps, ctx.user, input, auditBy(ctx))),

  nylasAuthUrl: emailProcedure
    .meta({
      description:
        "Where the caller signs in to their Gmail or Outlook mailbox (Nylas v3's hosted authentication), with a `state` bound to them for 15 minutes; Nylas sends them back to NYLAS_REDIRECT_URI (default /settings) with `code` and `state`, for `email.connectNylas`. `url` is null when the server has no Nylas: only IMAP is offered then.",
      errors: ['DISABLED_FEATURE'],
    })
    .input(ZNylasAuthUrlInput)
    .output(z.object({ url: z.string().nullable() }))
    .query(({ ctx, input }) => nylasAuthUrl(ctx.deps, ctx.user, input)),

  connectNylas: emailProcedure
    .meta({
      description:
        "Completes Nylas's hosted authentication with the `code` and `state` it sent the caller back with: the code is exchanged for the mailbox's grant and the mailbox is stored (provider `nylas`; Nylas's tokens are not kept). EMAIL_NYLAS_AUTH_FAILED when the code expired or was used, or the state is not the caller's; the same address connected by IMAP is EMAIL_ACCOUNT_EXISTS; connecting a Nylas mailbox again takes its new grant. Audited.",
      errors: [
        'DISABLED_FEATURE',
        'EMAIL_NYLAS_NOT_CONFIGURED',
        'EMAIL_NYLAS_AUTH_FAILED',
        'EMAIL_NYLAS_UNAVAILABLE',
        'EMAIL_ACCOUNT_EXISTS',
        'OUTBOUND_URL_NOT_ALLOWED',
      ],
    })
    .input(ZConnectNylasInput)
    .output(ZEmailAccountView)
    .mutation(({ ctx, input }) => connectNylasAccount(ctx.deps, ctx.user, input, auditBy(ctx))),

  updateSignature: emailProcedure
    .meta({
      description:
        "Changes the signature of one of the caller's mailboxes: rich text (HTML) of which only formatting is kept (no script, style sheet or form; images only https or this server's files).",
      errors: ['DISABLED_FEATURE', 'EMAIL_ACCOUNT_NOT_FOUND'],
    })
    .input(ZUpdateSignatureInput)
    .output(ZEmailAccountView)
    .mutation(({ ctx, input }) => updateEmailSignature(ctx.db, ctx.user, input)),

  disconnect: emailProcedure
    .meta({
      description:
        "Disconnects one of the caller's mailboxes: its servers and password are deleted; the mails it brought to conversations stay. Audited.",
      errors: ['DISABLED_FEATURE', 'EMAIL_ACCOUNT_NOT_FOUND'],
    })
    .input(z.object({ id: z.string().uuid() }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => disconnectEmailAccount(ctx.db, ctx.user, input.id, auditBy(ctx))),

  send: conversationProcedure
    .meta({
      description:
        "Sends a mail from one of the caller's mailboxes into a contact's conversation (03 §6 'Send or schedule email'): To, Cc, Bcc, subject, HTML body (formatting only is kept), files uploaded through the upload flow, and `replyToId`, the e-mail item it answers (its thread: In-Reply-To and References). The e-mail item is stored at once in state `pending` and sent by the e-mail outbox: `sent` once the SMTP server accepts it (a copy goes to the mailbox's Sent folder), `error` with the server's reason when it refuses. With `scheduleDate` a scheduled item (interactionType `email`) sends it then. A repeated `id` sends nothing twice.",
      errors: [
        'DISABLED_FEATURE',
        'EMAIL_ACCOUNT_NOT_FOUND',
        'EMAIL_ACCOUNT_UNAVAILABLE',
        'EMAIL_REPLY_NOT_FOUND',
        'CONTACT_NOT_FOUND',
        'SCHEDULED_DATE_INVALID',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZSendEmailInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => sendEmail(ctx.deps, ctx.user, input)),

  retry: conversationProcedure
    .meta({
      description:
        "'Volver a intentar.' on a mail of the caller's that could not be sent (state `error`): it is queued again as it was written. PERMISSION_DENIED for another user's mail.",
      errors: [
        'DISABLED_FEATURE',
        'NOT_FOUND',
        'CONTACT_NOT_FOUND',
        'EMAIL_ACCOUNT_NOT_FOUND',
        'EMAIL_ACCOUNT_UNAVAILABLE',
      ],
    })
    .input(z.object({ contactId: z.string().uuid(), id: z.string().uuid() }))
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => retryEmail(ctx.deps, ctx.user, input)),

  thread: conversationProcedure
    .meta({
      description:
        "The thread of an e-mail item on a contact's timeline (03 §2.1 full e-mail viewer, 03 §6 'Email thread'): its mails on that timeline, oldest first, 100 at most, and `total`. Whoever may read the contact reads its thread.",
      errors: ['CONTACT_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(z.object({ contactId: z.string().uuid(), id: z.string().uuid() }))
    .output(ZEmailThreadView)
    .query(({ ctx, input }) => emailThreadOf(ctx.db, ctx.user, input)),

  keepThreadOut: conversationProcedure
    .meta({
      description:
        "Keeps the thread of an e-mail item out of the CRM (issue #38): only the owner of the mailbox it came through may (EMAIL_THREAD_NOT_YOURS otherwise). The thread's mails that came through the caller's mailboxes are emptied on every timeline (subject, addresses, body and files go; a private-mail line with its date stays), and its new mails are not stored. Cannot be undone. Audited.",
      errors: ['DISABLED_FEATURE', 'CONTACT_NOT_FOUND', 'NOT_FOUND', 'EMAIL_THREAD_NOT_YOURS'],
    })
    .input(z.object({ contactId: z.string().uuid(), id: z.string().uuid() }))
    .output(z.object({ emptied: z.number() }))
    .mutation(({ ctx, input }) => keepThreadOut(ctx.deps, ctx.user, input, auditBy(ctx))),

  unknownMail: emailProcedure
    .meta({
      description:
        "The caller's mails from addresses none of their contacts has (sender, subject, first lines, date), newest first, 50 at most: they are on no timeline until a contact has the address ('Crear contacto', then `email.bringUnknownMail`).",
      errors: ['DISABLED_FEATURE'],
    })
    .output(z.array(ZUnknownMailView))
    .query(({ ctx }) => unknownMailOf(ctx.db, ctx.user)),

  bringUnknownMail: emailProcedure
    .meta({
      description:
        "After 'Crear contacto': the caller's mails from `address` are read again from their mailboxes and stored on the timeline of the contact that now has it. CONTACT_NOT_FOUND when no contact the caller may see has the address.",
      errors: [
        'DISABLED_FEATURE',
        'CONTACT_NOT_FOUND',
        'EMAIL_ACCOUNT_UNAVAILABLE',
        ...CONNECT_ERRORS.slice(3),
      ],
    })
    .input(z.object({ address: z.string().trim().toLowerCase().email().max(254) }))
    .output(z.object({ contactId: z.string(), stored: z.number() }))
    .mutation(({ ctx, input }) => bringUnknownMail(ctx.deps, ctx.user, input.address)),
});
