import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  startFakeExternalContacts,
  type FakeExternalContacts,
} from '../../server/src/testing/fake-external-contacts';
import { expect, signIn, test, trpcMutation } from './fixtures';

/**
 * 'Mi Empresa' › 'Seguridad e integraciones' (issue #17): the external contact system (its
 * token never shown again, 'Probar conexión' against a fake on 127.0.0.1, which the worker's
 * server lets through its outbound guard) and the password policy, which the change-password
 * checklist follows. The database is shared by the worker's tests: the policy and the system
 * are put back at the end whatever happens.
 */

const text = es.security;
const section = (page: Page, title: string) => page.getByRole('region', { name: title });

let fake: FakeExternalContacts;
test.beforeAll(async () => {
  fake = await startFakeExternalContacts('e2e-token-del-padron');
});
test.afterAll(async () => {
  await fake?.stop();
});

test.describe('Mi Empresa › Seguridad e integraciones', () => {
  test('comercial conecta el sistema externo, prueba la conexión y exige contraseñas de 12 caracteres', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'comercial@demo.test');
    try {
      await page.goto('/company');
      await page.getByRole('tab', { name: text.tab }).click();
      await expect(page).toHaveURL('/company/security');
      await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();

      // The external contact system: none yet.
      const external = section(page, text.external.title);
      await expect(external.getByText(text.external.none)).toBeVisible();
      await external.getByRole('button', { name: text.external.connect }).click();
      const dialog = page.getByRole('dialog', { name: text.external.dialogTitle });
      // Nothing filled: the Spanish errors, and nothing sent.
      await dialog.getByRole('button', { name: text.save }).click();
      await expect(dialog.getByText(text.external.nameRequired)).toBeVisible();
      await expect(dialog.getByText(text.external.urlRequired)).toHaveCount(3);
      await expect(dialog.getByText(text.external.tokenRequired)).toBeVisible();

      await dialog.getByRole('textbox', { name: text.external.name }).fill('Padrón E2E');
      await dialog
        .getByRole('textbox', { name: text.external.validateUrl })
        .fill(`${fake.url}/validate`);
      await dialog
        .getByRole('textbox', { name: text.external.createUrl })
        .fill(`${fake.url}/contacts`);
      await dialog
        .getByRole('textbox', { name: text.external.updateUrl })
        .fill(`${fake.url}/contacts`);
      await dialog.getByLabel(text.external.token).fill(fake.token);

      // 'Probar conexión' with what the form holds, before saving.
      await dialog.getByRole('button', { name: text.external.test }).click();
      const tested = dialog.locator('[data-outcome]');
      await expect(tested).toHaveAttribute('data-outcome', 'ok');
      await expect(tested).toContainText('Conexión correcta: «Padrón E2E» respondió');
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/validate',
        authorization: `Bearer ${fake.token}`,
      });

      await dialog.getByRole('button', { name: text.save }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(external.getByRole('cell', { name: 'Padrón E2E' })).toBeVisible();
      await expect(external.getByText(text.external.tokenSet)).toBeVisible();
      // The token is never sent back to the browser.
      expect(await page.content()).not.toContain(fake.token);

      // The saved system, with its stored token.
      const calls = fake.requests.length;
      await external.getByRole('button', { name: text.external.test }).click();
      await expect(external.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'ok');
      expect(fake.requests.length).toBe(calls + 1);

      // Editing keeps the token unless 'Cambiar' is asked for.
      await external.getByRole('button', { name: text.external.edit }).click();
      await expect(dialog.getByText(text.external.tokenKeep)).toBeVisible();
      await expect(dialog.getByRole('button', { name: text.external.tokenChange })).toBeVisible();
      await dialog.getByRole('button', { name: text.cancel }).click();
      await expect(dialog).toBeHidden();

      // The password policy: never looser than the product's, then a minimum of 12.
      const rules = section(page, text.rules.title);
      const minLength = rules.getByRole('textbox', { name: text.rules.minLength });
      await minLength.fill('4');
      await rules.getByRole('button', { name: text.save }).click();
      await expect(
        rules.getByText(format(text.rules.minLengthInvalid, { min: 6, max: 64 })),
      ).toBeVisible();
      await minLength.fill('12');
      await rules.getByRole('button', { name: text.save }).click();
      await expect(rules.getByText(format(text.rules.summaryLength, { n: 12 }))).toBeVisible();
      await page.screenshot({ path: 'test-results/company-security.png', fullPage: true });

      // The change-password checklist now asks for 12 characters.
      await page.goto('/settings');
      const rule = page.locator('[data-rule="length"]');
      await expect(rule).toContainText(format(es.password.ruleLengthOf, { n: 12 }));
      const next = page.getByLabel(es.password.next, { exact: true });
      await next.fill('Abcdefgh123');
      await expect(rule).toHaveAttribute('data-passed', 'false');
      await next.fill('Abcdefgh1234');
      await expect(rule).toHaveAttribute('data-passed', 'true');
      await rule.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/company-security-checklist.png' });
      expect(browserErrors).toEqual([]);
    } finally {
      await trpcMutation(page, 'security.updateRules', {
        passwordMinLength: 6,
        passwordMaxAgeDays: 0,
      });
      await trpcMutation(page, 'security.updateExternalIntegrations', { externalSystem: null });
    }
  });
});
