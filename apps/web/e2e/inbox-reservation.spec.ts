import type { Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { expect, settle, signIn, test, trpcQuery, unexpectedErrors } from './fixtures';

/**
 * The reserved contact of 'Inbox' (03 §4, docs/decisions.md): a seller opens an unassigned
 * contact from 'Inbox' to look at it, with a countdown; meanwhile another seller no longer finds
 * it in their 'Inbox' and cannot take it; 'Obtener' on the conversation makes it the first
 * seller's. The end of the countdown itself (two minutes) is proved on the server.
 */

const text = es.conversation.inbox;

async function inboxCount(page: Page) {
  const heading = page.getByRole('heading', { level: 1, name: /^Inbox \(\d+\)$/ });
  await expect(heading).toBeVisible();
  return Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);
}

async function unassignedIds(page: Page) {
  const page1 = await trpcQuery<{ items: { id: string }[] }>(page, 'inbox.unassigned', {});
  return page1.items.map((item) => item.id);
}

/** Opens the first contact of the user's 'Inbox' (which reserves it): its name and id. */
async function openFirstUnassigned(page: Page) {
  await page.goto('/contact/unassigned');
  const first = page
    .getByRole('list', { name: text.unassignedTitle })
    .getByRole('listitem')
    .first();
  const name = (await first.getByTestId('inbox-name').textContent()) ?? '';
  await first.getByRole('button', { name: format(text.openContact, { name }) }).click();
  await expect(page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}&inbox=unassigned/);
  return { name, id: /id=([0-9a-f-]{36})/.exec(page.url())![1]! };
}

test.describe('Inbox: contacto reservado', () => {
  test('abrir un contacto del Inbox lo reserva con cuenta regresiva, otro vendedor no lo ve, y Obtener lo toma', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    // Two sellers, two sessions and about thirty steps: some 15 s on an idle machine, and twice
    // that on CI, where two workers each run a server and a browser on two cores.
    test.setTimeout(60_000);
    const other = await signedInPage('vendedora@demo.test');
    await signIn(page, 'vendedor@demo.test');

    await other.goto('/contact/unassigned');
    const before = await inboxCount(other);
    expect(before).toBeGreaterThan(0);

    const { name, id } = await openFirstUnassigned(page);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('contact-agent')).toHaveText(
      `${es.contacts.agent}: ${es.contacts.noAgent}`,
    );
    const countdown = page.getByTestId('reservation-countdown');
    await expect(countdown).toHaveText(/^Reservado para ti: (2:00|1:[0-5]\d)$/);
    // It counts down (refreshed every 200 ms).
    const shown = await countdown.textContent();
    await expect(countdown).not.toHaveText(shown ?? '', { timeout: 3_000 });
    await expect(page.getByText(text.reservedHint)).toBeVisible();
    // It belongs to 'Inbox': the menu marks it and the back link returns there.
    const menu = page.getByRole('navigation', { name: es.shell.mainMenu });
    await expect(menu.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('data-active', 'true');
    await expect(menu.getByRole('link', { name: 'Conversaciones' })).not.toHaveAttribute(
      'data-active',
    );
    await expect(
      page.getByRole('link', { name: format(es.contacts.backTo, { name: 'Inbox' }) }),
    ).toHaveAttribute('href', '/contact/unassigned');
    // Nothing is done with it before taking it: no composer, no actions.
    const archive = page.getByRole('button', {
      name: es.conversation.actions.archive,
      exact: true,
    });
    await expect(archive).toHaveCount(0);
    await expect(page.getByRole('button', { name: es.conversation.actions.unarchive })).toHaveCount(
      0,
    );
    await expect(page.getByTestId('composer')).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: 'test-results/inbox-reserved-contact.png' });

    // The other seller: not in their 'Inbox' nor its count, and their 'Obtener' is refused.
    await other.reload();
    await expect(
      other.getByRole('heading', { level: 1, name: `Inbox (${before - 1})` }),
    ).toBeVisible();
    expect(await unassignedIds(other)).not.toContain(id);
    const refused = await other.request.post('/api/trpc/contact.takeOver', {
      data: { json: { contactId: id } },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(errorMessage('CONTACT_RESERVED'));

    // 'Obtener' on the conversation: the contact is the seller's, with the composer back.
    await page
      .getByTestId('reservation-bar')
      .getByRole('button', { name: text.take, exact: true })
      .click();
    await expect(page.getByText(es.contacts.takenTitle)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/contact\\?inbox=[0-9a-f-]{36}&id=${id}`));
    await expect(page.getByTestId('contact-agent')).toHaveText(
      `${es.contacts.agent}: Valentín Vendedor`,
    );
    await expect(page.getByTestId('reservation-countdown')).toHaveCount(0);
    await expect(archive).toBeVisible();
    await expect(page.getByTestId('composer')).toBeVisible();

    // Taken, it stays out of the other seller's 'Inbox'.
    await other.reload();
    await expect(
      other.getByRole('heading', { level: 1, name: `Inbox (${before - 1})` }),
    ).toBeVisible();
    expect(await unassignedIds(other)).not.toContain(id);
    expect(browserErrors).toEqual([]);
  });

  test('al llegar a cero vuelve al Inbox con un aviso y el contacto queda libre para los demás', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    // The page's clock, moved ahead below instead of waiting two minutes.
    await page.clock.install();
    const { id } = await openFirstUnassigned(page);
    await expect(page.getByTestId('reservation-countdown')).toHaveText(/1:5\d|2:00/);

    await page.clock.fastForward('02:05');
    await expect(page.getByText(text.reservationExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/unassigned$/);

    // Given up on the server: another seller finds it in 'Inbox' again.
    const other = await signedInPage('vendedora@demo.test');
    await expect.poll(async () => unassignedIds(other)).toContain(id);
    // Moving the clock two minutes fires every timer of the page at once: a read of the contact
    // that leaves after the release is refused with 404 (the seller no longer holds it), which
    // the browser notes. Found in a loaded check run; nothing else may show.
    expect(unexpectedErrors(browserErrors, [404])).toEqual([]);
  });

  test('cerrar la pestaña libera el contacto en el momento', async ({ signedInPage }) => {
    const page = await signedInPage('vendedor@demo.test');
    const { id } = await openFirstUnassigned(page);
    await expect(page.getByTestId('reservation-countdown')).toBeVisible();

    const other = await signedInPage('vendedora@demo.test');
    expect(await unassignedIds(other)).not.toContain(id);

    await page.close({ runBeforeUnload: true });
    // Well before the two minutes run out, the others find it again.
    await expect.poll(async () => unassignedIds(other), { timeout: 10_000 }).toContain(id);
  });
});
