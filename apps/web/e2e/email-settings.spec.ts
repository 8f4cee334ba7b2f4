import { es } from '@cartera/domain/i18n';
import { startTestMailServer, type TestMailServer } from '../../server/src/testing/mail-server';
import { expect, personalEmailFlag, signIn, test, unexpectedErrors } from './fixtures';
import { setTestServers } from './mailbox';

const t = es.email;
const MAILBOX = { address: 'vendedor@correo.test', password: 'clave-de-aplicacion' };

let mail: TestMailServer;

test.beforeAll(async () => {
  mail = await startTestMailServer();
  mail.addUser(MAILBOX);
});

test.afterAll(async () => {
  await mail?.stop();
});

/**
 * 'Correo personal' in 'Ajustes' (issue #38 item 1) against a real Dovecot and SMTP server on
 * 127.0.0.1: the seller connects the mailbox (servers proposed from the address, then set by
 * hand), a wrong password is told in Spanish and stores nothing, and disconnecting removes it.
 */
test('un vendedor conecta su correo por IMAP y SMTP, ve el error de una contraseña equivocada y lo desconecta', async ({
  page,
  browserErrors,
}) => {
  await personalEmailFlag(page, 1);
  try {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: t.title });
    await expect(panel.getByText(t.none)).toBeVisible();

    await panel.getByRole('button', { name: t.connect }).click();
    const dialog = page.getByRole('dialog', { name: t.connectTitle });
    await dialog.getByRole('textbox', { name: t.address }).fill(MAILBOX.address);
    // The usual names of the domain's servers are proposed.
    const incoming = dialog.getByRole('group', { name: t.incoming });
    const outgoing = dialog.getByRole('group', { name: t.outgoing });
    await expect(incoming.getByRole('textbox', { name: t.host })).toHaveValue('imap.correo.test');
    await expect(outgoing.getByRole('textbox', { name: t.host })).toHaveValue('smtp.correo.test');

    await setTestServers(page, dialog, mail);
    await dialog.getByLabel(t.password).fill('equivocada');
    await dialog.getByRole('button', { name: t.connect }).click();
    await expect(
      dialog.getByText(
        'El servidor IMAP rechazó el usuario o la contraseña. Revisa la contraseña; si tu correo usa verificación en dos pasos, crea una contraseña de aplicación.',
      ),
    ).toBeVisible();

    await dialog.getByLabel(t.password).fill(MAILBOX.password);
    await dialog.getByRole('button', { name: t.connect }).click();
    await expect(dialog).toHaveCount(0);
    const row = panel.getByRole('row').filter({ hasText: MAILBOX.address });
    await expect(row).toContainText(t.connected);
    await expect(row).toContainText(`127.0.0.1:${mail.imapPort}`);
    await expect(panel).not.toContainText(MAILBOX.password);

    // Still there after a reload: it was stored.
    await page.reload();
    await expect(row).toContainText(t.connected);
    await panel.screenshot({ path: 'test-results/email-settings-desk.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toContainText(t.connected);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/email-settings-phone.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: `${t.disconnect} ${MAILBOX.address}` }).click();
    const confirm = page.getByRole('dialog', { name: t.disconnect });
    await confirm.getByRole('button', { name: t.disconnect }).click();
    await expect(panel.getByText(t.none)).toBeVisible();
    expect(unexpectedErrors(browserErrors, [422])).toEqual([]);
  } finally {
    await personalEmailFlag(page, null);
  }
});
