import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  expect,
  signIn,
  test,
  trpcMutation,
  uniqueLetters,
} from './fixtures';

/**
 * Issue #33 item 5, from the keyboard only (page.keyboard, no mouse event): the seller moves
 * down 'Conversaciones' with j and opens the third conversation with Enter, the composer has the
 * focus, a note is written (a 'j' typed there is text, not a shortcut), Alt+↓ goes to the next
 * unread conversation and the command menu (Ctrl+K) archives it through the chat's own dialog, '?' opens the shortcuts sheet and Escape
 * closes it, and Escape leaves the text box, then the chat. The test makes its own contacts,
 * newest in the seller's list.
 */

const k = es.keyboard;
const inbox = es.conversation.inbox;
const actions = es.conversation.actions;

type Contact = Awaited<ReturnType<typeof createTestContact>>;

/** The composer's field in focus: its text box, or a closed reply window's template search. */
const composerFocus = (page: Page) => page.getByTestId('composer').locator(':focus');

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('del teclado solo: abrir la tercera conversación, escribir, archivarla desde el menú de comandos y ver los atajos', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'vendedor@demo.test');
  const surname = uniqueLetters();
  // Four conversations, each with a note: the newest on top, so the second made is the third;
  // the fourth (the first made) is unread, as if its customer had written.
  const made = [];
  for (const first of ['Cuarta', 'Tercera', 'Segunda', 'Primera']) {
    const contact = await createTestContact(page, first, { lastName: surname });
    await trpcMutation(page, 'interaction.createNote', {
      contactId: contact.id,
      id: clientId(),
      body: `Nota de ${first}`,
    });
    made.push(contact);
  }
  const [fourth, third, second] = made as [Contact, Contact, Contact];
  await trpcMutation(page, 'inbox.markUnread', { contactId: fourth.id });

  await page.goto('/contact');
  const rows = page.getByRole('list', { name: inbox.conversationsTitle });
  await expect(rows.getByRole('listitem').first()).toContainText(`Primera ${surname}`);

  // j three times: the first, the second, the third row; k back up one and j down again.
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('j');
  expect(await focusedText(page)).toContain(third.name);
  await page.keyboard.press('k');
  expect(await focusedText(page)).toContain(second.name);
  await page.keyboard.press('ArrowDown');
  expect(await focusedText(page)).toContain(third.name);

  // The list is one stop of Tab: Tab from the row leaves the list, Shift+Tab comes back to it.
  await page.keyboard.press('Tab');
  await expect(rows.locator(':focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  expect(await focusedText(page)).toContain(third.name);

  // Enter opens it, with the focus in the composer.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contact\\?.*id=${third.id}`));
  await expect(page.getByRole('heading', { name: third.name, level: 1 })).toBeVisible();
  await expect(composerFocus(page)).toHaveCount(1);

  // The command menu turns the composer into a note, whatever mode it started in.
  await page.keyboard.press('Control+k');
  const menu = page.getByRole('dialog', { name: k.menuTitle });
  await expect(menu).toBeVisible();
  // Its text box takes the focus a moment after the dialog shows (Mantine's focus trap).
  await expect(menu.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('nota');
  await expect(menu.getByRole('option', { name: k.chatNote })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  const note = page.getByRole('textbox', { name: es.conversation.composer.note, exact: true });
  await expect(note).toBeFocused();

  // A 'j' (and a '?') typed in the text box is text; Enter sends it.
  const reply = `justo lo que buscaba ${surname}?`;
  await page.keyboard.type(reply);
  await expect(note).toHaveValue(reply);
  await expect(page).toHaveURL(new RegExp(`id=${third.id}`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('timeline').getByTestId('timeline-item').filter({ hasText: reply }),
  ).toBeVisible();

  // Escape leaves the text box; then '?' opens the shortcuts sheet and Escape closes it.
  await page.keyboard.press('Escape');
  await expect(page.locator('textarea:focus, input:focus')).toHaveCount(0);
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: k.sheetTitle });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(k.shortcuts.commandMenu)).toBeVisible();
  await expect(sheet.getByText(k.shortcuts.nextUnread)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`id=${third.id}`));

  // Alt+↓: the next unread conversation of the list, with the focus in its composer.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(new RegExp(`/contact\\?.*id=${fourth.id}`));
  await expect(page.getByRole('heading', { name: fourth.name, level: 1 })).toBeVisible();
  await expect(composerFocus(page)).toHaveCount(1);

  // It is archived from the command menu, through the chat's own archive dialog.
  await page.keyboard.press('Control+k');
  await expect(menu).toBeVisible();
  await page.keyboard.type('archivar');
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: actions.archiveTitle });
  await expect(picker.getByRole('radio').first()).toBeVisible();
  await expect(picker.getByRole('textbox', { name: actions.archiveSearch })).toBeFocused();
  await page.keyboard.type('interes');
  await expect(picker.getByRole('radio')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(picker.getByRole('radio', { name: 'Sin interés' })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(
    page.getByRole('group', { name: actions.chipsLabel }).getByText('Archivado: Sin interés'),
  ).toBeVisible();

  // With nothing open, Escape leaves the chat for the list it came from.
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/id=/);
  await expect(page.getByRole('heading', { name: inbox.conversationsTitle })).toBeVisible();

  // The command menu finds a contact by name and opens it.
  await page.keyboard.press('Control+k');
  await expect(menu).toBeVisible();
  await page.keyboard.type(second.name);
  const found = menu.getByRole('option', { name: new RegExp(second.name) });
  await expect(found).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`id=${second.id}`));
  await expect(page.getByRole('heading', { name: second.name, level: 1 })).toBeVisible();

  expect(browserErrors).toEqual([]);
});
