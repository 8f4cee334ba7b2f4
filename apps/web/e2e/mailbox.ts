import type { Locator, Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import type { TestMailServer } from '../../server/src/testing/mail-server';
import { expect, personalEmailFlag, signIn, trpcMutation, trpcQuery } from './fixtures';

const t = es.email;

/** In the open 'Conectar correo' dialog: both servers set to the test mail server, unencrypted. */
export async function setTestServers(page: Page, dialog: Locator, mail: TestMailServer) {
  for (const [group, port] of [
    [dialog.getByRole('group', { name: t.incoming }), mail.imapPort],
    [dialog.getByRole('group', { name: t.outgoing }), mail.smtpPort],
  ] as const) {
    await group.getByRole('textbox', { name: t.host }).fill('127.0.0.1');
    await group.getByRole('textbox', { name: t.port }).fill(String(port));
    await group.getByLabel(t.security, { exact: true }).click();
    await page.getByRole('option', { name: t.securityOptions.none }).click();
  }
}

/**
 * The signed-in user connects a mailbox of the test mail server in 'Ajustes' › 'Correo personal',
 * as a user does, and sees it connected.
 */
export async function connectMailbox(
  page: Page,
  mail: TestMailServer,
  mailbox: { address: string; password: string },
) {
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: t.title });
  await panel.getByRole('button', { name: t.connect }).click();
  const dialog = page.getByRole('dialog', { name: t.connectTitle });
  await dialog.getByRole('textbox', { name: t.address }).fill(mailbox.address);
  await setTestServers(page, dialog, mail);
  await dialog.getByLabel(t.password).fill(mailbox.password);
  await dialog.getByRole('button', { name: t.connect }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('row').filter({ hasText: mailbox.address })).toContainText(
    t.connected,
  );
}

/**
 * After an e-mail test: the demo seller's mailboxes go and 'Correo personal' is off again, as
 * the other tests of the worker's server expect.
 */
export async function clearSellerMailboxes(page: Page) {
  await signIn(page, 'vendedor@demo.test');
  const accounts = await trpcQuery<Array<{ id: string }>>(page, 'email.accounts', undefined);
  for (const account of accounts) {
    await trpcMutation(page, 'email.disconnect', { id: account.id });
  }
  await personalEmailFlag(page, null);
}
