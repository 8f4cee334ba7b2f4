import { es, errorMessage } from '@cartera/domain/i18n';
import {
  createTestContact,
  DEMO_PASSWORD,
  expect,
  expectShellFor,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
} from './fixtures';

const texts = es.settings;

/** A 1×1 PNG: a real image the browser decodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * '/settings' for every user (issue #17 §5). The users below are ones no other browser test
 * reads the name, photo or preferences of; each test puts back what it changed.
 */

test('un usuario cambia su nombre y su foto y los ve en el menú de usuario tras recargar', async ({
  page,
  browserErrors,
}) => {
  await signIn(page, 'vendedor@otra.test');
  // 'Mi perfil' of the user menu leads here.
  await page.goto('/');
  await page.getByRole('button', { name: `${es.shell.userMenu}: Omar Otero` }).click();
  await page.getByRole('menuitem', { name: es.shell.profile }).click();
  await page
    .getByRole('dialog', { name: es.profile.title })
    .getByRole('link', { name: es.profile.edit })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('dialog', { name: es.profile.title })).toHaveCount(0);
  const profile = page.getByRole('region', { name: texts.profile.title });
  await expect(profile.getByRole('textbox', { name: texts.profile.name, exact: true })).toHaveValue(
    'Omar',
  );

  // Something that is not an image is refused before any upload.
  const photoInput = profile.locator('input[type="file"]');
  await photoInput.setInputFiles({
    name: 'notas.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(profile.getByRole('alert')).toHaveText(texts.profile.photoNotImage);

  // An empty name is refused in Spanish and nothing is sent.
  const name = profile.getByRole('textbox', { name: texts.profile.name, exact: true });
  await name.fill('   ');
  await profile.getByRole('button', { name: texts.profile.save }).click();
  await expect(profile.getByText(texts.profile.nameRequired)).toBeVisible();

  await name.fill('Omarcito');
  await profile.getByRole('textbox', { name: texts.profile.lastname }).fill('Otero Prueba');
  await photoInput.setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: PNG });
  await expect(profile.getByRole('button', { name: texts.profile.removePhoto })).toBeVisible();
  await profile.getByRole('button', { name: texts.profile.save }).click();
  await expect(page.getByText(texts.profile.saved)).toBeVisible();
  // The shell's user menu follows at once…
  await expectShellFor(page, 'Omarcito Otero Prueba');

  // …and after a reload, with the photo served from the company's files.
  await page.reload();
  await expectShellFor(page, 'Omarcito Otero Prueba');
  const avatar = page
    .getByRole('button', { name: `${es.shell.userMenu}: Omarcito Otero Prueba` })
    .locator('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/files\/.+\/profile\/.+\/yo\.png$/);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(profile.getByRole('textbox', { name: texts.profile.name, exact: true })).toHaveValue(
    'Omarcito',
  );

  // Put the demo user back as it was.
  await trpcMutation(page, 'settings.updateProfile', {
    name: 'Omar',
    lastname: 'Otero',
    photoPath: null,
  });
  expect(browserErrors).toEqual([]);
});

