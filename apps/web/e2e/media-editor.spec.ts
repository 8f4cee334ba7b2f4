import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  inboundText,
  signedWebhook,
} from '../../server/src/providers/whatsapp-cloud/graph-simulator';
import {
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  uniqueLetters,
  uniqueMobile,
  unexpectedErrors,
  WHATSAPP_ACCESS_TOKEN,
} from './fixtures';

/**
 * Media before sending (issue #13 item 6; 03 §2.1 media preview and editor, §5 image editor;
 * 02 §5 pasted media, §8 URL paste) through a WhatsApp Business channel whose Graph fake runs
 * on 127.0.0.1 (fixtures.ts): the seller pastes a photo, turns and crops it, writes its caption
 * and sends it; the picture WhatsApp is given is the edited one. A pasted link to a file on
 * another host is brought by the server and sent; a link that fails says so in Spanish.
 */

const APP_SECRET = 'e2e-media-secret';
const c = es.conversation.composer;
const m = c.media;

/** The host the pasted links point at (a catalogue on another site), on 127.0.0.1. */
let host: Server;
let hostUrl: string;
const hosted = new Map<string, Buffer>();

test.beforeAll(async () => {
  host = createServer((request, response) => {
    const body = hosted.get(request.url ?? '');
    if (!body) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(body);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
});

/** A PNG of the given size drawn by the browser: a sky over a field. */
async function picture(page: Page, width: number, height: number): Promise<Buffer> {
  const data = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#7ab8ee';
      context.fillRect(0, 0, w, h * 0.6);
      context.fillStyle = '#468c3c';
      context.fillRect(0, h * 0.6, w, h * 0.4);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height] as const,
  );
  return Buffer.from(data, 'base64');
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Pastes into the composer as the browser does: files, or text. */
async function paste(page: Page, content: { png?: Buffer; name?: string; text?: string }) {
  await page.getByTestId('composer-input').evaluate(
    (field, { png, name, text }) => {
      const data = new DataTransfer();
      if (png) {
        const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], name ?? 'pegado.png', { type: 'image/png' }));
      }
      if (text) data.setData('text/plain', text);
      field.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { png: content.png?.toString('base64'), name: content.name, text: content.text },
  );
}

