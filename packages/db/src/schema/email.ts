import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';
import { users } from './users';

/** How a connection to a mail server is secured: TLS from the start, STARTTLS, or none. */
export type MailSecurity = 'tls' | 'starttls' | 'none';

/**
 * What a connected mailbox uses that is not secret (03 §3 Connected e-mail account): the IMAP
 * and SMTP servers of a mailbox connected by password, or Nylas's grant. The password and
 * Nylas's tokens live encrypted in `email_accounts.secrets`.
 */
export interface EmailAccountConfig {
  imap?: { host: string; port: number; security: MailSecurity };
  smtp?: { host: string; port: number; security: MailSecurity };
  /** The user name of both servers (most often the address itself). */
  username?: string;
  /** Nylas v3: the grant the hosted authentication gave. */
  grantId?: string;
}

/** Where the sync of one folder of a mailbox is: its UIDVALIDITY and the last UID read. */
export interface MailFolderState {
  uidValidity: number;
  lastUid: number;
}

/**
 * A user's personal mailbox connected to the CRM (01 §7 Personal e-mail, 03 §3 User
 * emailProviders): by IMAP/SMTP with a password, or through Nylas. One per user and address.
 */
export const emailAccounts = pgTable(
  'email_accounts',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    /** 'imap' or 'nylas'. */
    provider: text('provider').notNull(),
    /** The mailbox's address, lower case. */
    address: text('address').notNull(),
    config: jsonb('config').$type<EmailAccountConfig>().notNull().default({}),
    /** The password or Nylas's tokens: AES-256-GCM (apps/server/src/lib/secret-box.ts). */
    secrets: text('secrets'),
    /** Rich text added to new mails (sanitised HTML). */
    signature: text('signature').notNull().default(''),
    /** 'connected', or 'error' when the server refused the stored credentials. */
    status: text('status').notNull().default('connected'),
    statusReason: text('status_reason'),
    /** IMAP sync state by folder ('INBOX' and the sent folder's path). */
    syncState: jsonb('sync_state').$type<Record<string, MailFolderState>>().notNull().default({}),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('email_accounts_user_address_idx').on(table.tenantId, table.userId, table.address),
    index('email_accounts_id_idx').on(table.id),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

export type EmailAccount = typeof emailAccounts.$inferSelect;

/**
 * A mail from an address no contact of the mailbox's owner has (issue #38 item 3): not on any
 * timeline, offered in 'Correo personal' with 'Crear contacto'. Only where the mail is is kept
 * (`location`: the IMAP folder, UIDVALIDITY and UID; Nylas's message id): once the contact
 * exists, the mail is read again from the mailbox and stored on its timeline.
 */
export const emailUnknownMails = pgTable(
  'email_unknown_mails',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    accountId: uuid('account_id').notNull(),
    userId: uuid('user_id').notNull(),
    fromEmail: text('from_email').notNull(),
    fromName: text('from_name').notNull().default(''),
    subject: text('subject').notNull().default(''),
    resume: text('resume').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    location: text('location').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('email_unknown_mails_location_idx').on(
      table.tenantId,
      table.accountId,
      table.location,
    ),
    index('email_unknown_mails_user_idx').on(table.tenantId, table.userId, table.receivedAt),
    foreignKey({
      columns: [table.tenantId, table.accountId],
      foreignColumns: [emailAccounts.tenantId, emailAccounts.id],
    }).onDelete('cascade'),
  ],
);

export type EmailUnknownMail = typeof emailUnknownMails.$inferSelect;

/**
 * A thread a user kept out of the CRM (issue #38 item 3): its mails that came through the user's
 * mailboxes were emptied on the timelines, and its new mails are not stored. `threadId` is the
 * thread's first Message-ID, as e-mail items keep it.
 */
export const emailPrivateThreads = pgTable(
  'email_private_threads',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    threadId: text('thread_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.threadId] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);
