import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import { expect, settle, signIn, test, trpcQuery } from './fixtures';

/*
 * The contact map ('Mapa', /contacts/map, issue #44 item 1): the demo's located contacts of the
 * seller, grouped with their counts over the server's own neutral tiles; a group zooms in, a
 * contact's dot opens its conversation; the list's search narrows it; empty and failed loads.
 * It only reads, so it uses the demo seller.
 */

const text = es.contacts.map;
const SELLER = 'vendedor@demo.test';
const WORLD = { south: -85, west: -180, north: 85, east: 180 };
const MONTEVIDEO = { south: -34.95, west: -56.3, north: -34.75, east: -56.0 };

interface MapAnswer {
  total: number;
  points: Array<{ id: string; firstName: string; lastName: string }>;
}

const clusters = (page: Page) => page.getByRole('button', { name: /contactos: acercar$/ });

test('el mapa muestra los contactos con ubicación del vendedor y abre uno', async ({
  page,
  browserErrors,
}) => {
  await signIn(page, SELLER);
  const world = await trpcQuery<MapAnswer>(page, 'contact.map', { zoom: 2, bounds: WORLD });
  expect(world.total).toBeGreaterThan(20);
  const images: URL[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()));
  });

  await page.goto('/');
  // 'Mapa' is in the side menu's 'Clientes', which starts closed.
  await page.getByRole('button', { name: es.menu.groups.contacts }).click();
  await page.getByRole('link', { name: text.title, exact: true }).click();
  await expect(page).toHaveURL(/\/contacts\/map$/);
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
  // Every located contact the seller sees is on the map, in groups with their counts.
  await expect(page.getByText(format(text.count, { n: world.total }))).toBeVisible();
  await expect(clusters(page).first()).toBeVisible();
  const counts = await clusters(page).evaluateAll((markers) =>
    markers.map((marker) => Number(marker.textContent)),
  );
  const singles = await page.getByRole('button', { name: /^Abrir / }).count();
  expect(counts.reduce((sum, count) => sum + count, 0) + singles).toBe(world.total);
  // The tiles are the server's own: nothing is fetched from outside.
  const origin = new URL(page.url()).origin;
  expect(images.some((url) => url.pathname.startsWith('/api/map-tiles/'))).toBe(true);
  expect(images.filter((url) => url.origin !== origin)).toEqual([]);
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('mapa-escritorio.png') });

  // A group zooms in: the map comes closer and shows smaller groups or single contacts.
  const before = await clusters(page).count();
  await clusters(page).first().click();
  await expect
    .poll(
      async () =>
        (await clusters(page).count()) +
        (await page.getByRole('button', { name: /^Abrir / }).count()),
    )
    .not.toBe(before);

  // The list's search narrows the map to one contact, whose dot opens its conversation.
  const close = await trpcQuery<MapAnswer>(page, 'contact.map', { zoom: 17, bounds: MONTEVIDEO });
  const chosen = close.points[0]!;
  const name = `${chosen.firstName} ${chosen.lastName}`;
  await page.getByRole('textbox', { name: es.contacts.search }).fill(name);
  const marker = page.getByRole('button', { name: format(text.open, { name }) });
  await expect(marker).toBeVisible();
  // From the keyboard: the dot is a button, Enter opens it.
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contact\\?id=${chosen.id}`));
  await expect(page.getByRole('heading', { name, level: 1 }).first()).toBeVisible();
  expect(browserErrors).toEqual([]);
});

test('sin contactos que coincidan lo dice, y un error se puede reintentar; en el teléfono', async ({
  page,
  browserErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, SELLER);
  await page.goto('/contacts/map?search=zzqxnadie');
  await expect(page.getByTestId('contact-map-empty')).toHaveText(text.emptyFiltered);
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('mapa-vacio-telefono.png') });

  // The first load and its two automatic retries fail: the map says so and offers to retry.
  await page.route(
    '**/api/trpc/contact.map?*',
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { json: { message: 'Error', code: -32603, data: { httpStatus: 500 } } } },
        ]),
      }),
    { times: 3 },
  );
  await page.goto('/contacts/map');
  const retry = page.getByRole('button', { name: es.app.retry });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(clusters(page).first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('mapa-telefono.png') });
  expect(browserErrors.filter((error) => !error.includes('500'))).toEqual([]);
});