test('el vendedor gira, recorta y envía una foto con comentario; un enlace pegado se descarga y envía', async ({
  page,
  signedInPage,
  whatsappCloud,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'vendedor@demo.test');
  const managerPage = await signedInPage('comercial@demo.test');
  const phoneNumberId = `1077${Date.now()}`;
  const channel = await trpcMutation<{ id: string; name: string; webhookUrl: string }>(
    managerPage,
    'channel.create',
    {
      type: 'whatsapp_business',
      name: `WhatsApp Fotos ${uniqueLetters()}`,
      color: '#128C7E',
      config: { phoneNumberId },
      secrets: { accessToken: WHATSAPP_ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: 'e2e' },
    },
  );
  const sentTo = () =>
    whatsappCloud.simulator.sent.filter((each) => each.phoneNumberId === phoneNumberId);

  try {
    // The customer wrote a moment ago: WhatsApp's 24-hour window is open.
    const mobile = uniqueMobile();
    const contact = await createTestContact(page, 'Julieta', { phones: [mobile] });
    const { body, headers } = signedWebhook(
      APP_SECRET,
      inboundText(phoneNumberId, { from: `598${mobile.slice(1)}`, text: '¿Me mandás una foto?' }),
    );
    expect((await fetch(channel.webhookUrl, { method: 'POST', headers, body })).status).toBe(200);
    await page.goto(`/contact?id=${contact.id}`);
    await expect(page.getByTestId('timeline')).toContainText('¿Me mandás una foto?');
    await expect(page.getByRole('tab', { name: channel.name })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // (a) A pasted photo (240 × 150) uploads at once; 'Editar' opens its preview.
    await paste(page, { png: await picture(page, 240, 150), name: 'campo.png' });
    const attachments = page.getByRole('list', { name: c.attachments });
    const pasted = attachments.getByRole('listitem', { name: 'campo.png' });
    await expect(pasted.getByText(/^Listo/)).toBeVisible();
    await pasted.getByRole('button', { name: format(m.open, { name: 'campo.png' }) }).click();
    const dialog = page.getByRole('dialog', { name: m.title });
    await expect(dialog.getByTestId('media-preview')).toHaveJSProperty('naturalWidth', 240);

    // 'Volver' leaves the picture as it was.
    await dialog.getByRole('button', { name: m.edit }).click();
    const editor = page.getByRole('dialog', { name: m.editTitle });
    await editor.getByRole('button', { name: m.rotate }).click();
    await editor.getByRole('button', { name: m.back }).click();
    await expect(dialog.getByTestId('media-preview')).toHaveJSProperty('naturalWidth', 240);

    // Turned a quarter (150 × 240), zoomed in one step (1.5: the frame keeps 100 × 160) and saved.
    await dialog.getByRole('button', { name: m.edit }).click();
    await expect(editor.getByRole('button', { name: m.zoomOut })).toBeDisabled();
    await editor.getByRole('button', { name: m.rotate }).click();
    await editor.getByRole('button', { name: m.zoomIn }).click();
    await expect(editor.getByRole('button', { name: m.zoomOut })).toBeEnabled();
    await settle(page);
    await editor.screenshot({ path: 'test-results/screens/media-editor.png' });
    await editor.getByRole('button', { name: m.save }).click();
    const preview = dialog.getByTestId('media-preview');
    await expect(preview).toHaveJSProperty('naturalWidth', 100);
    await expect(preview).toHaveJSProperty('naturalHeight', 160);

    await dialog.getByRole('textbox', { name: m.caption }).fill('Así se ve desde la ruta');
    // The first upload of the edited picture fails: the spec's text, and the dialog stays.
    await page.route('**/api/aws/documents', (route) => route.fulfill({ status: 503 }), {
      times: 1,
    });
    await dialog.getByRole('button', { name: m.send }).click();
    await expect(page.getByRole('alert').filter({ hasText: m.uploadFailed })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: m.caption })).toHaveValue(
      'Así se ve desde la ruta',
    );
    await dialog.getByRole('button', { name: m.send }).click();
    await expect(dialog).toHaveCount(0);
    // Sent from the dialog: it left the composer's attachments.
    await expect(attachments).toHaveCount(0);
    await expect(page.getByTestId('timeline')).toContainText('Así se ve desde la ruta');

    // WhatsApp is given the edited picture: turned and cropped.
    await expect.poll(() => sentTo().length, { timeout: 15_000 }).toBe(1);
    const photo = sentTo()[0]!.body as { type: string; image: { link: string; caption: string } };
    expect(photo).toMatchObject({ type: 'image', image: { caption: 'Así se ve desde la ruta' } });
    const stored = await page.request.get(photo.image.link);
    expect(stored.ok()).toBe(true);
    expect(pngSize(await stored.body())).toEqual({ width: 100, height: 160 });

    // (b) A pasted link to a picture on another site: the server brings it, then it is sent.
    const plan = await picture(page, 64, 48);
    hosted.set('/catalogo/plano-frente.png', plan);
    const input = page.getByTestId('composer-input');
    await paste(page, { text: `${hostUrl}/catalogo/plano-frente.png` });
    await expect(
      attachments.getByRole('listitem', { name: 'plano-frente.png' }).getByText(/^Listo/),
    ).toBeVisible();
    // The link was taken as a file, not as text.
    await expect(input).toHaveValue('');
    await page.getByRole('button', { name: c.send, exact: true }).click();
    await expect(attachments).toHaveCount(0);
    await expect.poll(() => sentTo().length, { timeout: 15_000 }).toBe(2);
    const linked = sentTo()[1]!.body as { image: { link: string } };
    const brought = await page.request.get(linked.image.link);
    expect((await brought.body()).equals(plan)).toBe(true);

    // (c) A link that cannot be downloaded says so, and nothing is attached.
    const missing = `${hostUrl}/catalogo/no-existe.png`;
    await paste(page, { text: missing });
    const alert = page.getByRole('alert').filter({ hasText: c.downloadFailedTitle });
    await expect(alert).toContainText(format(c.downloadFailed, { url: missing }));
    await expect(page.getByRole('list', { name: c.attachments })).toHaveCount(0);
    expect(sentTo()).toHaveLength(2);
  } finally {
    await trpcMutation(managerPage, 'channel.remove', { id: channel.id });
  }
  // The browser reports the refused download (422) and the failed upload (503) itself.
  expect(unexpectedErrors(browserErrors, [422, 503])).toEqual([]);
});
