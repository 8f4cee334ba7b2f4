import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import { expect, signIn, test, trpcQuery } from './fixtures';

/**
 * 'Mi Empresa' › 'Resumen' and 'Carteras compartidas' (issue #17): a comercial sees the
 * company's figures and its groups as a tree, and manages the shared inboxes there. Other tests
 * add users in the same run, so the figures are compared with the server's answer.
 */

const text = es.company;
const figures = es.admin.company;

async function openCompany(page: Page) {
  await page.goto('/');
  await page
    .getByRole('navigation')
    .getByRole('link', { name: es.menu.entries.company })
    .first()
    .click();
  await expect(page).toHaveURL('/company');
}

test.describe('Mi Empresa: resumen y carteras compartidas', () => {
  test('comercial ve las cifras y el árbol de grupos, y gestiona las carteras compartidas', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'comercial@demo.test');
    await openCompany(page);
    await page.getByRole('tab', { name: text.tabs.overview, exact: true }).click();
    await expect(page).toHaveURL('/company/overview');
    await expect(page.getByRole('heading', { name: text.overview.title, level: 1 })).toBeVisible();

    const overview = await trpcQuery<{
      activeUsers: number;
      sellers: number;
      groups: number;
      tree: Array<{ name: string; users: number }>;
    }>(page, 'admin.overview', undefined);
    const shown = page.getByRole('region', { name: text.overview.figures });
    await expect(shown.getByLabel(figures.users, { exact: true })).toHaveText(
      overview.activeUsers.toLocaleString('es'),
    );
    await expect(shown.getByLabel(figures.sellers, { exact: true })).toHaveText(
      overview.sellers.toLocaleString('es'),
    );
    await expect(shown.getByLabel(figures.groups, { exact: true })).toHaveText(
      String(overview.groups),
    );

    // The tree: the company, with Equipo Norte and Equipo Sur below it.
    const tree = page
      .getByRole('region', { name: text.overview.groups })
      .getByRole('list', { name: text.overview.groups });
    const root = tree.getByRole('listitem', { name: 'Demo Uruguay', exact: true });
    await expect(root).toContainText(text.overview.rootBadge);
    const north = root.getByRole('listitem', { name: 'Equipo Norte', exact: true });
    const northUsers = overview.tree.find((group) => group.name === 'Equipo Norte')!.users;
    await expect(north).toContainText(format(es.admin.usersCount, { count: northUsers }));
    await expect(root.getByRole('listitem', { name: 'Equipo Sur', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/company-overview.png' });

    await page.getByRole('tab', { name: text.tabs.sharedInboxes, exact: true }).click();
    await expect(page).toHaveURL('/company/sharedinboxes');
    await expect(
      page
        .getByRole('table', { name: es.sharedInboxes.manageTitle })
        .getByRole('row', { name: /Cartera de Julia/ }),
    ).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor no ve la pestaña y la dirección le explica que no es para su perfil', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/company/overview');
    await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toBeVisible();
    await page.getByRole('link', { name: es.app.forbiddenBack }).click();
    await expect(page).not.toHaveURL(/\/company/);
    expect(browserErrors).toEqual([]);
  });
});
