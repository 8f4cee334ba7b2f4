import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import {
  connectImapAccount,
  disconnectEmailAccount,
  emailAccountsOf,
  updateEmailSignature,
  ZConnectImapInput,
  ZEmailAccountView,
  ZUpdateSignatureInput,
} from './email.service';

/** The caller's own personal mailboxes (01 §7 Personal e-mail; 'Ajustes' › 'Correo personal'). */
const emailProcedure = protectedProcedure.meta({ area: '/settings' });

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
});
