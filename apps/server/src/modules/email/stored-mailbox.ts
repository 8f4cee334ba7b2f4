import type { ImapFlow } from 'imapflow';
import type { EmailAccount } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { openSecret } from '../../lib/secret-box';
import { openImap } from '../../providers/mail/mail-servers';
import { updateEmailAccountSync } from './email.repository';

/**
 * Signs in to an IMAP mailbox with its stored password, for its owner's work (the sync, the
 * watcher, 'Crear contacto'). A refused password marks the mailbox ('error', shown in 'Ajustes'
 * to connect it again) and answers null; other failures throw. Null too for a mailbox with no
 * stored server or password.
 */
export async function openStoredMailbox(
  deps: AppDeps,
  account: EmailAccount,
): Promise<ImapFlow | null> {
  if (!account.config.imap || !account.secrets) return null;
  try {
    return await openImap(account.config.imap, {
      username: account.config.username ?? account.address,
      password: openSecret(account.secrets),
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'EMAIL_AUTH_FAILED') {
      await updateEmailAccountSync(deps.db, account.tenantId, account.id, {
        status: 'error',
        statusReason: error.code,
      });
      return null;
    }
    throw error;
  }
}
