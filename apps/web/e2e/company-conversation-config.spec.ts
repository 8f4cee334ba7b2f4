import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
} from './fixtures';
import { openContact } from './conversations';

/**
 * The conversation configuration editors of 'Mi Empresa' (/company, issue #17): a comercial
 * user creates an internal shortcut and a visit result; a seller opens the shortcut from a
 * contact's conversation (its floating window frames the address filled from the contact and
 * the seller) and is offered the result in 'Visita'. The database is shared by every test of a
 * run, so titles and codes are unique.
 */

const text = es.company;
const c = es.conversation.composer;

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The shortcut's site, answered here: the browser test reaches no real address. */
const CRM = 'https://crm.example.com';

test('un acceso directo interno y un resultado de visita de Mi Empresa llegan a la conversación del vendedor', async ({
  page,
  signedInPage,
  browserErrors,
}) => {
  // Two users sign in, one after the other: more than one test's usual time on a busy machine.
  test.setTimeout(60_000);
  const unique = uniqueLetters();
  const title = `Ficha ${unique}`;
  const result = `Demostración ${unique}`;
  await signIn(page, 'comercial@demo.test');
  await page.goto('/company');
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();

  // The shortcut: the client's Spanish errors first, nothing sent.
  const shortcuts = section(page, text.shortcuts.title);
  await shortcuts.getByRole('button', { name: text.shortcuts.create }).click();
  const dialog = page.getByRole('dialog', { name: text.shortcuts.createTitle });
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(dialog.getByText(text.shortcuts.titleRequired)).toBeVisible();
  await expect(dialog.getByText(text.shortcuts.urlRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: text.shortcuts.titleLabel }).fill(title);
  const url = dialog.getByRole('textbox', { name: text.shortcuts.url });
  await url.fill('crm.example.com/ficha?nombre={{contact.firstName}}');
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(dialog.getByText(text.shortcuts.urlInvalid)).toBeVisible();
  await url.fill(`${CRM}/ficha?nombre={{contact.firstName}}&vendedor={{user.email}}`);
  await expect(
    dialog.getByRole('radio', { name: text.shortcuts.redirectionTypes.internal }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shortcuts.getByRole('row').filter({ hasText: title })).toContainText(
    text.shortcuts.redirectionTypes.internal,
  );

  // The visit result.
  const visits = section(page, text.visits.title);
  await visits.getByRole('button', { name: text.visits.create }).click();
  const visitDialog = page.getByRole('dialog', { name: text.visits.createTitle });
  await visitDialog.getByRole('textbox', { name: text.code }).fill(`demo-${unique}`);
  await visitDialog.getByRole('textbox', { name: text.name }).fill(result);
  await visitDialog.getByRole('button', { name: text.save }).click();
  await expect(visitDialog).toHaveCount(0);
  await expect(visits.getByRole('row').filter({ hasText: result })).toBeVisible();

  // A shortcut whose whole address comes from the contact, which has none (03 §5 toast).
  await trpcMutation(page, 'catalog.createShortcut', {
    title: `Sitio ${unique}`,
    url: '{{contact.additionalData.sitio}}',
    redirectionType: 'external',
  });

  // The seller's conversation.
  const seller = await signedInPage('vendedor@demo.test');
  const sellerErrors: string[] = [];
  seller.on('pageerror', (error) => sellerErrors.push(error.message));
  await seller.route(`${CRM}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>CRM</title><h1>Ficha del cliente</h1>',
    }),
  );
  const firstName = 'Ana María';
  const contact = await createTestContact(seller, firstName);
  await openContact(seller, contact);

  await seller.getByTestId('composer').getByRole('button', { name: title, exact: true }).click();
  const floating = seller.getByRole('dialog', { name: title });
  await expect(floating).toBeVisible();
  const expected = `${CRM}/ficha?nombre=${encodeURIComponent(firstName)}&vendedor=${encodeURIComponent('vendedor@demo.test')}`;
  // Framed through /api/frame, which lets the configured page in (issue #30 S13).
  await expect(floating.locator('iframe')).toHaveAttribute(
    'src',
    `/api/frame?url=${encodeURIComponent(expected)}`,
  );
  await expect(
    seller
      .frameLocator(`iframe[title="${title}"]`)
      .frameLocator('iframe')
      .getByRole('heading', { name: 'Ficha del cliente' }),
  ).toBeVisible();
  // 03 §9: it opens at 425 × 300; 'Ampliar' gives the framed page 1080 × 720 (as much as fits).
  const size = async () => {
    const box = (await floating.boundingBox())!;
    return [Math.round(box.width), Math.round(box.height)];
  };
  expect(await size()).toEqual([425, 300]);
  await floating.getByRole('button', { name: es.conversation.shortcut.enlarge }).click();
  const viewport = seller.viewportSize()!;
  expect(await size()).toEqual([
    Math.min(1080, viewport.width - 48),
    Math.min(720, viewport.height - 48),
  ]);
  await floating.getByRole('button', { name: es.conversation.shortcut.restore }).click();
  expect(await size()).toEqual([425, 300]);
  // 03 §5: resizable from its corner, never smaller than 200 × 150.
  const corner = (await floating.getByTestId('shortcut-window-resize').boundingBox())!;
  await seller.mouse.move(corner.x + 8, corner.y + 8);
  await seller.mouse.down();
  await seller.mouse.move(corner.x - 1000, corner.y - 1000, { steps: 4 });
  await seller.mouse.up();
  const smallest = (await floating.boundingBox())!;
  expect([Math.round(smallest.width), Math.round(smallest.height)]).toEqual([200, 150]);
  await floating
    .getByRole('button', { name: format(es.conversation.shortcut.close, { title }) })
    .click();
  await expect(floating).toHaveCount(0);

  await seller
    .getByTestId('composer')
    .getByRole('button', { name: `Sitio ${unique}`, exact: true })
    .click();
  await expect(seller.getByText(es.conversation.shortcut.invalidUrl)).toBeVisible();
  // 2000 ms later it is gone.
  await expect(seller.getByText(es.conversation.shortcut.invalidUrl)).toHaveCount(0, {
    timeout: 5_000,
  });

  // The info panel lists it too.
  const panel = seller.getByRole('complementary', { name: es.conversation.infoPanel.label });
  await panel.getByRole('button', { name: es.conversation.infoPanel.shortcuts }).click();
  await expect(panel.getByRole('button', { name: title })).toBeVisible();

  // 'Visita' offers the new result.
  await seller.getByRole('button', { name: c.visit, exact: true }).click();
  const visit = seller.getByRole('dialog', { name: c.visitTitle });
  await visit.getByRole('combobox', { name: c.visitResult }).click();
  await seller.getByRole('option', { name: result }).click();
  await visit.getByRole('textbox', { name: c.visitComment }).fill(`Visita ${unique}`);
  await visit.getByRole('button', { name: c.save }).click();
  await expect(visit).toHaveCount(0);
  await expect(seller.getByTestId('timeline').getByText(`Resultado: ${result}`)).toBeVisible();

  // The shortcuts leave the shared demo data (every later test's conversations) as they were.
  const all = await trpcQuery<Array<{ id: string; title: string }>>(
    page,
    'catalog.shortcuts',
    undefined,
  );
  for (const shortcut of all.filter((each) => each.title.endsWith(unique))) {
    await trpcMutation(page, 'catalog.deleteShortcut', { id: shortcut.id });
  }
  expect(sellerErrors).toEqual([]);
  expect(browserErrors).toEqual([]);
});
