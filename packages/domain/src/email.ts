import { z } from 'zod';
import { emailEs } from './i18n/email.es';
import { validationEs } from './i18n/validation.es';

/*
 * Personal e-mail's shared rules (issue #38): what connecting a mailbox sends, checked alike by
 * the web form and the server, and the servers of the common providers the form fills in.
 */

export const MAIL_SECURITIES = ['tls', 'starttls', 'none'] as const;
export type MailSecurityChoice = (typeof MAIL_SECURITIES)[number];

/** A host name or an IP address: no scheme, path, user or port. */
const HOST = /^[a-zA-Z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/;

export const ZMailServer = z.object({
  host: z.string().trim().min(1, validationEs.required).max(253).regex(HOST, emailEs.hostInvalid),
  port: z.number().int().min(1).max(65_535),
  security: z.enum(MAIL_SECURITIES),
});
export type MailServer = z.infer<typeof ZMailServer>;

export const ZConnectImapInput = z.object({
  address: z.string().trim().toLowerCase().max(254).email(emailEs.addressInvalid),
  /** The servers' user name; the address when left empty. */
  username: z.string().trim().max(254).optional(),
  password: z.string().min(1, validationEs.required).max(500),
  imap: ZMailServer,
  smtp: ZMailServer,
});
export type ConnectImapInput = z.infer<typeof ZConnectImapInput>;

/** Servers of providers whose settings are public (their help pages), by the address's domain. */
const PRESETS: Record<string, { imap: MailServer; smtp: MailServer }> = {
  'gmail.com': {
    imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
  },
  'outlook.com': {
    imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
  },
  'yahoo.com': {
    imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
  },
  'icloud.com': {
    imap: { host: 'imap.mail.me.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' },
  },
};
const SAME_AS: Record<string, string> = {
  'googlemail.com': 'gmail.com',
  'hotmail.com': 'outlook.com',
  'live.com': 'outlook.com',
  'msn.com': 'outlook.com',
  'yahoo.com.ar': 'yahoo.com',
  'yahoo.com.mx': 'yahoo.com',
  'me.com': 'icloud.com',
};

/**
 * The servers to propose for an address: a known provider's, or the usual `imap.` and `smtp.`
 * names of its domain with TLS (993 and 465). Undefined until the address has a domain.
 */
export function mailServersFor(
  address: string,
): { imap: MailServer; smtp: MailServer } | undefined {
  const domain = address.trim().toLowerCase().split('@')[1];
  if (!domain || !domain.includes('.')) return undefined;
  const known = PRESETS[SAME_AS[domain] ?? domain];
  if (known) return known;
  return {
    imap: { host: `imap.${domain}`, port: 993, security: 'tls' },
    smtp: { host: `smtp.${domain}`, port: 465, security: 'tls' },
  };
}

/** An address of a mail, with the name it was written with. */
const ZMailAddress = z.looseObject({ email: z.string(), name: z.string().nullish() });

/**
 * An e-mail (03 §3 Email content), read from or sent through a user's connected mailbox (issue
 * #38): `body` is sanitised HTML, `resume` its first lines as text (quoted text cut at the
 * first 'El', 03 §5); `origin` 'contact' (received) or 'agent' (sent by the company's user).
 */
export const ZEmailContent = z.looseObject({
  subject: z.string().default(''),
  body: z.string().default(''),
  resume: z.string().default(''),
  from: ZMailAddress.nullish(),
  recipients: z.array(ZMailAddress).default([]),
  cc: z.array(ZMailAddress).default([]),
  bcc: z.array(ZMailAddress).default([]),
  sentDate: z.string().nullish(),
  origin: z.enum(['contact', 'agent']).default('contact'),
  threadId: z.string().nullish(),
  messageId: z.string().nullish(),
  /** The mailbox it came through (email_accounts.id). */
  accountId: z.string().nullish(),
  attachments: z
    .array(
      z.looseObject({
        id: z.string(),
        filename: z.string(),
        size: z.number(),
        mimeType: z.string().nullish(),
        /** This server's address of the stored file. */
        url: z.string().nullish(),
      }),
    )
    .default([]),
});
export type EmailContent = z.infer<typeof ZEmailContent>;
