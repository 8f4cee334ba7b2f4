import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { expect, expectShellFor, settle, signIn, test, unexpectedErrors } from './fixtures';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });
const navbar = (page: Page) => page.locator('.mantine-AppShell-navbar');

async function navbarWidth(page: Page) {
  return (await navbar(page).boundingBox())?.width;
}

/** Where the menu collapses on its own (AUTO_COLLAPSE_QUERY in src/shell/use-menu-layout.ts). */
const AUTO_COLLAPSE_QUERY = '(max-width: 1024.98px)';

/**
 * Resizes the window across the menu's breakpoint and waits until the app has seen it. A media
 * query reports a change only when the page next renders: a window resized back before that
 * never crossed the breakpoint for the app. The change listeners run in the order their lists
 * were made, so once this one has run the app's has too, and React has rendered it (a `change`
 * event's update is rendered before the next listener runs).
 */
async function resizeAcrossBreakpoint(page: Page, size: { width: number; height: number }) {
  const change = await page.evaluateHandle((query) => {
    const list = matchMedia(query);
    return {
      reported: new Promise<void>((resolve) =>
        list.addEventListener('change', () => resolve(), { once: true }),
      ),
    };
  }, AUTO_COLLAPSE_QUERY);
  await page.setViewportSize(size);
  await change.evaluate((each) => each.reported);
  await change.dispose();
}

/** 'Inbox' with the count of unassigned contacts beside it. */
const inbox = /^Inbox\s*\d+$/;

