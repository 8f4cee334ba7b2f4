import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import {
  graphError,
  inboundMedia,
  inboundText,
  statusUpdate,
} from '../../server/src/providers/whatsapp-cloud/graph-simulator';
import { expect, settle, test, uniqueLetters, uniqueMobile } from './fixtures';
import { sellerWithWhatsappChannel } from './whatsapp-channel';

/**
 * Messages through a WhatsApp Business channel on the conversation screen (issue #12, 03 §2.2,
 * §3 'Channel message', §4 'Delivery icons'): the worker's server talks to its WhatsApp Cloud
 * fake on 127.0.0.1 (fixtures.ts), and the test plays the customer and Meta's delivery receipts
 * by posting signed webhooks as Meta does.
 */

const APP_SECRET = 'e2e-app-secret';
const chat = es.conversation.timeline.chat;
const c = es.conversation.composer;

/** A small PNG photo (a sky over a field) for the customer to send. */
function photo(width = 240, height = 150): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sky = y < height * 0.6;
      const offset = y * row + 1 + x * 3;
      pixels[offset] = sky ? 120 + Math.round((y / height) * 100) : 70;
      pixels[offset + 1] = sky ? 170 + Math.round((y / height) * 60) : 140 + (x % 20);
      pixels[offset + 2] = sky ? 235 : 60;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const timeline = (page: Page) => page.getByTestId('timeline');
/** The bubble of a message on the timeline, by its text. */
const bubble = (page: Page, text: string) =>
  timeline(page).getByTestId('timeline-item').filter({ hasText: text });

