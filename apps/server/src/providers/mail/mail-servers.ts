import { isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { MailSecurity } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { resolveOutboundHost } from '../../lib/outbound';

/*
 * A personal mailbox's own servers (issue #38): IMAP to read it, SMTP to send from it, spoken
 * with imapflow and nodemailer. Every connection goes to the address the outbound-URL guard
 * checked (`resolveOutboundHost`), with the host's name kept for TLS (SNI and the certificate).
 * Failures come back as the product's codes, each with its Spanish text: a refused password, a
 * host that does not exist, a TLS handshake that failed, a server that does not answer.
 */

export interface MailServerAddress {
  host: string;
  port: number;
  security: MailSecurity;
}

export interface MailLogin {
  username: string;
  password: string;
}

/** How long a connection, its greeting and an idle socket may take before giving up. */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 60_000;

const TLS_CODES = new Set([
  'EPROTO',
  'ECONNRESET_TLS',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ClosedAfterConnectTLS',
  'UPGRADE_TIMEOUT',
  'ETLS',
]);

interface NodeishError {
  code?: string;
  message?: string;
  authenticationFailed?: boolean;
  responseCode?: number;
  reason?: string;
}

/** A mail server's failure as the product's error, for the server `which` at `host`. */
export function mailServerError(error: unknown, which: 'imap' | 'smtp', host: string): DomainError {
  if (error instanceof DomainError) return error;
  const failure = (error ?? {}) as NodeishError;
  const code = failure.code ?? '';
  const text = `${failure.message ?? ''} ${failure.reason ?? ''}`;
  const details = { server: which.toUpperCase(), host };
  if (failure.authenticationFailed || code === 'EAUTH' || failure.responseCode === 535) {
    return new DomainError('EMAIL_AUTH_FAILED', details);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
    return new DomainError('EMAIL_HOST_NOT_FOUND', details);
  }
  if (
    TLS_CODES.has(code) ||
    code.startsWith('ERR_SSL') ||
    /ssl|tls|certificate|wrong version number/i.test(text)
  ) {
    return new DomainError('EMAIL_TLS_FAILED', details);
  }
  return new DomainError('EMAIL_SERVER_UNREACHABLE', { ...details, reason: code || 'unknown' });
}

/** Where to connect: the guard's checked address, and the name for TLS (unless it is an IP). */
async function endpoint(server: MailServerAddress, which: 'imap' | 'smtp') {
  const address = await resolveOutboundHost(server.host).catch((error: unknown) => {
    throw mailServerError(error, which, server.host);
  });
  const servername = isIP(server.host) === 0 ? server.host : undefined;
  return { address, servername };
}

/** An IMAP client for the mailbox, connected and signed in (the caller logs out). */
export async function openImap(server: MailServerAddress, login: MailLogin): Promise<ImapFlow> {
  const { address, servername } = await endpoint(server, 'imap');
  const client = new ImapFlow({
    host: address,
    port: server.port,
    secure: server.security === 'tls',
    doSTARTTLS:
      server.security === 'starttls' ? true : server.security === 'none' ? false : undefined,
    servername,
    tls: { servername, minVersion: 'TLSv1.2' },
    auth: { user: login.username, pass: login.password },
    logger: false,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    disableAutoIdle: true,
  });
  // A socket error after connecting is an 'error' event; without a listener it would crash.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw mailServerError(error, 'imap', server.host);
  }
  return client;
}

/** A nodemailer transport for the mailbox's SMTP server (one connection, closed by the caller). */
export async function openSmtp(server: MailServerAddress, login: MailLogin) {
  const { address, servername } = await endpoint(server, 'smtp');
  return nodemailer.createTransport({
    host: address,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    name: 'cartera',
    tls: { servername, minVersion: 'TLSv1.2' },
    auth: { user: login.username, pass: login.password },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
}

/**
 * Signs in to both servers and signs out: what connecting a mailbox checks before it stores
 * anything. Throws the product's error of the first that refuses.
 */
export async function checkMailLogin(
  imap: MailServerAddress,
  smtp: MailServerAddress,
  login: MailLogin,
): Promise<void> {
  const client = await openImap(imap, login);
  await client.logout().catch(() => client.close());
  const transport = await openSmtp(smtp, login);
  try {
    await transport.verify();
  } catch (error) {
    throw mailServerError(error, 'smtp', smtp.host);
  } finally {
    transport.close();
  }
}

/** Whether an SMTP refusal is for good (5xx): the same mail would be refused again. */
export function smtpRefusedForGood(error: unknown): boolean {
  const code = (error as NodeishError | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends a composed message (its bytes as they will be stored in the Sent folder) through the
 * mailbox's SMTP server to the envelope's recipients; answers the server's reply line. Throws
 * the server's own error: the caller tells a refusal for good from a passing failure.
 */
export async function sendRawMail(
  server: MailServerAddress,
  login: MailLogin,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<string> {
  const transport = await openSmtp(server, login);
  try {
    const info = await transport.sendMail({ envelope, raw });
    return String(info.response ?? '');
  } finally {
    transport.close();
  }
}

/**
 * Keeps a copy of a sent message in the mailbox's Sent folder (its special use \Sent), as a mail
 * program does; answers false when the mailbox has no such folder.
 */
export async function appendToSent(
  server: MailServerAddress,
  login: MailLogin,
  raw: Buffer,
  date: Date,
): Promise<boolean> {
  const client = await openImap(server, login);
  try {
    const sent = (await client.list()).find((folder) => folder.specialUse === '\\Sent');
    if (!sent) return false;
    await client.append(sent.path, raw, ['\\Seen'], date);
    return true;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