test('una contraseña actual incorrecta o una nueva que no cumple la política no cambian nada', async ({
  page,
  browserErrors,
}) => {
  const email = 'vendedor@otra.test';
  await signIn(page, email);
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: texts.password.title });
  const current = panel.getByLabel(es.password.current, { exact: true });
  const next = panel.getByLabel(es.password.next, { exact: true });
  const repeat = panel.getByLabel(es.password.repeat, { exact: true });
  const submit = panel.getByRole('button', { name: es.password.submit });

  // A new password failing the policy: the checklist shows what is missing, the field says it
  // is not valid, and the form cannot be sent.
  await current.fill(DEMO_PASSWORD);
  await next.fill('corta');
  await repeat.fill('corta');
  await next.blur();
  await expect(panel.locator('[data-rule="uppercase"]')).toHaveAttribute('data-passed', 'false');
  await expect(panel.locator('[data-rule="digit"]')).toHaveAttribute('data-passed', 'false');
  await expect(panel.getByText(es.password.newInvalid)).toBeVisible();
  await expect(submit).toBeDisabled();
  // The server refuses it too, whatever a client sends.
  const weak = await page.request.post('/api/trpc/auth.changePassword', {
    data: {
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'corta', repeatPassword: 'corta' },
    },
  });
  expect(weak.status()).toBe(400);

  // A wrong current password: the server's Spanish message on the current-password field.
  await current.fill('Incorrecta1');
  await next.fill('Nueva1234');
  await repeat.fill('Nueva1234');
  for (const rule of ['length', 'uppercase', 'lowercase', 'digit']) {
    await expect(panel.locator(`[data-rule="${rule}"]`)).toHaveAttribute('data-passed', 'true');
  }
  await submit.click();
  await expect(panel.getByText(errorMessage('PASSWORD_MISMATCH'))).toBeVisible();

  // Nothing changed: the demo password still signs in, the new one does not.
  const login = (password: string) =>
    page.request.post('/api/auth/login', { data: { email, password } });
  expect((await login('Nueva1234')).status()).toBe(401);
  expect((await login(DEMO_PASSWORD)).ok()).toBe(true);

  // The right current password changes it; the form is emptied.
  await page.reload();
  await current.fill(DEMO_PASSWORD);
  await next.fill('Nueva1234');
  await repeat.fill('Nueva1234');
  await submit.click();
  await expect(page.getByText(es.password.changed)).toBeVisible();
  await expect(current).toHaveValue('');
  // Put the demo password back.
  await trpcMutation(page, 'auth.changePassword', {
    currentPassword: 'Nueva1234',
    newPassword: DEMO_PASSWORD,
    repeatPassword: DEMO_PASSWORD,
  });
  expect(unexpectedErrors(browserErrors, [400, 401])).toEqual([]);
});

test("la apariencia 'Nota' hace que el editor de un contacto empiece en modo nota", async ({
  page,
  browserErrors,
}) => {
  await signIn(page, 'carla.sur@demo.test');
  const contact = await createTestContact(page, 'Apariencia');
  const noteTab = page.getByRole('tab', { name: es.conversation.composer.note });

  // With the demo's channel and no preference, the composer starts in the channel's mode.
  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByTestId('channel-tab')).toHaveAttribute('aria-selected', 'true');
  await expect(noteTab).toHaveAttribute('aria-selected', 'false');

  await page.goto('/settings');
  const panel = page.getByRole('region', { name: texts.appearance.title });
  // Saved at once: the choice shows as soon as the optimistic update renders (a click, then a
  // waiting assertion; `check()` reads the state right after its click and loses that race).
  await panel.getByRole('radio', { name: texts.appearance.options.note }).click();
  await expect(panel.getByRole('radio', { name: texts.appearance.options.note })).toBeChecked();
  await expect(page.getByText(texts.appearance.saved)).toBeVisible();
  await page.reload();
  await expect(panel.getByRole('radio', { name: texts.appearance.options.note })).toBeChecked();

  await page.goto(`/contact?id=${contact.id}`);
  await expect(noteTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('channel-tab')).toHaveAttribute('aria-selected', 'false');

  await trpcMutation(page, 'settings.updateAppearance', { defaultChatAction: null });
  expect(browserErrors).toEqual([]);
});

test("'Redirigir llamadas a tu celular' se guarda y sigue así tras recargar", async ({
  page,
  browserErrors,
}) => {
  await signIn(page, 'carla.sur@demo.test');
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: texts.personal.title });
  const callOnPhone = panel.getByRole('switch', { name: texts.personal.callOnPhone });
  await expect(callOnPhone).not.toBeChecked();
  await callOnPhone.click();
  await expect(page.getByText(texts.personal.saved)).toBeVisible();
  await page.reload();
  await expect(callOnPhone).toBeChecked();
  expect(await trpcQuery(page, 'settings.personalConfig', undefined)).toEqual({
    callOnPhone: true,
  });

  // The entry to 'Aprender' leads to the training area.
  await page
    .getByRole('region', { name: texts.learn.title })
    .getByRole('link', { name: texts.learn.open })
    .click();
  await expect(page).toHaveURL(/\/training/);

  await trpcMutation(page, 'settings.updatePersonalConfig', { callOnPhone: false });
  expect(browserErrors).toEqual([]);
});
