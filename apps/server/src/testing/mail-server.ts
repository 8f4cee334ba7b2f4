import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { freePort } from './child-server';

const DOVECOT = '/usr/sbin/dovecot';

/** A mailbox of the test mail server. */
export interface TestMailUser {
  address: string;
  password: string;
}

export interface TestMailServer {
  readonly host: '127.0.0.1';
  /** IMAP without TLS (Dovecot). */
  readonly imapPort: number;
  /** SMTP submission without TLS, AUTH PLAIN/LOGIN against the mailboxes (smtp-server). */
  readonly smtpPort: number;
  /** Dovecot's LMTP: where the SMTP server delivers. */
  readonly lmtpPort: number;
  /**
   * Adds a mailbox. Dovecot rereads its users file by its modification time, in whole seconds: a
   * mailbox signed in to or delivered to must be added before the first sign-in or delivery.
   */
  addUser(user: TestMailUser): void;
  /** Delivers a raw message straight into a mailbox, as another server's mail would arrive. */
  deliver(from: string, to: string, raw: string | Buffer): Promise<void>;
  /** Makes the SMTP server refuse (550) or accept again mail to one of its mailboxes. */
  refuseRecipient(address: string, refused: boolean): void;
  /** The end of Dovecot's log (for a failing test's message). */
  log(): string;
  /** Every message the SMTP server accepted, as received (envelope and raw). */
  readonly accepted: ReadonlyArray<{ from: string; to: string[]; raw: Buffer; user: string }>;
  stop(): Promise<void>;
}

/** Resolves once something accepts TCP connections on the port (bounded). */
async function listening(port: number, what: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}: ${log()}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Dovecot's configuration for a throwaway instance in `dir`: IMAP and LMTP on 127.0.0.1 only,
 * plain passwords from a users file, maildirs under the folder. As root its processes run as
 * Debian's `dovecot` and `dovenull` users; otherwise everything runs as the current user.
 */
function dovecotConfig(dir: string, imapPort: number, lmtpPort: number) {
  const me = userInfo();
  const root = me.uid === 0;
  const mailUid = root ? systemId('-u') : me.uid;
  const mailGid = root ? systemId('-g') : me.gid;
  const internal = root ? 'dovecot' : me.username;
  const login = root ? 'dovenull' : me.username;
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = cartera-test-${imapPort}
log_path = ${dir}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${internal}
default_internal_group = ${root ? 'dovecot' : me.username}
default_login_user = ${login}
first_valid_uid = ${Math.min(mailUid, 500)}
mail_location = maildir:${dir}/mail/%u
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/home/%u
}
service imap-login {
  ${root ? '' : 'chroot ='}
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
${root ? '' : 'service anvil {\n  chroot =\n}\nservice auth {\n  user = $default_internal_user\n}'}
protocol lmtp {
  postmaster_address = postmaster@cartera.test
}
`;
}

/**
 * A real mail server on 127.0.0.1 for the e-mail tests: Dovecot from Debian (IMAP, and LMTP for
 * delivery) started with a generated configuration in a temporary folder, and an SMTP
 * submission server (`smtp-server`) that takes a signed-in user's mail and delivers it into
 * Dovecot over LMTP, so a mail sent to a test mailbox lands in it. Fails with one line when
 * Dovecot is missing.
 */
export async function startTestMailServer(): Promise<TestMailServer> {
  if (!existsSync(DOVECOT) || !existsSync('/usr/lib/dovecot/lmtp')) {
    throw new Error(
      'Dovecot (dovecot-imapd, dovecot-lmtpd) not found: install the test servers with `bash scripts/install-test-servers.sh` (README)',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'cartera-mail.'));
  // Dovecot's own users (as root) read the users file and write the mailboxes inside it.
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail', 'home']) mkdirSync(join(dir, sub));
  const [imapPort, lmtpPort] = [await freePort(), await freePort()];
  const usersFile = join(dir, 'users');
  const users = new Map<string, string>();
  const writeUsers = () =>
    writeFileSync(
      usersFile,
      [...users].map(([address, password]) => `${address}:{PLAIN}${password}\n`).join(''),
    );
  writeUsers();
  writeFileSync(join(dir, 'dovecot.conf'), dovecotConfig(dir, imapPort, lmtpPort));
  if (userInfo().uid === 0) {
    for (const sub of ['mail', 'home']) chownSync(join(dir, sub), systemId('-u'), systemId('-g'));
  }
  const log = () => {
    try {
      return readFileSync(join(dir, 'dovecot.log'), 'utf8').slice(-2_000);
    } catch {
      return '';
    }
  };
  const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await listening(imapPort, 'dovecot (imap)', child, log);
  await listening(lmtpPort, 'dovecot (lmtp)', child, log);

  const lmtp = nodemailer.createTransport({
    host: '127.0.0.1',
    port: lmtpPort,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
  });
  const deliver = async (from: string, to: string, raw: string | Buffer) => {
    await lmtp.sendMail({ envelope: { from, to: [to] }, raw });
  };

  const accepted: Array<{ from: string; to: string[]; raw: Buffer; user: string }> = [];
  const closed = new Set<string>();
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    onAuth(auth, _session, callback) {
      const address = (auth.username ?? '').toLowerCase();
      if (users.get(address) === auth.password) return callback(null, { user: address });
      const error = new Error('Invalid username or password') as Error & { responseCode: number };
      error.responseCode = 535;
      return callback(error);
    },
    onRcptTo(address, _session, callback) {
      // Only this server's mailboxes are reachable (there is no relaying to the outside), and
      // not those a test closed.
      const recipient = address.address.toLowerCase();
      if (users.has(recipient) && !closed.has(recipient)) return callback();
      const error = new Error('No such user here') as Error & { responseCode: number };
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((each) => each.address.toLowerCase());
        accepted.push({ from, to, raw, user: String(session.user) });
        Promise.all(to.map((each) => deliver(from, each, raw))).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  smtp.on('error', () => {});

  return {
    host: '127.0.0.1',
    imapPort,
    smtpPort,
    lmtpPort,
    accepted,
    addUser(user) {
      users.set(user.address.toLowerCase(), user.password);
      writeUsers();
    },
    deliver,
    refuseRecipient(address, refused) {
      if (refused) closed.add(address.toLowerCase());
      else closed.delete(address.toLowerCase());
    },
    log,
    async stop() {
      lmtp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      // A graceful stop: Dovecot's master takes its own processes down with it.
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The user or group id of Debian's `dovecot` system user. */
function systemId(flag: '-u' | '-g') {
  return Number(execFileSync('id', [flag, 'dovecot']).toString().trim());
}

/** A mail program of one of the server's users: sends through its SMTP server, signed in. */
export function mailProgramOf(server: TestMailServer, user: TestMailUser) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.smtpPort,
    secure: false,
    ignoreTLS: true,
    auth: { user: user.address, pass: user.password },
  });
}

/** Every message of one of a user's folders, parsed, in order. */
export async function folderOf(server: TestMailServer, user: TestMailUser, folder = 'INBOX') {
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port: server.imapPort,
    secure: false,
    auth: { user: user.address, pass: user.password },
    logger: false,
  });
  await imap.connect();
  const sources: Buffer[] = [];
  const lock = await imap.getMailboxLock(folder);
  try {
    if (imap.mailbox && imap.mailbox.exists) {
      for await (const message of imap.fetch('1:*', { source: true })) {
        if (message.source) sources.push(message.source);
      }
    }
  } finally {
    lock.release();
    await imap.logout();
  }
  return Promise.all(sources.map((source) => simpleParser(source)));
}
