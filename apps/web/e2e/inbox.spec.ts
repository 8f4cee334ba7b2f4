import type { Locator, Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  unexpectedErrors,
  uniqueLetters,
} from './fixtures';

/**
 * The inboxes (issue #6): 'Conversaciones' at '/contact' by last interaction, a seller's inbox
 * for a supervisor, and the unassigned 'Inbox' with its count. The database is shared by the
 * whole run, so each test writes on its own new contacts.
 */

const text = es.conversation.inbox;
/** A new contact of the signed-in user with a note written just now: the newest conversation. */
async function talkedToContact(page: Page): Promise<{ id: string; name: string }> {
  const lastName = uniqueLetters();
  const { id } = await createTestContact(page, 'Bandeja', { lastName });
  await trpcMutation(page, 'interaction.createNote', {
    contactId: id,
    id: clientId(),
    body: `Hablamos hoy ${lastName}`,
  });
  return { id, name: `Bandeja ${lastName}` };
}

const list = (page: Page, label: string) => page.getByRole('list', { name: label });

/** Pages through the list ('Cargar más') until the target shows up. */
async function loadUntilVisible(page: Page, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) {
      await page.getByRole('button', { name: text.loadMore }).click({ timeout: 2_000 });
    }
    await expect(target).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('bandejas', () => {
  test('Conversaciones muestra primero la última conversación, marca las desatendidas y abre el contacto', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await talkedToContact(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: es.shell.mainMenu })
      .getByRole('link', { name: 'Conversaciones' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: text.conversationsTitle })).toBeVisible();

    const conversations = list(page, text.conversationsTitle);
    const first = conversations.getByRole('listitem').first();
    await expect(first.getByTestId('inbox-name')).toHaveText(contact.name);
    // Today: the time of day.
    await expect(first.getByTestId('inbox-time')).toHaveText(/^\d\d:\d\d$/);
    await expect(first.getByTestId('inbox-unattended')).toHaveCount(0);

    // The demo's long conversation, and an old one marked unattended (more than 24 h).
    await loadUntilVisible(
      page,
      conversations.getByTestId('inbox-name').filter({ hasText: 'Martina Conversadora' }),
    );
    const unattended = conversations
      .getByRole('listitem')
      .filter({ has: page.getByTestId('inbox-unattended') })
      .first();
    await loadUntilVisible(page, unattended);
    await expect(unattended).toContainText(text.unattended);
    await settle(page);
    await page.screenshot({ path: 'test-results/inbox-conversations.png' });

    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?.*id=${contact.id}`));
    await expect(page).toHaveURL(/inbox=me/);
    expect(browserErrors).toEqual([]);
  });

  test('un supervisor ve la bandeja de un vendedor', async ({ page, browserErrors }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await talkedToContact(page);
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: text.conversationsTitle })).toBeVisible();

    await page.getByRole('combobox', { name: text.viewInboxOf }).click();
    await page.getByRole('option', { name: 'Valentín Vendedor', exact: true }).click();
    await expect(page).toHaveURL(/agent=[0-9a-f-]{36}/);
    const agentId = /agent=([0-9a-f-]{36})/.exec(page.url())![1]!;

    const first = list(page, text.conversationsTitle).getByRole('listitem').first();
    await expect(first.getByTestId('inbox-name')).toHaveText(contact.name);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?.*id=${contact.id}`));
    await expect(page).toHaveURL(new RegExp(`inbox=${agentId}`));

    // Back in the inbox, clearing the choice shows the supervisor's own.
    await page.goBack();
    await expect(page.getByRole('combobox', { name: text.viewInboxOf })).toHaveValue(
      'Valentín Vendedor',
    );
    expect(browserErrors).toEqual([]);
  });

  test('si la bandeja no carga lo dice y se puede volver a intentar', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await talkedToContact(page);
    await page.goto('/');
    let failing = true;
    await page.route(/\/api\/trpc\/[^?]*inbox\.conversations/, async (route) => {
      if (!failing) return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        json: [
          {
            error: {
              json: {
                message: 'Error',
                code: -32603,
                data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
              },
            },
          },
        ],
      });
    });
    await page
      .getByRole('navigation', { name: es.shell.mainMenu })
      .getByRole('link', { name: 'Conversaciones' })
      .click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();

    failing = false;
    await alert.getByRole('button', { name: es.app.retry }).click();
    const first = list(page, text.conversationsTitle).getByRole('listitem').first();
    await expect(first.getByTestId('inbox-name')).toHaveText(contact.name);
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });

  test('Inbox: obtener un contacto sin asignar lo abre y baja la cuenta', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/contact/unassigned');
    const heading = page.getByRole('heading', { level: 1, name: /^Inbox \(\d+\)$/ });
    await expect(heading).toBeVisible();
    const before = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);
    expect(before).toBeGreaterThan(0);
    const badge = page.getByTestId('menu-inbox-count');
    await expect(badge).toHaveText(String(before));
    // Only 'Inbox' is the current entry, though its address lies under '/contact'.
    const menu = page.getByRole('navigation', { name: es.shell.mainMenu });
    await expect(menu.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('data-active', 'true');
    await expect(menu.getByRole('link', { name: 'Conversaciones' })).not.toHaveAttribute(
      'data-active',
    );

    const first = list(page, text.unassignedTitle).getByRole('listitem').first();
    const name = (await first.getByTestId('inbox-name').textContent()) ?? '';
    await settle(page);
    await page.screenshot({ path: 'test-results/inbox-unassigned.png' });
    await first.getByRole('button', { name: text.take }).click();

    await expect(page.getByText(es.contacts.takenTitle)).toBeVisible();
    await expect(page.getByText(es.contacts.takenMessage)).toBeVisible();
    await expect(page).toHaveURL(/\/contact\?inbox=[0-9a-f-]{36}&id=[0-9a-f-]{36}/);
    await expect(badge).toHaveText(String(before - 1));

    // It is now in the seller's own conversations.
    await page.goto('/contact/unassigned');
    await expect(
      page.getByRole('heading', { level: 1, name: `Inbox (${before - 1})` }),
    ).toBeVisible();
    await page.goto('/contact');
    await loadUntilVisible(
      page,
      list(page, text.conversationsTitle)
        .getByTestId('inbox-name')
        .filter({ hasText: name })
        .first(),
    );
    expect(browserErrors).toEqual([]);
  });
});
