import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import { openConversation } from './conversations';
import {
  createTestContact,
  expect,
  noteComposer,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
} from './fixtures';

/**
 * 'Respuestas rápidas' (/settings/quick-replies, issue #43 item 5): a reply made on the screen
 * is offered by '/' in the composer (the Done-when); company replies are for those who
 * manage them, with voice notes uploaded through the files module. Every test removes what it
 * made.
 */

const t = es.quickReplies;
const c = es.conversation.composer;
const PATH = '/settings/quick-replies';
const PHONE = { width: 390, height: 844 };

const table = (page: Page) => page.getByRole('table', { name: t.list });

/** Removes what a test left behind if it stopped before deleting it on the screen. */
async function removeTitled(page: Page, scope: 'personal' | 'company', title: string) {
  const replies = await trpcQuery<Array<{ id: string; title: string }>>(page, 'template.list', {
    scope,
  });
  for (const reply of replies.filter((each) => each.title === title)) {
    await trpcMutation(page, 'template.remove', { id: reply.id });
  }
}

test('una respuesta rápida creada en su pantalla se ofrece con / en la conversación', async ({
  page,
  browserErrors,
}, testInfo) => {
  const title = `Envio ${uniqueLetters()}`;
  const message = 'Hola {{contact.firstName}}, el envío sale mañana por la mañana.';
  await signIn(page, 'vendedor@demo.test');
  try {
    // From 'Configuración' to the screen.
    await page.goto('/settings');
    await page.getByRole('region', { name: t.title }).getByRole('link', { name: t.open }).click();
    await expect(page).toHaveURL(PATH);
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    // A seller manages their own replies only.
    await expect(page.getByRole('radiogroup', { name: t.scope })).toHaveCount(0);
    await expect(table(page).getByText('Mi firma')).toBeVisible();

    await page.getByRole('button', { name: t.create }).click();
    const dialog = page.getByRole('dialog', { name: t.createTitle });
    // Nothing filled: the Spanish reasons under the fields, nothing sent.
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByText(t.titleRequired)).toBeVisible();
    await expect(dialog.getByText(t.messageRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: t.titleLabel }).fill(title);
    await dialog.getByRole('textbox', { name: t.message }).fill(message);
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog).toBeHidden();
    const row = table(page).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(t.types['message-text']!);

    // An e-mail template asks for its subject and body.
    await page.getByRole('button', { name: t.create }).click();
    await dialog.getByRole('radiogroup', { name: t.type }).getByText(t.types.email!).click();
    await dialog.getByRole('textbox', { name: t.titleLabel }).fill(`${title} correo`);
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByText(t.subjectRequired)).toBeVisible();
    await expect(dialog.getByText(t.bodyRequired)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('quick-reply-email-desk.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The search keeps the matching replies only (accents and case ignored).
    await page.getByRole('textbox', { name: t.search }).fill('ENVÍO SALE');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('quick-replies-desk.png'), fullPage: true });
    await page.getByRole('textbox', { name: t.search }).fill('zzzz nada');
    await expect(page.getByText(t.noMatches)).toBeVisible();
    await page.getByRole('textbox', { name: t.search }).fill('');

    // The composer offers it with '/' and fills the contact's name in.
    const contact = await createTestContact(page, 'Rápida');
    await openConversation(page, contact.id);
    const composer = await noteComposer(page);
    await composer.fill(`/${title.split(' ')[1]}`);
    const list = page.getByRole('listbox', { name: c.quickReplies });
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option', { name: new RegExp(`^${title}`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await composer.press('Enter');
    await expect(composer).toHaveValue('Hola Rápida, el envío sale mañana por la mañana.');

    // Edited, then deleted after the confirmation, with the keyboard.
    await page.goto(PATH);
    await row.getByRole('button', { name: format(t.edit, { title }) }).click();
    const edit = page.getByRole('dialog', { name: t.editTitle });
    await edit.getByRole('textbox', { name: t.message }).fill('El envío sale hoy.');
    await edit.getByRole('button', { name: t.save }).click();
    await expect(row).toContainText('El envío sale hoy.');
    await row.getByRole('button', { name: format(t.delete, { title }) }).click();
    const confirm = page.getByRole('dialog', { name: t.deleteTitle });
    await expect(confirm).toContainText(title);
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  } finally {
    await removeTitled(page, 'personal', title);
  }
});

test('un comercial crea una nota de voz de la empresa; en el teléfono se lee entera', async ({
  page,
  browserErrors,
}, testInfo) => {
  const title = `Audio ${uniqueLetters()}`;
  await signIn(page, 'comercial@demo.test');
  try {
    // The user menu leads there too.
    await page.goto('/');
    await page.getByRole('button', { name: new RegExp(es.shell.userMenu) }).click();
    await page.getByRole('menuitem', { name: t.title }).click();
    await expect(page).toHaveURL(PATH);
    await page.getByRole('radiogroup', { name: t.scope }).getByText(t.scopes.company).click();
    await expect(page.getByText(t.scopeIntro.company)).toBeVisible();

    await page.getByRole('button', { name: t.create }).click();
    const dialog = page.getByRole('dialog', { name: t.createTitle });
    await dialog.getByRole('textbox', { name: t.titleLabel }).fill(title);
    await dialog
      .getByRole('radiogroup', { name: t.type })
      .getByText(t.types['voice-note']!)
      .click();
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByText(t.audioRequired)).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: t.audioPick }).click();
    await (
      await chooser
    ).setFiles({
      name: 'bienvenida.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('ID3 nota de voz de prueba'),
    });
    await expect(dialog.getByText('bienvenida.mp3')).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.audioReplace })).toBeVisible();
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog).toBeHidden();
    const row = table(page).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(t.types['voice-note']!);

    await page.setViewportSize(PHONE);
    await expect(row).toBeVisible();
    await settle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: testInfo.outputPath('quick-replies-phone.png'), fullPage: true });
    await row.getByRole('button', { name: format(t.edit, { title }) }).click();
    await page.screenshot({ path: testInfo.outputPath('quick-reply-dialog-phone.png') });
    await page
      .getByRole('dialog', { name: t.editTitle })
      .getByRole('button', { name: t.cancel })
      .click();

    await row.getByRole('button', { name: format(t.delete, { title }) }).click();
    await page
      .getByRole('dialog', { name: t.deleteTitle })
      .getByRole('button', { name: es.fields.delete })
      .click();
    await expect(row).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  } finally {
    await removeTitled(page, 'company', title);
  }
});
