import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@cartera/client';
import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

/**
 * 'Mi Empresa' › 'Seguridad e integraciones' › 'Webhooks' (issue #36 item 4): the comercial
 * subscribes a receiver on 127.0.0.1 (which the worker's server lets through its outbound
 * guard), sees the secret once, sends the test event, sees its delivery with the receiver's
 * status code, resends it, and removes the subscription.
 */

const t = es.webhooks;

let server: Server;
let url: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = 202;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cartera`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

test('comercial suscribe un receptor, envía el evento de prueba, ve la respuesta y lo reenvía', async ({
  page,
}) => {
  await signIn(page, 'comercial@demo.test');
  await page.goto('/company/security');
  const panel = page.getByRole('region', { name: t.title });
  await panel.getByRole('button', { name: t.add }).click();
  const dialog = page.getByRole('dialog', { name: t.add });
  // Nothing chosen: the Spanish errors, and nothing stored.
  await dialog.getByRole('button', { name: t.create }).click();
  await expect(dialog.getByText(t.urlRequired)).toBeVisible();
  await expect(dialog.getByText(t.eventTypesRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: t.url }).fill(url);
  await dialog.getByRole('checkbox', { name: t.types['interaction.created'] }).check();
  await dialog.getByRole('button', { name: t.create }).click();

  const secretDialog = page.getByRole('dialog', { name: t.secretTitle });
  const secret = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: t.done }).click();

  const row = panel.getByTestId('webhook-subscriptions').getByRole('row').filter({ hasText: url });
  await expect(row.getByText(t.active)).toBeVisible();
  await panel.getByRole('button', { name: t.sendTest }).click();
  const deliveries = panel.getByTestId('webhook-deliveries');
  const delivery = deliveries.getByRole('row').filter({ hasText: t.deliveryState.delivered });
  await expect(delivery).toHaveCount(1, { timeout: 15_000 });
  await expect(delivery.getByRole('cell', { name: '202', exact: true })).toBeVisible();
  expect(received).toHaveLength(1);
  const first = verifyWebhook(secret, received[0]!.headers, received[0]!.body);
  expect(first).toMatchObject({ ok: true, event: { type: 'webhook.test' } });

  await delivery.getByRole('button', { name: t.resend }).click();
  await expect(delivery.getByRole('cell', { name: '2', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  expect(received).toHaveLength(2);
  const second = verifyWebhook(secret, received[1]!.headers, received[1]!.body);
  expect(second.ok && first.ok && second.event.id === first.event.id).toBe(true);

  await row.getByRole('button', { name: t.remove }).click();
  await page
    .getByRole('dialog', { name: t.removeTitle })
    .getByRole('button', { name: t.remove })
    .click();
  await expect(panel.getByTestId('webhook-subscriptions').getByText(url)).toHaveCount(0);
});
