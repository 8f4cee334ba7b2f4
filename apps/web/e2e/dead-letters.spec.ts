import { es, format } from '@cartera/domain/i18n';
import { inboundText } from '../../server/src/providers/whatsapp-cloud/graph-simulator';
import { expect, signIn, test, trpcQuery, uniqueLetters, uniqueMobile } from './fixtures';
import { createWhatsappChannel, metaPosts } from './whatsapp-channel';

/**
 * 'Mensajes no procesados' (issue #31 items 4 and 5): Meta posts a message for a number no
 * channel of the company has to a channel's webhook URL; the channel shows it under 'Mensajes no
 * procesados', and 'Reintentar' once the number's channel exists takes it in, once.
 */

const APP_SECRET = 'e2e-dead-letters-secret';
const text = es.channels.deadLetters;

test('un mensaje para un número sin canal queda en Mensajes no procesados y Reintentar lo toma una vez', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'comercial@demo.test');
  const createWhatsapp = (name: string, phoneNumberId: string) =>
    createWhatsappChannel(page, { name, appSecret: APP_SECRET, phoneNumberId });
  const receiving = await createWhatsapp(
    `WhatsApp Central ${uniqueLetters()}`,
    `2001${Date.now()}`,
  );
  const missingNumberId = `2009${Date.now()}`;
  const customer = `Camila ${uniqueLetters()}`;
  const words = `Hola, quiero el catálogo ${uniqueLetters()}`;
  await metaPosts(
    receiving,
    APP_SECRET,
    inboundText(missingNumberId, {
      id: `wamid.E2E${uniqueLetters()}`,
      from: `598${uniqueMobile().slice(1)}`,
      name: customer,
      text: words,
    }),
  );

  await page.goto('/company/channels');
  const row = page
    .getByRole('table', { name: es.channels.listTitle })
    .getByRole('row')
    .filter({ hasText: receiving.name });
  const badge = row.getByRole('button', { name: format(text.open, { name: receiving.name }) });
  await expect(badge).toHaveText(format(text.count, { count: 1 }));
  await badge.click();
  const panel = page.getByRole('region', {
    name: format(text.panelTitle, { name: receiving.name }),
  });
  const letter = panel.getByTestId('dead-letter');
  await expect(letter).toHaveCount(1);
  await expect(letter).toContainText(
    format(text.reasons.NO_CHANNEL_FOR_NUMBER, { detail: missingNumberId }),
  );
  // The payload as received, readable.
  await expect(letter.locator('pre, code').first()).toContainText(
    `"phone_number_id": "${missingNumberId}"`,
  );
  await expect(letter).toContainText(words);

  // The number's channel is added; 'Reintentar' takes the message in.
  const added = await createWhatsapp(`WhatsApp Catálogo ${uniqueLetters()}`, missingNumberId);
  await letter.getByRole('button', { name: text.retry }).click();
  await expect(page.getByText(text.retried)).toBeVisible();
  await expect(panel.getByText(text.empty)).toBeVisible();
  await expect(badge).toHaveText(format(text.count, { count: 0 }));

  // Once: one contact, one message, through the number's channel.
  await expect
    .poll(
      async () =>
        (
          await trpcQuery<{ items: Array<{ id: string }> }>(page, 'contact.list', {
            search: customer,
          })
        ).items.length,
      { timeout: 15_000 },
    )
    .toBe(1);
  const [contact] = (
    await trpcQuery<{ items: Array<{ id: string }> }>(page, 'contact.list', { search: customer })
  ).items;
  const timeline = await trpcQuery<{ items: Array<{ content: { channelId?: string } }> }>(
    page,
    'interaction.timeline',
    { contactId: contact!.id },
  );
  const messages = timeline.items.filter((item) => item.content.channelId);
  expect(messages).toHaveLength(1);
  expect(messages[0]!.content.channelId).toBe(added.id);
  expect(browserErrors).toEqual([]);
});
