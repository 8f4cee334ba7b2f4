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

/** A mail's attached file, as stored with its item. */
const ZEmailAttachment = z.looseObject({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  mimeType: z.string().nullish(),
  /** This server's address of the stored file. */
  url: z.string().nullish(),
});

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
  /** The Message-ID it answers, and its thread's (RFC 5322 In-Reply-To and References). */
  inReplyTo: z.string().nullish(),
  references: z.array(z.string()).nullish(),
  /** Why a mail the user sent did not leave (its error code and the server's words). */
  errorCode: z.string().nullish(),
  errorMessage: z.string().nullish(),
  /** Kept out of the CRM by its mailbox's owner: only its date and thread are left. */
  private: z.boolean().optional(),
  attachments: z.array(ZEmailAttachment).default([]),
});
export type EmailContent = z.infer<typeof ZEmailContent>;

/** An e-mail as a procedure answers it: the stored content's known fields, nothing else. */
const ZMailAddressView = ZMailAddress.strip();
export const ZEmailContentView = ZEmailContent.strip().extend({
  from: ZMailAddressView.nullish(),
  recipients: z.array(ZMailAddressView).default([]),
  cc: z.array(ZMailAddressView).default([]),
  bcc: z.array(ZMailAddressView).default([]),
  attachments: z.array(ZEmailAttachment.strip()).default([]),
});

/*
 * Writing e-mail (03 §5, issue #38 items 4 to 6): the draft's rules, checked alike by the
 * composer and the server.
 */

/** The most addresses in each of To, Cc and Bcc (ours: a mail to a team, not a campaign). */
export const EMAIL_RECIPIENTS_MAX = 50;
/** The most files on one mail (the composer's limit on any message). */
export const EMAIL_ATTACHMENTS_MAX = 20;
/** 03 §4 e-mail delivery states. */
export const EMAIL_DELIVERY_STATUSES = ['pending', 'sent', 'received', 'done', 'error'] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

const ADDRESS_CHECK = z.string().email();

/** Whether a typed address is one a mail can go to. */
export function isMailAddress(value: string): boolean {
  return ADDRESS_CHECK.safeParse(value.trim()).success;
}

/** 03 §5: the error of a pending typed address that is not valid. */
export function addressInvalidText(value: string): string {
  return emailEs.composer.addressInvalid.replace('{value}', value.trim());
}

/** An address of a draft (03 §3 E-mail draft: email and an optional name). */
export const ZDraftAddress = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine(isMailAddress, { error: (issue) => addressInvalidText(String(issue.input)) }),
  name: z.string().trim().max(200).optional(),
});
export type DraftAddress = z.infer<typeof ZDraftAddress>;

/** A file of the draft, uploaded through the upload flow (its `/api/files/…` address). */
export const ZEmailAttachmentInput = z.object({
  url: z.string().min(1).max(2_000),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  mimeType: z.string().max(200).optional(),
});

/** Whether rich text has something to read: text, or a picture. */
export function htmlHasContent(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0;
}

/**
 * Sending or scheduling a mail (03 §6 'Send or schedule email'): from one of the caller's
 * mailboxes to the contact's conversation. `id` is the client's id of the e-mail item (or of the
 * scheduled item when `scheduleDate` is given); `replyToId` the e-mail item answered.
 */
export const ZSendEmailInput = z.object({
  id: z.uuid(),
  contactId: z.uuid(),
  accountId: z.uuid(),
  to: z.array(ZDraftAddress).min(1, validationEs.required).max(EMAIL_RECIPIENTS_MAX),
  cc: z.array(ZDraftAddress).max(EMAIL_RECIPIENTS_MAX).default([]),
  bcc: z.array(ZDraftAddress).max(EMAIL_RECIPIENTS_MAX).default([]),
  subject: z.string().trim().min(1, validationEs.required).max(998),
  body: z.string().max(2_000_000).refine(htmlHasContent, validationEs.required),
  attachments: z.array(ZEmailAttachmentInput).max(EMAIL_ATTACHMENTS_MAX).default([]),
  replyToId: z.uuid().optional(),
  scheduleDate: z.coerce.date().optional(),
  /** 03 §3 reminderOnScheduledMessage. */
  createReminder: z.boolean().default(false),
});
export type SendEmailInput = z.input<typeof ZSendEmailInput>;

/** 03 §5: a reply's subject is the original's prefixed 'RE: ' (once: a reply to a reply keeps one). */
export function replySubject(subject: string): string {
  return /^re:\s/i.test(subject.trim()) ? subject.trim() : `RE: ${subject.trim()}`;
}

/**
 * 03 §5: a reply goes to the original recipients (a mail the user sent) or to its sender (a mail
 * received), never to the mailbox itself.
 */
export function replyRecipients(mail: EmailContent, ownAddress: string): DraftAddress[] {
  const own = ownAddress.toLowerCase();
  const list = mail.origin === 'agent' ? mail.recipients : mail.from ? [mail.from] : [];
  const seen = new Set<string>();
  return list
    .filter((each) => {
      const email = each.email.toLowerCase();
      if (email === own || seen.has(email)) return false;
      seen.add(email);
      return true;
    })
    .map((each) => ({
      email: each.email.toLowerCase(),
      ...(each.name ? { name: each.name } : {}),
    }));
}
