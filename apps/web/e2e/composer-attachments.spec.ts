import { es, format } from '@cartera/domain/i18n';
import { openNewConversation } from './conversations';
import { expect, noteComposer, test } from './fixtures';

/**
 * Note attachments (issue #6, 03 §6): admins attach files to a note through the upload flow,
 * with progress; the note shows them on the timeline. Sellers are not offered attachments.
 */

const c = es.conversation.composer;

test.describe('note attachments', () => {
  test('un administrador adjunta un archivo, ve su progreso y la nota lo muestra', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'admin@demo.test', 'Adjuntos');
    // Files go with notes (03 §6); with channels configured the composer starts in a channel's.
    await noteComposer(page);
    await expect(page.getByRole('tab', { name: c.note })).toHaveAttribute('aria-selected', 'true');

    const name = `presupuesto-${Date.now().toString(36)}.txt`;
    const bytes = 'Presupuesto: 3 equipos, entrega en marzo.\n';
    await page.getByTestId('composer-file-input').setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from(bytes),
    });
    const item = page.getByRole('list', { name: c.attachments }).getByRole('listitem', { name });
    await expect(
      item.getByText(format(c.uploaded, { size: `${bytes.length},00 B` })),
    ).toBeVisible();
    await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // Files alone may be sent; here with a text.
    await page.getByRole('textbox', { name: c.note }).fill('Te adjunto el presupuesto');
    await page.getByRole('button', { name: c.send }).click();
    await expect(page.getByRole('textbox', { name: c.note })).toHaveValue('');
    await expect(page.getByRole('list', { name: c.attachments })).toHaveCount(0);

    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByText('Te adjunto el presupuesto')).toBeVisible();
    const link = timeline.getByRole('link', { name });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    const stored = await page.request.get(href!);
    expect(await stored.text()).toBe(bytes);

    await page.reload();
    await expect(page.getByTestId('timeline').getByRole('link', { name })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('si la subida o el envío fallan se ve el error en español y el texto queda', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'admin@demo.test', 'Adjuntos');
    const input = await noteComposer(page);
    await input.fill('Nota con archivo');

    // The storage refuses the bytes: the file shows the error, the note cannot go with it.
    await page.route(/\/api\/files\//, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 413,
            json: { code: 'FILE_TOO_LARGE', message: es.files.tooLarge },
          })
        : route.fallback(),
    );
    await page.getByTestId('composer-file-input').setInputFiles({
      name: 'rechazado.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    const list = page.getByRole('list', { name: c.attachments });
    const refused = list.getByRole('listitem', { name: 'rechazado.txt' });
    await expect(refused.getByRole('alert')).toHaveText(es.files.tooLarge);
    await expect(page.getByRole('button', { name: c.send })).toBeDisabled();
    await refused
      .getByRole('button', { name: format(c.removeAttachment, { name: 'rechazado.txt' }) })
      .click();
    await page.unroute(/\/api\/files\//);

    // The file uploads; the note is refused: the text and the file stay for another try.
    await page.getByTestId('composer-file-input').setInputFiles({
      name: 'bueno.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('bien'),
    });
    await expect(
      list.getByRole('listitem', { name: 'bueno.txt' }).getByRole('progressbar'),
    ).toHaveAttribute('aria-valuenow', '100');
    await page.route(/\/api\/trpc\/[^?]*interaction\.createNote/, (route) => route.abort());
    await page.getByRole('button', { name: c.send }).click();
    await expect(page.getByText(es.conversation.noteFailed)).toBeVisible();
    await expect(input).toHaveValue('Nota con archivo');
    await expect(list.getByRole('listitem', { name: 'bueno.txt' })).toBeVisible();

    // Sending again stores the note once.
    await page.unroute(/\/api\/trpc\/[^?]*interaction\.createNote/);
    await page.getByRole('button', { name: c.send }).click();
    await expect(input).toHaveValue('');
    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByRole('link', { name: 'bueno.txt' })).toHaveCount(1);
    await expect(timeline.getByText('Nota con archivo')).toHaveCount(1);
    // The browser reports the refused and aborted requests themselves.
    expect(browserErrors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  test('un vendedor no ve el botón de adjuntar', async ({ page, browserErrors }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Adjuntos');
    await expect(await noteComposer(page)).toBeVisible();
    await expect(page.getByRole('button', { name: c.attach })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});

/** A 2×2 PNG: enough for the browser to draw a thumbnail. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('la app abierta en otro nombre del servidor (issue #35)', () => {
  // The worker's server listens on 127.0.0.1 and PUBLIC_URL says so: the page is opened as
  // localhost, as a LAN address would be.
  test.use({
    baseURL: async ({ appServer }, use) => {
      await use(appServer.url.replace('127.0.0.1', 'localhost'));
    },
  });

  test('una foto muestra su miniatura antes de enviarla, se sube y la nota la muestra desde este host', async ({
    page,
    baseURL,
    browserErrors,
  }) => {
    expect(baseURL).toMatch(/^http:\/\/localhost:\d+$/);
    await openNewConversation(page, 'admin@demo.test', 'Otrohost');
    await noteComposer(page);

    const name = `foto-${Date.now().toString(36)}.png`;
    await page.getByTestId('composer-file-input').setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: PNG,
    });
    const item = page.getByRole('list', { name: c.attachments }).getByRole('listitem', { name });
    const thumbnail = item.getByTestId('attachment-thumbnail');
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('src', /^blob:http:\/\/localhost:/);
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(2);
    // The upload goes to the page's own host: it completes.
    await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(item.getByRole('alert')).toHaveCount(0);

    await page.getByRole('textbox', { name: c.note }).fill('La foto del local');
    await page.getByRole('button', { name: c.send }).click();
    await expect(page.getByRole('list', { name: c.attachments })).toHaveCount(0);
    await expect(page.getByTestId('attachment-thumbnail')).toHaveCount(0);

    const link = page.getByTestId('timeline').getByRole('link', { name });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${baseURL}/api/files/`));
    const stored = await page.request.get(href!);
    expect(stored.status()).toBe(200);
    expect(Buffer.from(await stored.body())).toEqual(PNG);
    expect(browserErrors).toEqual([]);
  });
});
