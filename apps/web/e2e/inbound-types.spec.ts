import { es, format } from '@cartera/domain/i18n';
import {
  startEvolutionFake,
  type EvolutionFake,
} from '../../server/src/providers/evolution/evolution.fake';
import { createTestContact, expect, signIn, test, trpcMutation, uniqueMobile } from './fixtures';

/**
 * Issue #31 (deliver 2): what a customer taps or shares instead of typing, through a WhatsApp
 * gateway (an Evolution API v2 fake on 127.0.0.1), reads as the customer sent it: the button
 * and the list row tapped by their titles, a place with a map link, and a type the product
 * cannot show as a Spanish notice naming it. No bracketed provider token reaches the screen.
 */

const parts = es.conversation.timeline.chat.parts;
const GATEWAY_KEY = 'e2e-inbound-types-key';
const INSTANCE = 'tipos-e2e';

let gateway: EvolutionFake;
test.beforeAll(async () => {
  gateway = await startEvolutionFake({ apiKey: GATEWAY_KEY });
});
test.afterAll(async () => {
  await gateway.stop();
});

test('el vendedor lee el botón tocado, la opción elegida, el lugar con su mapa y un aviso en español', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'proyecto@demo.test');
  const channel = await trpcMutation<{ id: string; webhookUrl: string }>(page, 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Tipos',
    config: { gatewayUrl: gateway.url, instanceName: INSTANCE },
    secrets: { apiKey: GATEWAY_KEY, instanceKey: 'tipos-e2e-token' },
  });
  gateway.simulator.addInstance(INSTANCE, channel.webhookUrl, 'tipos-e2e-token');
  expect((await gateway.open(INSTANCE)).status).toBe(200);

  try {
    await signIn(page, 'vendedor@demo.test');
    const mobile = uniqueMobile();
    const from = `+598${mobile.slice(1)}`;
    const contact = await createTestContact(page, 'Tipos', { phones: [mobile] });

    await gateway.customerWrites(INSTANCE, {
      from,
      raw: {
        buttonsResponseMessage: { selectedButtonId: 'si', selectedDisplayText: 'Sí, me interesa' },
      },
    });
    await gateway.customerWrites(INSTANCE, {
      from,
      raw: {
        listResponseMessage: {
          title: 'Envío a domicilio',
          listType: 'SINGLE_SELECT',
          singleSelectReply: { selectedRowId: 'envio' },
        },
      },
    });
    await gateway.customerWrites(INSTANCE, {
      from,
      raw: {
        locationMessage: {
          degreesLatitude: -34.9058,
          degreesLongitude: -56.1913,
          name: 'Plaza Independencia',
          address: 'Montevideo, Uruguay',
        },
      },
    });
    await gateway.customerWrites(INSTANCE, {
      from,
      raw: { pollCreationMessage: { name: '¿Qué color?', options: [{ optionName: 'Azul' }] } },
    });

    await page.goto(`/contact?id=${contact.id}`);
    const timeline = page.getByTestId('timeline');
    const item = (text: string) => timeline.getByTestId('timeline-item').filter({ hasText: text });

    const button = item('Sí, me interesa');
    await expect(button.getByTestId('chat-choice')).toHaveText(parts.choice.button_reply!);
    await expect(button.getByTestId('chat-choice')).toHaveAttribute(
      'title',
      format(parts.choiceId, { id: 'si' }),
    );
    await expect(item('Envío a domicilio').getByTestId('chat-choice')).toHaveText(
      parts.choice.list_reply!,
    );

    const place = item('Plaza Independencia').getByTestId('chat-location');
    await expect(place).toContainText('Montevideo, Uruguay');
    await expect(place.getByRole('link', { name: parts.openMap })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-34.905800&mlon=-56.191300#map=17/-34.905800/-56.191300',
    );

    await expect(timeline.getByTestId('chat-notice')).toHaveText(
      format(parts.unsupported, { type: parts.typeNames.pollCreationMessage! }),
    );
    await expect(timeline).not.toContainText(/\[[A-Za-z_]+\]/);
    expect(browserErrors).toEqual([]);
  } finally {
    await signIn(page, 'proyecto@demo.test');
    await trpcMutation(page, 'channel.remove', { id: channel.id });
  }
});