test.describe('mensajes por canal', () => {
  test('un cliente nuevo escribe por WhatsApp, el vendedor le responde y ve la entrega, la lectura y los errores', async ({
    page,
    browser,
    baseURL,
    whatsappCloud,
    browserErrors,
  }) => {
    test.setTimeout(60_000);
    // The commercial manager configures the channel; new contacts go to the seller.
    const phoneNumberId = `1065${Date.now()}`;
    const { channel, post, close } = await sellerWithWhatsappChannel(page, browser, baseURL, {
      name: `WhatsApp Ventas ${uniqueLetters()}`,
      appSecret: APP_SECRET,
      phoneNumberId,
      color: '#128C7E',
      // Two messages an hour: the third is refused by the server itself.
      limits: { perHour: 2 },
    });

    try {
      // (a) Someone unknown writes: a new contact of the seller, at the top of 'Conversaciones'.
      await page.goto('/contact');
      const conversations = page.getByRole('list', {
        name: es.conversation.inbox.conversationsTitle,
      });
      await expect(conversations.getByRole('listitem').first()).toBeVisible();
      const customer = `Lucía ${uniqueLetters()}`;
      const from = `598${uniqueMobile().slice(1)}`;
      await post(
        inboundText(phoneNumberId, { from, name: customer, text: 'Hola, ¿tienen stock?' }),
      );
      await expect(conversations.getByRole('listitem').first()).toContainText(customer);

      await conversations.getByRole('listitem').first().getByRole('link').click();
      await expect(page.getByRole('heading', { name: customer })).toBeVisible();
      const first = bubble(page, 'Hola, ¿tienen stock?');
      await expect(first).toHaveAttribute('data-side', 'in');
      await expect(first.getByTestId('chat-channel')).toHaveText(channel.name);

      // The customer writes again while the conversation is open: it arrives live.
      const secondId = `wamid.E2E${uniqueLetters()}`;
      await post(
        inboundText(phoneNumberId, {
          id: secondId,
          from,
          name: customer,
          text: '¿Hacen envíos al interior?',
        }),
      );
      await expect(bubble(page, '¿Hacen envíos al interior?')).toHaveAttribute('data-side', 'in');
      // Read on screen: WhatsApp gets the read receipt of that message (the customer's blue ticks).
      await expect
        .poll(() => whatsappCloud.simulator.reads.map((each) => each.messageId), {
          timeout: 15_000,
        })
        .toContain(secondId);
      // A photo: Cartera fetches it from Meta and shows it in the bubble.
      const mediaId = whatsappCloud.simulator.storeMedia(photo(), 'image/png');
      await post(
        inboundMedia(phoneNumberId, {
          from,
          name: customer,
          kind: 'image',
          mediaId,
          mimeType: 'image/png',
          caption: 'Es para este campo',
        }),
      );
      const picture = bubble(page, 'Es para este campo').getByRole('img', {
        name: chat.media.image,
      });
      await expect(picture).toBeVisible();
      await expect(picture).toHaveJSProperty('naturalWidth', 240);

      // (b) The composer starts on the channel the customer wrote through; Enter sends.
      await expect(page.getByRole('tab', { name: channel.name })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // The other channels are one click away.
      await page.getByRole('button', { name: c.pickChannel }).click();
      const channelMenu = page.getByRole('menu', { name: c.pickChannel });
      await expect(channelMenu.getByRole('menuitem', { name: channel.name })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(
        channelMenu.getByRole('menuitem', { name: es.channels.sandbox.channelName }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(channelMenu).toHaveCount(0);
      const input = page.getByRole('textbox', {
        name: format(c.channelMessage, { channel: channel.name }),
      });
      const reply = 'Sí, enviamos a todo el país. *Sin costo* desde $ 2.000.';
      await input.fill(reply);
      await input.press('Enter');
      await expect(input).toHaveValue('');
      const answer = bubble(page, 'Sí, enviamos a todo el país.');
      await expect(answer).toHaveAttribute('data-side', 'out');
      await expect(answer.getByRole('img', { name: chat.delivery.sent })).toBeVisible();
      const sent = whatsappCloud.simulator.sent.find(
        (each) => each.phoneNumberId === phoneNumberId,
      );
      expect(sent?.body).toMatchObject({
        messaging_product: 'whatsapp',
        to: from,
        type: 'text',
        text: { body: reply },
      });

      // (c) Meta's receipts move the icon: delivered, then read.
      await post(statusUpdate(phoneNumberId, { id: sent!.id, status: 'delivered', to: from }));
      await expect(answer.getByRole('img', { name: chat.delivery.received })).toBeVisible();
      await post(statusUpdate(phoneNumberId, { id: sent!.id, status: 'read', to: from }));
      await expect(answer.getByRole('img', { name: chat.delivery.read })).toBeVisible();

      // (d) Meta refuses the next one: the item ends in error with the catalogue's text.
      whatsappCloud.simulator.failNext(graphError(131026, 'Message undeliverable', 400));
      await input.fill('¿Me confirmás la dirección de entrega?');
      await input.press('Enter');
      const refused = bubble(page, '¿Me confirmás la dirección de entrega?');
      await expect(refused.getByRole('img', { name: chat.delivery.error })).toBeVisible();
      // What Meta's code means, in Spanish, and the code itself for support (issue #31).
      await expect(refused.getByTestId('delivery-error')).toHaveText(
        `Se ha producido un error en el envío del mensaje. ${chat.providerErrors['131026']} (${format(chat.mediaFailedCode, { code: '131026' })})`,
      );

      // The timeline as the seller sees it: the customer's messages left, the company's right.
      await settle(page);
      await page.getByRole('region', { name: es.conversation.timeline.label }).screenshot({
        path: 'test-results/screens/channel-conversation.png',
      });
      await page.screenshot({ path: 'test-results/screens/channel-conversation-page.png' });

      // (e) The server refuses the third message of the hour: the message goes, an alert tells
      // why, and the text comes back to the composer.
      const third = 'Te escribo mañana.';
      await input.fill(third);
      await input.press('Enter');
      const alert = page
        .getByRole('alert')
        .filter({ hasText: errorMessage('MESSAGE_LIMIT_EXCEEDED') });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(errorMessage('SEND_MESSAGE_ERROR'));
      await expect(input).toHaveValue(third);
      await expect(bubble(page, third)).toHaveCount(0);
    } finally {
      await close();
    }
    // The browser reports the refused send (429) itself.
    expect(browserErrors.filter((error) => !error.includes('status of 429'))).toEqual([]);
  });
});