test.describe('Menú lateral', () => {
  const clients = es.menu.groups.contacts;
  // Entries as links once every group is opened; groups start closed except 01 §2's three
  // ('Bandeja de entrada' among them).
  for (const [email, name, groups, entries, switches] of [
    [
      'vendedor@demo.test',
      'Valentín Vendedor',
      [clients],
      [
        'Rendimiento',
        'Carteras compartidas',
        inbox,
        'Conversaciones',
        'Solicitudes',
        'Contactos',
        'Empresas',
        'Calendario',
        'Mapa',
      ],
      false,
    ],
    [
      'supervisor@demo.test',
      'Sergio Supervisor',
      [clients],
      [
        'Rendimiento',
        'Reportes',
        'Vendedores',
        'Carteras compartidas',
        inbox,
        'Conversaciones',
        'Solicitudes',
        'Objetivos',
        'Contactos',
        'Empresas',
        'Calendario',
        'Mapa',
        'Historial de acciones',
      ],
      false,
    ],
    // Linked to carla.sur@demo.test.
    [
      'comercial@demo.test',
      'Carla Comercial',
      [clients],
      [
        'Rendimiento',
        'Reportes',
        'Vendedores',
        'Ventas',
        'Crear preventa',
        'Solicitudes',
        'Objetivos',
        'NPS',
        'Carteras compartidas',
        inbox,
        'Conversaciones',
        'Contactos',
        'Empresas',
        'Calendario',
        'Mapa',
        'Historial de acciones',
        'Mi Empresa',
      ],
      true,
    ],
    [
      'admin@demo.test',
      'Ana Administradora',
      [],
      ['Rendimiento', 'Solicitudes', 'Conversaciones', 'Contactos', 'Administración'],
      true,
    ],
    [
      'proyecto@demo.test',
      'Pablo Proyectos',
      [clients],
      [
        'Rendimiento',
        'Reportes',
        'Carteras compartidas',
        inbox,
        'Conversaciones',
        'Objetivos',
        'Contactos',
        'Empresas',
        'Calendario',
        'Mapa',
        'Historial de acciones',
        'NPS',
        'Mi Empresa',
      ],
      false,
    ],
    ['gestor@demo.test', 'Gabriela Gestora', [], ['Mi Empresa'], false],
  ] as const) {
    const names = entries.map((entry) => (typeof entry === 'string' ? entry : 'Inbox'));
    test(`${email} ve ${names.length ? names.join(' y ') : 'ninguna entrada'}`, async ({
      page,
      browserErrors,
    }) => {
      await signIn(page, email);
      await page.goto('/');
      await expectShellFor(page, name);
      for (const group of groups) {
        await mainMenu(page).getByText(group, { exact: true }).click();
      }
      await expect(mainMenu(page).getByRole('link')).toHaveText([...entries]);

      // Account switching belongs to administrators and to users with linked accounts.
      const switcher = page.getByRole('button', { name: es.shell.changeAccount });
      if (switches) await expect(switcher).toBeVisible();
      else await expect(switcher).toHaveCount(0);
      expect(browserErrors).toEqual([]);
    });
  }

  test('la cabecera del menú muestra el logo de la empresa y el nombre del usuario', async ({
    page,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/');
    await expect(navbar(page).getByRole('img', { name: 'Demo Uruguay' })).toBeVisible();
    await expect(page.getByTestId('menu-user-name')).toHaveText('Valentín Vendedor');
  });

  test('el menú contraído se mantiene al recargar y entre sesiones', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    await expect.poll(() => navbarWidth(page)).toBe(210);
    await expect(mainMenu(page).getByText('Rendimiento')).toBeVisible();

    await page.getByRole('button', { name: es.shell.collapseMenu }).click();
    await expect.poll(() => navbarWidth(page)).toBe(68);
    // Icons only, with their names for assistive technology and in tooltips.
    await expect(mainMenu(page).getByText('Rendimiento')).toHaveCount(0);
    await expect(mainMenu(page).getByRole('link', { name: 'Vendedores' })).toBeVisible();
    // The unassigned count stays on the 'Inbox' icon.
    await expect(mainMenu(page).getByRole('link', { name: 'Inbox' })).toContainText(/\d+/);
    await mainMenu(page).getByRole('link', { name: 'Vendedores' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Vendedores' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/shell-collapsed.png' });

    await page.reload();
    await expect(page.getByRole('button', { name: es.shell.expandMenu })).toBeVisible();
    await expect.poll(() => navbarWidth(page)).toBe(68);

    // Another session in the same browser keeps it too.
    await page.getByRole('button', { name: new RegExp(es.shell.userMenu) }).click();
    await page.getByRole('menuitem', { name: es.auth.logout }).click();
    await expect(page).toHaveURL('/login');
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/');
    await expect.poll(() => navbarWidth(page)).toBe(68);

    await page.getByRole('button', { name: es.shell.expandMenu }).click();
    await expect.poll(() => navbarWidth(page)).toBe(210);
    await page.reload();
    await expect.poll(() => navbarWidth(page)).toBe(210);
    // The supervisor's home reads its figures again a moment after its live stream starts: a
    // read that crosses the sign-out is refused (401), as it must be, and the browser notes it.
    expect(unexpectedErrors(browserErrors, [401])).toEqual([]);
  });

  test('por debajo de 1025 px el menú se contrae solo', async ({ page, browserErrors }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, 'comercial@demo.test');
    await page.goto('/');
    await expectShellFor(page, 'Carla Comercial');
    await expect.poll(() => navbarWidth(page)).toBe(68);
    await page.screenshot({ path: 'test-results/shell-narrow.png' });

    // It can still be opened by hand, without changing the stored preference.
    await page.getByRole('button', { name: es.shell.expandMenu }).click();
    await expect.poll(() => navbarWidth(page)).toBe(210);
    // Wider than the breakpoint, the stored choice (expanded) applies; narrow again, the hand
    // expansion is forgotten.
    await resizeAcrossBreakpoint(page, { width: 1280, height: 800 });
    await expect.poll(() => navbarWidth(page)).toBe(210);
    await resizeAcrossBreakpoint(page, { width: 1000, height: 800 });
    await expect.poll(() => navbarWidth(page)).toBe(68);
    expect(browserErrors).toEqual([]);
  });

  test('en el teléfono una cabecera de 50 px abre y cierra el menú', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    const header = page.locator('.mantine-AppShell-header');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.height).toBe(50);
    await expect(mainMenu(page)).not.toBeInViewport();
    await page.screenshot({ path: 'test-results/shell-mobile.png' });

    await page.getByRole('button', { name: es.shell.openMenu }).click();
    await expect(mainMenu(page)).toBeInViewport();
    // 'Clientes' (Contactos, Empresas) starts closed; 'Bandeja de entrada' open.
    await expect(mainMenu(page).getByRole('link')).toHaveText([
      'Rendimiento',
      'Reportes',
      'Vendedores',
      'Carteras compartidas',
      inbox,
      'Conversaciones',
      'Solicitudes',
      'Objetivos',
    ]);
    await expect(mainMenu(page).getByText(es.menu.groups.contacts)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/shell-mobile-menu.png' });

    await mainMenu(page).getByRole('link', { name: 'Vendedores' }).click();
    await expect(mainMenu(page)).not.toBeInViewport();
    await expect(page).toHaveURL('/#vendedores');
    expect(browserErrors).toEqual([]);
  });
});
