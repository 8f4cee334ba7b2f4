import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  expect,
  expectShellFor,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
} from './fixtures';

const text = es.channels;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });
const channelsList = (page: Page) => page.getByRole('table', { name: text.listTitle });
const rowOf = (page: Page, name: string) =>
  channelsList(page).getByRole('row').filter({ hasText: name });

/**
 * '/company/channels' (01 §1, §2; wave 2 chunk 1) and the shell's disconnected-channels alert
 * for project managers (01 §2 Shell, §6).
 */
test.describe('Canales de la empresa', () => {
  test('comercial crea un canal de WhatsApp Business, lo edita y lo elimina; las credenciales nunca se muestran', async ({
    page,
    browserErrors,
  }) => {
    const secretValues = ['EAAG-token-secreto-1234', 'app-secreto-5678', 'verificar-9012'];
    await signIn(page, 'comercial@demo.test');
    await page.goto('/');
    await mainMenu(page).getByRole('link', { name: es.menu.entries.company }).click();
    await expect(page).toHaveURL('/company');
    await page.getByRole('tab', { name: es.company.tabs.channels }).click();
    await expect(page).toHaveURL('/company/channels');
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();

    // The demo's 'Canal de prueba', with its customer's chat in a new tab.
    const sandbox = rowOf(page, es.channels.sandbox.channelName);
    await expect(sandbox).toContainText(text.types.whatsapp_business);
    await expect(sandbox).toContainText(text.state.available);
    const chat = sandbox.getByRole('link', { name: new RegExp(text.openSandbox) });
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('href', /\/sandbox\/whatsapp\//);
    await settle(page);
    await page.screenshot({ path: 'test-results/channels-list.png', fullPage: true });

    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog', { name: text.createTitle });
    await expect(dialog.getByLabel(text.type, { exact: true })).toHaveValue(
      text.types.whatsapp_business,
    );
    await dialog.getByRole('textbox', { name: text.name }).fill('Ventas Uruguay');
    await dialog.getByRole('textbox', { name: text.config.phoneNumberId }).fill('109876543210');
    await dialog.getByRole('textbox', { name: text.config.wabaId }).fill('204060800');
    await dialog
      .getByRole('textbox', { name: text.config.displayPhoneNumber })
      .fill('+598 2 900 1234');
    await dialog.getByLabel(text.secrets.accessToken).fill(secretValues[0]!);
    await dialog.getByLabel(text.secrets.appSecret).fill(secretValues[1]!);
    await settle(page);
    await page.screenshot({ path: 'test-results/channels-dialog-create.png' });

    // The webhook's verify token is missing: said in Spanish under its field, nothing saved.
    await dialog.getByRole('button', { name: text.save }).click();
    const verify = dialog.getByLabel(text.secrets.verifyToken);
    await expect(verify).toHaveAccessibleDescription(text.required);
    await expect(dialog.getByText(text.required, { exact: true })).toBeVisible();
    await verify.fill(secretValues[2]!);
    await dialog.getByRole('button', { name: text.save }).click();

    // Created: the same dialog now shows the webhook URL, and the secrets only as saved.
    const edit = page.getByRole('dialog', { name: text.editTitle });
    await expect(edit.getByTestId('channel-webhook-url')).toHaveValue(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/whatsapp\/[\w-]+$/,
    );
    await expect(edit.getByRole('button', { name: text.copy })).toBeVisible();
    await expect(edit.getByText(text.secretSaved, { exact: true })).toHaveCount(3);
    for (const field of ['accessToken', 'appSecret', 'verifyToken'] as const) {
      await expect(edit.getByLabel(text.secrets[field])).toHaveValue('');
    }
    await settle(page);
    await page.screenshot({ path: 'test-results/channels-dialog-created.png' });
    await edit.getByRole('button', { name: text.cancel }).click();
    await expect(edit).toBeHidden();

    const row = rowOf(page, 'Ventas Uruguay');
    await expect(row).toContainText(text.types.whatsapp_business);
    await expect(row).toContainText(text.state.available);
    await expect(row).toContainText('+598 2 900 1234');

    // Renamed: an edit without typing any secret keeps the stored ones.
    await row.getByRole('button', { name: 'Editar Ventas Uruguay' }).click();
    await edit.getByRole('textbox', { name: text.name }).fill('Ventas Montevideo');
    await edit.getByRole('button', { name: text.save }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, 'Ventas Montevideo')).toBeVisible();
    const listed = await trpcQuery<Array<{ name: string; secretsSet: string[] }>>(
      page,
      'channel.list',
      undefined,
    );
    const renamed = listed.find((channel) => channel.name === 'Ventas Montevideo');
    expect(renamed?.secretsSet.sort()).toEqual(['accessToken', 'appSecret', 'verifyToken']);
    // Never a secret's value, neither on screen nor in what the server answers.
    const answered = JSON.stringify(listed);
    const html = await page.content();
    for (const value of secretValues) {
      expect(answered).not.toContain(value);
      expect(html).not.toContain(value);
    }

    // Deleted after a confirmation that says its messages stay on the timelines.
    await rowOf(page, 'Ventas Montevideo')
      .getByRole('button', { name: 'Eliminar Ventas Montevideo' })
      .click();
    const confirm = page.getByRole('dialog', { name: text.removeTitle });
    await expect(confirm).toContainText('Sus mensajes siguen en las conversaciones');
    await confirm.getByRole('button', { name: text.removeConfirm }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, 'Ventas Montevideo')).toHaveCount(0);
    await expect(page.getByText(text.removed)).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('comercial gestiona las plantillas del canal de prueba: crear, sincronizar y eliminar', async ({
    page,
    browserErrors,
  }) => {
    const templates = es.channels.templates;
    const name = es.channels.sandbox.channelName;
    await signIn(page, 'comercial@demo.test');
    await page.goto('/company/channels');
    // Templates live in the business account: the demo channel has its id and one approved
    // template (what goes to a customer who has not written for 24 hours).
    await rowOf(page, name)
      .getByRole('button', { name: `Editar ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: text.editTitle });
    await expect(edit.getByRole('textbox', { name: text.config.wabaId })).toHaveValue(
      'sandbox-waba',
    );
    await edit.getByRole('button', { name: text.cancel }).click();
    await expect(edit).toBeHidden();

    const title = templates.title.replace('{name}', name);
    await rowOf(page, name).getByRole('button', { name: title }).click();
    const section = page.getByRole('region', { name: title });
    const seeded = section.getByRole('row').filter({ hasText: 'retomar_conversacion' });
    await expect(seeded).toContainText(templates.status.approved);
    await section.getByRole('button', { name: templates.create }).click();
    const dialog = page.getByRole('dialog', { name: templates.createTitle });
    await dialog.getByRole('textbox', { name: templates.name }).fill('Confirmación');
    await dialog
      .getByRole('textbox', { name: templates.body })
      .fill('Hola {{1}}, tu pedido está listo.');
    await dialog.getByRole('button', { name: templates.create }).click();
    await expect(dialog.getByText(templates.invalidName)).toBeVisible();
    await dialog.getByRole('textbox', { name: templates.name }).fill('pedido_listo');
    await dialog.getByRole('button', { name: templates.create }).click();
    await expect(dialog).toBeHidden();

    const row = section.getByRole('row').filter({ hasText: 'pedido_listo' });
    await expect(row).toContainText(templates.status.preapproved);
    await section.getByRole('button', { name: templates.synchronize }).click();
    await expect(page.getByText(templates.synchronized)).toBeVisible();
    await expect(row).toContainText(templates.categories.UTILITY);
    await settle(page);
    await page.screenshot({ path: 'test-results/channels-templates.png', fullPage: true });

    await row.getByRole('button', { name: 'Eliminar la plantilla pedido_listo' }).click();
    const confirm = page.getByRole('dialog', { name: templates.removeTitle });
    await confirm.getByRole('button', { name: es.fields.delete }).click();
    await expect(row).toHaveCount(0);
    // The demo's own template is still there, at Meta too: a synchronisation keeps it.
    await expect(seeded).toContainText(templates.status.approved);
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor no puede abrir los canales: se le explica y vuelve a su inicio', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/company/channels');
    await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toBeVisible();
    await page.getByRole('link', { name: es.app.forbiddenBack }).click();
    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Valentín Vendedor');
    await expect(mainMenu(page).getByRole('link', { name: es.menu.entries.company })).toHaveCount(
      0,
    );
    expect(browserErrors).toEqual([]);
  });

  test('el gerente de proyecto ve la alerta de canales desconectados y llega a los canales', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    await signIn(page, 'proyecto@demo.test');
    await page.goto('/company/channels');
    await expect(rowOf(page, es.channels.sandbox.channelName)).toBeVisible();
    await expect(page.getByTestId('disconnected-channels-alert')).toHaveCount(0);

    // A 'Canal de prueba' made from the dialog.
    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog', { name: text.createTitle });
    await dialog.getByRole('checkbox', { name: text.sandboxOption }).check();
    await dialog.getByRole('textbox', { name: text.name }).fill('Prueba que se cae');
    await expect(dialog.getByLabel(text.secrets.accessToken)).toHaveCount(0);
    await dialog.getByRole('button', { name: text.save }).click();
    await page
      .getByRole('dialog', { name: text.editTitle })
      .getByRole('button', { name: text.cancel })
      .click();
    const row = rowOf(page, 'Prueba que se cae');
    await expect(row).toContainText(text.sandboxBadge);
    await expect(row).toContainText(text.state.available);

    // Its provider stops accepting its token (Graph's error 190): the next send disconnects it.
    const channels = await trpcQuery<Array<{ id: string; name: string }>>(
      page,
      'channel.list',
      undefined,
    );
    const channel = channels.find((each) => each.name === 'Prueba que se cae')!;
    await trpcMutation(page, 'channel.update', {
      id: channel.id,
      values: { secrets: { accessToken: 'token-revocado' } },
    });
    // A new contact has never written: only a template may go (WhatsApp's 24-hour window).
    const contact = await createTestContact(page, 'Cliente');
    await trpcMutation(page, 'channel.sendMessage', {
      id: clientId(),
      contactId: contact.id,
      channelId: channel.id,
      template: { name: 'seguimiento', language: 'es', parameters: [] },
    });
    await expect
      .poll(
        async () =>
          (await trpcQuery<{ count: number }>(page, 'channel.disconnected', undefined)).count,
        { timeout: 20_000 },
      )
      .toBe(1);

    await page.goto('/');
    const alert = page.getByTestId('disconnected-channels-alert');
    await expect(alert).toContainText('1 canal desconectado');
    await expect(alert).toContainText('Prueba que se cae');
    // Why, in Spanish from the catalogue, with the provider's code kept for support (issue #31).
    await expect(alert).toContainText(
      format(text.statusReasons.withCode, {
        text: es.conversation.timeline.chat.providerErrors['190']!,
        code: '190',
      }),
    );
    await settle(page);
    await page.screenshot({ path: 'test-results/channels-disconnected-alert.png' });

    await alert.getByRole('link', { name: text.disconnectedAlert.manage }).click();
    await expect(page).toHaveURL('/company/channels');
    await expect(rowOf(page, 'Prueba que se cae')).toContainText(text.state.disconnected);
    await settle(page);
    await page.screenshot({ path: 'test-results/channels-list-disconnected.png', fullPage: true });

    // The alert is the project managers' own: a comercial does not get it.
    const comercial = await signedInPage('comercial@demo.test');
    await comercial.goto('/company/channels');
    await expect(rowOf(comercial, 'Prueba que se cae')).toContainText(text.state.disconnected);
    await expect(comercial.getByTestId('disconnected-channels-alert')).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
