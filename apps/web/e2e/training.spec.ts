import { es } from '@cartera/domain/i18n';
import { truncate, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import type { Page } from '@playwright/test';
import { expect, signIn, test, trpcQuery } from './fixtures';

const texts = es.training;
/** A real clip of the demo (20 s). */
const CLIP = fileURLToPath(
  new URL('../public/media/training/tutorial-contactos.webm', import.meta.url),
);

/** The viewer's video element, once its metadata is loaded. */
async function videoOf(page: Page) {
  const video = page.getByTestId('training-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  return video;
}

/** An image of the demo, attached to a post. */
const MINIATURE = fileURLToPath(
  new URL('../public/media/training/clase-cierre.jpg', import.meta.url),
);

/** A coach post on the page, by its title. */
function postNamed(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

test.describe("Aprender ('/training')", () => {
  test('jail@demo.test entra y llega a /training con su entrenador, clases, tutoriales y publicaciones', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'jail@demo.test');
    await page.goto('/');
    await expect(page).toHaveURL('/training');
    await expect(page.getByRole('heading', { name: texts.title, exact: true })).toBeVisible();
    const coach = page.getByTestId('training-coach');
    await expect(coach).toContainText('Pablo Proyectos');
    await expect(coach).toContainText(texts.coach);
    await expect(page.getByRole('heading', { name: texts.tutorials })).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.instances })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `${texts.watch}: Ventas por WhatsApp` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bienvenidos a Aprender' })).toBeVisible();
    // A post for supervisors does not reach her; she has opened nothing yet.
    await expect(page.getByRole('heading', { name: 'Reunión de supervisores' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: texts.continueWatching })).toHaveCount(0);

    await coach.getByRole('button', { name: texts.scheduleMeeting }).click();
    const meeting = page.getByRole('dialog', { name: texts.scheduleMeeting });
    await expect(meeting.locator('iframe')).toHaveAttribute(
      'src',
      `/api/frame?url=${encodeURIComponent('https://meet.google.com/demo-cartera-uy')}`,
    );
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/training-home.png', fullPage: true });
    expect(browserErrors.filter((error) => !error.includes('meet.google.com'))).toEqual([]);
  });

  test("una clase abierta con ?id= se deja a la mitad y vuelve en 'Continuar viendo' en el mismo punto", async ({
    page,
  }) => {
    await signIn(page, 'jail@demo.test');
    await page.goto('/training');
    await page.getByRole('tab', { name: texts.tabs.instances }).click();
    await expect(page).toHaveURL('/training/instances');
    await expect(page.getByRole('heading', { name: texts.allInstances })).toBeVisible();
    await page
      .getByRole('button', { name: `${texts.watch}: Cierre de ventas` })
      .first()
      .click();
    await expect(page).toHaveURL(/\/training\/instances\?id=/);
    const url = page.url();

    const video = await videoOf(page);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(6);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    const left = Math.floor(
      await video.evaluate((element: HTMLVideoElement) => element.currentTime),
    );

    // Closing drops the id without reloading the page.
    await page.evaluate(() => ((window as { marker?: boolean }).marker = true));
    await page.getByRole('button', { name: texts.closeViewer }).click();
    await expect(page).toHaveURL('/training/instances');
    expect(await page.evaluate(() => (window as { marker?: boolean }).marker)).toBe(true);

    const continueSection = page.getByRole('region', { name: texts.continueWatching });
    const watched = `Visto hasta 0:${String(left).padStart(2, '0')}`;
    await expect(continueSection.getByRole('button', { name: /Cierre de ventas/ })).toContainText(
      watched,
    );

    await page.screenshot({ path: 'test-results/training-instances.png', fullPage: true });

    // Next time (a new visit with the same address) the video starts where she left it.
    await page.goto(url);
    const again = await videoOf(page);
    await expect
      .poll(() => again.evaluate((element: HTMLVideoElement) => Math.floor(element.currentTime)))
      .toBe(left);
    await page.goto('/training');
    await expect(page.getByRole('region', { name: texts.continueWatching })).toContainText(
      'Cierre de ventas',
    );
  });

  test('una reacción se elige, sobrevive a recargar y, elegida de nuevo, se quita', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'jail@demo.test');
    await page.goto('/training');
    await page.getByRole('tab', { name: texts.tabs.publications }).click();
    const post = postNamed(page, 'Bienvenidos a Aprender');
    const love = post.getByRole('button', { name: texts.reactions.love });
    await expect(love).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse((response) => response.url().includes('training.react'));
    await love.click();
    await expect(love).toHaveAttribute('aria-pressed', 'true');
    await expect(post).toContainText('3 reacciones');
    await saved;

    await page.reload();
    const reloaded = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Bienvenidos a Aprender' }) })
      .getByRole('button', { name: texts.reactions.love });
    await expect(reloaded).toHaveAttribute('aria-pressed', 'true');

    const removed = page.waitForResponse((response) => response.url().includes('training.react'));
    await reloaded.click();
    await expect(reloaded).toHaveAttribute('aria-pressed', 'false');
    await removed;
    await page.reload();
    await expect(
      page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Bienvenidos a Aprender' }) })
        .getByRole('button', { name: texts.reactions.love }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(browserErrors).toEqual([]);
  });

  test('un comentario vacío no se envía; uno escrito y su respuesta aparecen en la publicación', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'jail@demo.test');
    await page.goto('/training/publications');
    const post = postNamed(page, 'Bienvenidos a Aprender');
    const box = post.getByRole('textbox', { name: es.training.comments.placeholder });
    await expect(post.getByRole('button', { name: es.training.comments.send })).toBeDisabled();
    await box.fill('¿Hay clase de visitas?');
    await post.getByRole('button', { name: es.training.comments.send }).click();
    await expect(
      post.getByTestId('training-comment').filter({ hasText: '¿Hay clase de visitas?' }),
    ).toBeVisible();
    await expect(box).toHaveValue('');

    const mine = post.getByTestId('training-comment').filter({ hasText: '¿Hay clase de visitas?' });
    await mine.getByRole('button', { name: es.training.comments.reply }).click();
    await post
      .getByRole('textbox', { name: es.training.comments.replyPlaceholder })
      .fill('Yo también quiero');
    await post
      .getByRole('button', { name: es.training.comments.reply, exact: true })
      .last()
      .click();
    await expect(
      post.getByTestId('training-comment').filter({ hasText: 'Yo también quiero' }),
    ).toContainText('@Julia Limitada');
    expect(browserErrors).toEqual([]);
  });

  test('un comentario y su respuesta aparecen en vivo en la página abierta de otra persona', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/training/publications');
    const seen = postNamed(page, 'Nueva clase: Ventas por WhatsApp');
    await expect(seen).toBeVisible();

    const other = await browser.newContext({ baseURL });
    try {
      const julia = await other.newPage();
      await signIn(julia, 'jail@demo.test');
      await julia.goto('/training/publications');
      const post = postNamed(julia, 'Nueva clase: Ventas por WhatsApp');
      await post
        .getByRole('textbox', { name: es.training.comments.placeholder })
        .fill('Uso la de horarios');
      await post.getByRole('button', { name: es.training.comments.send }).click();
      await expect(
        seen.getByTestId('training-comment').filter({ hasText: 'Uso la de horarios' }),
      ).toBeVisible();

      // Valentín answers; Julia's open page shows it without a reload.
      await seen
        .getByTestId('training-comment')
        .filter({ hasText: 'Uso la de horarios' })
        .getByRole('button', { name: es.training.comments.reply })
        .click();
      await seen
        .getByRole('textbox', { name: es.training.comments.replyPlaceholder })
        .fill('¡Me sirve, gracias!');
      await seen
        .getByRole('button', { name: es.training.comments.reply, exact: true })
        .last()
        .click();
      await expect(
        post.getByTestId('training-comment').filter({ hasText: '¡Me sirve, gracias!' }),
      ).toContainText('@Julia Limitada');
    } finally {
      await other.close();
    }
  });

  test('el entrenador publica para supervisores: un supervisor la ve y un vendedor no', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'proyecto@demo.test');
    await page.goto('/training/publications');
    await page.getByRole('button', { name: texts.post.create }).click();
    const dialog = page.getByRole('dialog', { name: texts.post.createTitle });
    await dialog.getByRole('textbox', { name: texts.post.title }).fill('Plan de supervisores');
    await dialog.getByRole('textbox', { name: texts.post.content }).fill('Revisemos los objetivos');
    await dialog.getByRole('combobox', { name: texts.post.roles }).click();
    await page.getByRole('option', { name: 'Supervisor', exact: true }).click();
    await page.keyboard.press('Escape');
    // Groups come with their path from the company down.
    await dialog.getByRole('combobox', { name: texts.post.groups }).click();
    await page.getByRole('option', { name: 'Demo Uruguay', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByText(texts.post.audienceRule)).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(MINIATURE);
    await expect(dialog.getByText('clase-cierre.jpg')).toBeVisible();
    await dialog.getByRole('button', { name: texts.post.create }).click();
    await expect(dialog).toBeHidden();
    await expect(postNamed(page, 'Plan de supervisores')).toBeVisible();
    await expect(
      postNamed(page, 'Plan de supervisores').getByRole('link', { name: 'clase-cierre.jpg' }),
    ).toHaveAttribute('href', /\/api\/files\//);

    const other = await browser.newContext({ baseURL });
    try {
      const supervisor = await other.newPage();
      await signIn(supervisor, 'supervisor@demo.test');
      await supervisor.goto('/training/publications');
      await expect(postNamed(supervisor, 'Plan de supervisores')).toBeVisible();
      await other.clearCookies();
      await signIn(supervisor, 'vendedor@demo.test');
      await supervisor.goto('/training/publications');
      await expect(postNamed(supervisor, 'Nueva clase: Ventas por WhatsApp')).toBeVisible();
      await expect(postNamed(supervisor, 'Plan de supervisores')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('el entrenador sube una clase con su video; un video por encima del límite se rechaza', async ({
    page,
    browserErrors,
  }, testInfo) => {
    // One byte over the limit, without writing 55 MB: a sparse file.
    const huge = testInfo.outputPath('enorme.webm');
    await writeFile(huge, '');
    await truncate(huge, MAX_UPLOAD_BYTES + 1);
    await signIn(page, 'proyecto@demo.test');
    await page.goto('/training/instances');
    await page.getByRole('button', { name: texts.item.createInstance }).click();
    const dialog = page.getByRole('dialog', { name: texts.item.createInstanceTitle });

    // 55,777,216 bytes at most (01 §9): refused before anything is sent.
    await dialog.locator('input[type="file"][accept="video/*"]').setInputFiles(huge);
    await expect(dialog.getByRole('alert')).toHaveText(es.files.tooLarge);

    await dialog.getByRole('textbox', { name: texts.item.title }).fill('Prospección en frío');
    await dialog.locator('input[type="file"][accept="video/*"]').setInputFiles(CLIP);
    // The duration comes from the file itself.
    await expect(dialog.getByRole('textbox', { name: texts.item.duration })).toHaveValue('20');
    await dialog.getByRole('button', { name: texts.item.save }).click();
    await expect(dialog).toBeHidden();

    await page
      .getByRole('button', { name: `${texts.watch}: Prospección en frío` })
      .first()
      .click();
    const video = await videoOf(page);
    await expect(video).toHaveAttribute('src', /\/api\/files\//);
    await page.screenshot({ path: 'test-results/training-viewer-coach.png' });
    expect(browserErrors).toEqual([]);
  });

  test("'Aprender' del menú de usuario lleva a /training", async ({ page }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/');
    await page.getByRole('button', { name: `${es.shell.userMenu}: Valentín Vendedor` }).click();
    await page.getByRole('menuitem', { name: es.shell.learn }).click();
    await expect(page).toHaveURL('/training');
    // Valentín left a class halfway: it waits for him under 'Continuar viendo'.
    await expect(page.getByRole('region', { name: texts.continueWatching })).toContainText(
      'Manejo de objeciones',
    );
  });

  test('el lado del entrenador: /comercial/{empresa}/publications y /instances', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'proyecto@demo.test');
    const me = await page.request.get('/api/trpc/auth.me');
    const company = (
      (await me.json()) as { result: { data: { json: { tenant: { id: string } } } } }
    ).result.data.json.tenant.id;
    await page.goto(`/comercial/${company}/publications`);
    await expect(page.getByRole('button', { name: texts.post.create })).toBeVisible();
    await expect(postNamed(page, 'Bienvenidos a Aprender')).toBeVisible();
    await page.goto(`/comercial/${company}/instances`);
    await expect(page.getByRole('button', { name: texts.item.createInstance })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.item.createTutorial })).toBeVisible();
    // Another company's id is no page of hers.
    await page.goto('/comercial/00000000-0000-7000-8000-000000000001/publications');
    await expect(page.getByRole('heading', { name: es.app.notFoundTitle })).toBeVisible();

    // The coach does not name the coach: only an admin sees 'Entrenador de la empresa'.
    await page.goto(`/comercial/${company}/publications`);
    await expect(postNamed(page, 'Bienvenidos a Aprender')).toBeVisible();
    await expect(page.getByRole('region', { name: texts.coachSettings.title })).toHaveCount(0);

    // A seller who is not the coach goes to the tab everyone sees.
    const other = await browser.newContext({ baseURL });
    try {
      const seller = await other.newPage();
      await signIn(seller, 'vendedor@demo.test');
      await seller.goto(`/comercial/${company}/publications`);
      await expect(seller).toHaveURL('/training/publications');
      await expect(seller.getByRole('button', { name: texts.post.create })).toHaveCount(0);

      // An admin of the company names the coach and the meeting link.
      await other.clearCookies();
      await signIn(seller, 'admin@demo.test');
      await seller.goto(`/comercial/${company}/publications`);
      const settings = seller.getByRole('region', { name: texts.coachSettings.title });
      await expect(settings.getByRole('combobox', { name: texts.coachSettings.coach })).toHaveValue(
        'Pablo Proyectos',
      );
      const link = settings.getByRole('textbox', { name: texts.coachSettings.meetLink });
      await link.fill('meet.google.com/otra');
      await expect(settings.getByText(texts.coachSettings.meetLinkInvalid)).toBeVisible();
      await expect(settings.getByRole('button', { name: texts.coachSettings.save })).toBeDisabled();
      await link.fill('https://meet.google.com/entrenador-uy');
      await settings.getByRole('button', { name: texts.coachSettings.save }).click();
      await expect(seller.getByText(texts.coachSettings.saved)).toBeVisible();
      const saved = await trpcQuery<{ coach: { meetLink: string } }>(
        seller,
        'training.coach',
        undefined,
      );
      expect(saved.coach.meetLink).toBe('https://meet.google.com/entrenador-uy');
    } finally {
      await other.close();
    }
  });
});
