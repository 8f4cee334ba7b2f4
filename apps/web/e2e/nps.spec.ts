import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  demoSandbox,
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
} from './fixtures';

/*
 * NPS over WhatsApp (issue #42 item 1) on the demo's 'Canal de prueba': a survey sent after an
 * archiving, the customer's '9' and comment in the message's bubble, the figures on 'NPS'
 * moving live, and a '3' from another customer leaving a reminder for its seller. The sellers
 * and contacts are the test's own; the configuration is deleted at the end.
 */

const t = es.nps;
let configId: string | null = null;

test.afterEach(async ({ page }) => {
  if (configId) {
    await signIn(page, 'comercial@demo.test');
    await trpcMutation(page, 'nps.remove', { id: configId });
    configId = null;
  }
  await retireNewSellers(page);
});

/** The customer writes from the sandbox's customer page (its API). */
async function customerWrites(page: Page, key: string, mobile: string, text: string) {
  const wrote = await page.request.post(`/api/sandbox/whatsapp/${key}/messages`, {
    data: { phone: `+598${mobile.slice(1)}`, name: 'Cliente', text },
  });
  expect(wrote.status()).toBe(201);
}

test('la encuesta NPS tras archivar: el 9 y su comentario en la burbuja, las cifras en vivo y el recordatorio de un 3', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Nadia',
    lastname: 'Encuesta',
  });
  const other = await newSellerPage(page, browser, baseURL, {
    name: 'Omar',
    lastname: 'Detractor',
  });
  await signIn(page, 'comercial@demo.test');
  const { key } = await demoSandbox(page);
  const channels = await trpcQuery<Array<{ id: string; sandboxUrl: string | null }>>(
    page,
    'channel.list',
    undefined,
  );
  const name = `NPS ${uniqueLetters()}`;
  const config = await trpcMutation<{ id: string }>(page, 'nps.create', {
    name,
    question: '¿Qué tan probable es que nos recomiendes?',
    channelId: channels.find((each) => each.sandboxUrl)!.id,
    templateName: 'encuesta_nps',
    templateLanguage: 'es',
    trigger: 'archiving',
    archivingReasons: ['sin-interes'],
  });
  configId = config.id;

  // The figures of this configuration, open before anything is answered.
  await page.goto('/comercial/netpromoterscore');
  await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: t.statistics.config }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByTestId('nps-answered-value')).toHaveText('0');

  // The seller archives a contact of theirs: the survey goes out on its own.
  const mobile = uniqueMobile();
  const contact = await createTestContact(seller, 'Nora', { phones: [mobile] });
  await trpcMutation(seller, 'interaction.archive', {
    contactId: contact.id,
    id: clientId(),
    reason: 'sin-interes',
  });
  await seller.goto(`/contact?id=${contact.id}`);
  const survey = seller.getByTestId('nps-survey');
  await expect(survey).toContainText(t.statuses.sended, { timeout: 15_000 });
  await expect(survey.getByRole('switch', { name: t.bubble.active })).toBeChecked();
  await expect(page.getByTestId('nps-sent-value')).toHaveText('1');

  await customerWrites(page, key, mobile, '9');
  await expect(survey.getByTestId('nps-score')).toHaveText(format(t.bubble.score, { score: 9 }));
  await customerWrites(page, key, mobile, 'Excelente atención');
  await expect(survey.getByTestId('nps-comment')).toHaveText(
    format(t.bubble.comment, { comment: 'Excelente atención' }),
  );
  // Answered: no more cancel or activate.
  await expect(survey.getByRole('switch')).toHaveCount(0);
  await expect(page.getByTestId('nps-figure-value')).toHaveText('+100');
  await expect(page.getByTestId('nps-answers')).toContainText('Excelente atención');

  // Another seller's customer answers '3': a reminder for that seller, and the NPS moves to 0.
  const otherMobile = uniqueMobile();
  const unhappy = await createTestContact(other, 'Ulises', { phones: [otherMobile] });
  await trpcMutation(other, 'interaction.archive', {
    contactId: unhappy.id,
    id: clientId(),
    reason: 'sin-interes',
  });
  await other.goto(`/contact?id=${unhappy.id}`);
  await expect(other.getByTestId('nps-survey')).toContainText(t.statuses.sended, {
    timeout: 15_000,
  });
  await customerWrites(page, key, otherMobile, '3');
  // The reminder's chip, its comment as its title, reaches the seller's open conversation.
  await expect(other.getByTitle(format(t.reminder, { score: 3 }))).toBeVisible();
  await expect(page.getByTestId('nps-figure-value')).toHaveText('0');
  await expect(page.getByTestId('nps-answered-value')).toHaveText('2');
  await expect(page.getByTestId('nps-detractors')).toContainText('1');
  expect(browserErrors).toEqual([]);
});
