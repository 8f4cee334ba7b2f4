import { es, format } from '@cartera/domain/i18n';
import {
  graphError,
  inboundMedia,
  signedWebhook,
} from '../../server/src/channels/whatsapp-cloud/graph-simulator';
import {
  expect,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
  WHATSAPP_ACCESS_TOKEN,
} from './fixtures';

/**
 * A customer's file the provider does not give (issue #31 item 6): the worker's server tries it
 * 4 times within seconds (fixtures.ts), then the bubble says so in Spanish with the provider's
 * code and 'Reintentar', which fetches it once the provider gives it.
 */

const APP_SECRET = 'e2e-media-secret';
const chat = es.conversation.timeline.chat;

test('un archivo que el proveedor no entrega muestra el aviso y «Reintentar» lo trae', async ({
  page,
  browser,
  baseURL,
  whatsappCloud,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'vendedor@demo.test');
  const me = await trpcQuery<{ user: { id: string } }>(page, 'auth.me', undefined);
  const manager = await browser.newContext({ baseURL });
  const managerPage = await manager.newPage();
  await signIn(managerPage, 'comercial@demo.test');
  const phoneNumberId = `1077${Date.now()}`;
  const channel = await trpcMutation<{ id: string; webhookUrl: string }>(
    managerPage,
    'channel.create',
    {
      type: 'whatsapp_business',
      name: `WhatsApp Archivos ${uniqueLetters()}`,
      config: { phoneNumberId },
      secrets: { accessToken: WHATSAPP_ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: 'v' },
      roundRobin: { enabled: true, userIds: [me.user.id] },
    },
  );
  try {
    const from = `598${uniqueMobile().slice(1)}`;
    const customer = `Rosa ${uniqueLetters()}`;
    const mediaId = whatsappCloud.simulator.storeMedia(
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      'application/pdf',
    );
    const failure = graphError(1, 'An unknown error occurred', 500);
    whatsappCloud.simulator.failMediaNext(failure, failure, failure, failure);
    const { body, headers } = signedWebhook(
      APP_SECRET,
      inboundMedia(phoneNumberId, {
        from,
        name: customer,
        kind: 'document',
        mediaId,
        mimeType: 'application/pdf',
        fileName: 'presupuesto.pdf',
        caption: 'Te mando el presupuesto',
      }),
    );
    expect((await fetch(channel.webhookUrl, { method: 'POST', headers, body })).status).toBe(200);
    // The new contact is the seller's, at the top of 'Conversaciones'.
    await page.goto('/contact');
    const conversation = page
      .getByRole('list', { name: es.conversation.inbox.conversationsTitle })
      .getByRole('listitem')
      .filter({ hasText: customer });
    await conversation.getByRole('link').click();
    const bubble = page.getByTestId('timeline-item').filter({ hasText: 'Te mando el presupuesto' });
    const notice = bubble.getByTestId('chat-media-failed');
    await expect(notice).toContainText(chat.mediaFailed, { timeout: 30_000 });
    await expect(notice).toContainText(format(chat.mediaFailedCode, { code: '500' }));

    // The provider gives it now: 'Reintentar' brings it, live.
    await notice.getByRole('button', { name: chat.mediaRetry }).click();
    await expect(bubble.getByRole('button', { name: chat.preview })).toBeVisible({
      timeout: 15_000,
    });
    await expect(bubble.getByTestId('chat-media-failed')).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  } finally {
    await trpcMutation(managerPage, 'channel.remove', { id: channel.id }).catch(() => undefined);
    await manager.close();
  }
});
