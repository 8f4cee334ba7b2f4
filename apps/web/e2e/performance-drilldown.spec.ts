import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import { inboundText } from '../../server/src/providers/whatsapp-cloud/graph-simulator';
import {
  browserToday,
  createTestContact,
  expect,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
} from './fixtures';
import { sellerWithWhatsappChannel } from './whatsapp-channel';

/*
 * 'Rendimiento' explains itself and leads to the records (issue #35 item 1): a figure's
 * definition on hover or focus, 'Sin atender (+24 h)' opening exactly those conversations, and a
 * ranking row opening the seller's inbox, as the supervisor at 1366×768.
 */
const SELLER_NAME = 'Valentín Vendedor';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The link of a figure to its records, whatever the figure's value. */
const recordsLinkName = (metric: string) =>
  new RegExp(`^${escapeRegExp(format(es.goals.openRecords, { metric, value: '' }))}`);

/** This week's Monday and Sunday on the browser's clock, as the dashboard's default period. */
const weekFrom = async (page: Page) => {
  const today = await browserToday(page);
  return today.subtract((today.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};
const weekTo = async (page: Page) =>
  (await browserToday(page))
    .subtract(((await browserToday(page)).day() + 6) % 7, 'day')
    .add(6, 'day')
    .format('YYYY-MM-DD');

const conversationsOf = (page: Page) =>
  page.getByRole('list', { name: es.conversation.inbox.conversationsTitle });

test.describe('Rendimiento lleva a los registros', () => {
  test('la definición de una cifra aparece al pasar el puntero y al enfocarla con el teclado', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    const taken = page.getByTestId('definition-contactsTaken');
    await taken.hover();
    await expect(page.getByRole('tooltip')).toHaveText(es.goals.definitions.contactsTaken);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    const single = page.getByRole('button', {
      name: format(es.goals.definitionOf, { metric: es.goals.metrics.singleTracing }),
    });
    await single.focus();
    await expect(page.getByRole('tooltip')).toHaveText(es.goals.definitions.singleTracing);
    expect(browserErrors).toEqual([]);
  });

  test('a 1366 px el ranking muestra todas sus columnas sin desplazarse de lado ni cortar palabras, y el equipo su objetivo junto a su cifra', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    const ranking = page.getByTestId('ranking');
    await expect(ranking.getByRole('row', { name: /Valentín Vendedor/ })).toBeVisible();
    const headers = ranking.getByRole('columnheader');
    await expect(headers.last()).toHaveText(es.goals.goals.title);
    const measured = await ranking.evaluate((table) => {
      const frame = table.closest('.mantine-TableScrollContainer-scrollContainer')!;
      const words = [...table.querySelectorAll('th, .mantine-Badge-label')];
      return {
        sideways: frame.scrollWidth - frame.clientWidth,
        lastRight: Math.max(...words.map((word) => word.getBoundingClientRect().right)),
        cut: words
          .filter((word) => word.scrollWidth > word.clientWidth)
          .map((word) => word.textContent),
      };
    });
    expect(measured.sideways).toBeLessThanOrEqual(0);
    expect(measured.lastRight).toBeLessThanOrEqual(1366);
    expect(measured.cut).toEqual([]);
    // The menu footer's user name, whole: it wraps rather than being cut.
    const footerName = page.getByTestId('user-menu-name');
    await expect(footerName).toHaveText('Sergio Supervisor');
    expect(
      await footerName.evaluate(
        (name) => name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight,
      ),
    ).toBe(true);

    // The team's goal beside its actual: the sum of its sellers' goals of the week.
    const board = await trpcQuery<{
      teamGoal: Array<{ metric: string; target: number; value: number }>;
    }>(page, 'goal.dashboard', { period: { from: await weekFrom(page), to: await weekTo(page) } });
    const tracing = board.teamGoal.find((each) => each.metric === 'tracing')!;
    await expect(page.getByTestId('kpi-tracing').getByTestId('kpi-team-goal')).toHaveText(
      format(es.goals.goals.teamOfTarget, { value: tracing.value, target: tracing.target }),
    );
    expect(browserErrors).toEqual([]);
  });

  test("'Sin atender (+24 h)' abre exactamente esas conversaciones y una fila del ranking el inbox del vendedor", async ({
    page,
    browser,
    baseURL,
    signedInPage,
    browserErrors,
  }) => {
    test.setTimeout(90_000);
    const phoneNumberId = `1066${Date.now()}`;
    const { post, close } = await sellerWithWhatsappChannel(page, browser, baseURL, {
      name: `WhatsApp Rendimiento ${uniqueLetters()}`,
      appSecret: 'e2e-drilldown-secret',
      phoneNumberId,
    });
    try {
      // Two customers of the seller write: one two days ago (unanswered since), one just now.
      const waiting = `Olga ${uniqueLetters()}`;
      const recent = `Rita ${uniqueLetters()}`;
      await post(
        inboundText(phoneNumberId, {
          from: `598${uniqueMobile().slice(1)}`,
          name: waiting,
          text: '¿Me pasan el precio?',
          at: new Date(Date.now() - 2 * 24 * 3_600_000),
        }),
      );
      await post(
        inboundText(phoneNumberId, {
          from: `598${uniqueMobile().slice(1)}`,
          name: recent,
          text: '¿Abren el sábado?',
        }),
      );
      // The demo seller's inbox is shared with other files, so a two-day-old message may be
      // pages down: the newest is at the top, the older one is found by its name.
      await page.goto('/contact');
      await expect(conversationsOf(page)).toContainText(recent);
      await page.getByTestId('inbox-search').fill(waiting);
      await expect(conversationsOf(page)).toContainText(waiting);

      const supervisor = await signedInPage('supervisor@demo.test');
      supervisor.on('pageerror', (error) => browserErrors.push(`supervisor: ${error.message}`));
      await supervisor.setViewportSize({ width: 1366, height: 768 });
      await supervisor.goto('/');
      const card = supervisor.getByTestId('kpi-unattended');
      await expect(card.getByTestId('kpi-value')).toHaveText(/^[1-9]\d*$/);
      const count = Number(await card.getByTestId('kpi-value').textContent());
      await card.getByTestId('kpi-link').click();

      await expect(supervisor).toHaveURL(/\/contact\?.*unattended=true/);
      await expect(
        supervisor.getByRole('checkbox', { name: es.conversation.inbox.workspace.unattended }),
      ).toBeChecked();
      const list = conversationsOf(supervisor);
      await expect(list).toContainText(waiting);
      await expect(list.getByRole('listitem')).toHaveCount(count);
      await expect(list).not.toContainText(recent);

      // Back to the dashboard: the seller's row opens the seller's inbox in one click.
      await supervisor.goto('/');
      const row = supervisor.getByTestId('ranking').getByRole('row', { name: /Valentín Vendedor/ });
      await row
        .getByRole('link', {
          name: format(es.goals.ranking.openInbox, { name: 'Valentín Vendedor' }),
        })
        .click();
      await expect(supervisor).toHaveURL(/\/contact\?agent=[0-9a-f-]{36}$/);
      await expect(conversationsOf(supervisor)).toContainText(recent);
      await supervisor.getByTestId('inbox-search').fill(waiting);
      await expect(conversationsOf(supervisor)).toContainText(waiting);
      await expect(conversationsOf(supervisor).getByRole('listitem')).toHaveCount(1);
    } finally {
      await close();
    }
    expect(browserErrors).toEqual([]);
  });

  test('una cifra, una celda del ranking y un punto del gráfico abren sus contactos y ventas, filtrados por vendedor y período', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    test.setTimeout(90_000);
    // The demo seller gets a contact (activity today) and a sale sold today, both named uniquely.
    await signIn(page, 'vendedor@demo.test');
    const phone = uniqueMobile();
    const contact = await createTestContact(page, 'Irene', { phones: [phone] });
    const today = await browserToday(page);
    await trpcMutation(page, 'receipt.create', {
      contactId: contact.id,
      status: 'sold',
      ticketId: `REN-${uniqueLetters()}`,
      ticketSaleId: `V-${uniqueLetters()}`,
      saleDate: today.format('DD/MM/YYYY'),
      phone,
      name: contact.name,
      value: 1500,
    });
    const day = today.format('YYYY-MM-DD');

    // The supervisor: a seller's 'Contactos nuevos' cell opens the seller's contacts of the week.
    const supervisor = await signedInPage('supervisor@demo.test');
    supervisor.on('pageerror', (error) => browserErrors.push(`supervisor: ${error.message}`));
    await supervisor.setViewportSize({ width: 1366, height: 768 });
    await supervisor.goto('/');
    const row = supervisor.getByTestId('ranking').getByRole('row', { name: /Valentín Vendedor/ });
    await row
      .getByRole('link', {
        name: recordsLinkName(`${es.goals.metrics.contacts} (${SELLER_NAME})`),
      })
      .click();
    await expect(supervisor).toHaveURL(
      /\/contacts\?.*agentId=[0-9a-f-]{36}.*activeFrom=\d{4}-\d{2}-\d{2}.*activeTo=/,
    );
    await expect(supervisor.getByRole('button', { name: es.contacts.activeFromFilter })).toHaveText(
      /\d{2}\/\d{2}\/\d{4}/,
    );
    await supervisor.getByRole('textbox', { name: es.contacts.search }).fill(contact.name);
    await expect(supervisor.getByText(contact.name)).toBeVisible();

    // The team's 'Seguimientos' card opens the contacts with activity in the week.
    await supervisor.goto('/');
    await supervisor
      .getByTestId('kpi-tracing')
      .getByRole('link', { name: recordsLinkName(es.goals.metrics.tracing) })
      .click();
    await expect(supervisor).toHaveURL(/\/contacts\?activeFrom=.*activeTo=/);
    await expect(supervisor).not.toHaveURL(/agentId=/);

    // A day of the chart opens that day's contacts.
    await supervisor.goto('/');
    const chart = supervisor.getByRole('application').first();
    await chart.scrollIntoViewIfNeeded();
    const tick = chart.getByText(today.format('DD/MM'), { exact: true });
    const dayAddress = new RegExp(`/contacts\\?activeFrom=${day}&activeTo=${day}$`);
    // The chart reads the hovered day on a mouse move: move, then click, until the day opens
    // (measured again each time, as the cards above may still be growing).
    await expect(async () => {
      const box = (await tick.boundingBox())!;
      const point = { x: box.x + box.width / 2, y: box.y - 60 };
      await supervisor.mouse.move(point.x, point.y);
      await supervisor.mouse.click(point.x, point.y);
      await expect(supervisor).toHaveURL(dayAddress, { timeout: 2_000 });
    }).toPass();
    await supervisor.getByRole('textbox', { name: es.contacts.search }).fill(contact.name);
    await expect(supervisor.getByText(contact.name)).toBeVisible();
    // Supervisors do not open 'Ventas' (slug comercial-sale): their sales figure is no link.
    await supervisor.goto('/');
    await expect(supervisor.getByTestId('kpi-sale').getByRole('link')).toHaveCount(0);

    // The back office ('Ventas' is theirs): the seller's sales cell opens the week's sales.
    const comercial = await signedInPage('comercial@demo.test');
    comercial.on('pageerror', (error) => browserErrors.push(`comercial: ${error.message}`));
    await comercial.setViewportSize({ width: 1366, height: 768 });
    await comercial.goto('/');
    await comercial
      .getByTestId('ranking')
      .getByRole('row', { name: /Valentín Vendedor/ })
      .getByRole('link', { name: recordsLinkName(`${es.goals.metrics.sale} (${SELLER_NAME})`) })
      .click();
    await expect(comercial).toHaveURL(/\/comercial\/sale\?.*sellerId=.*dates=sale/);
    await expect(comercial.getByRole('combobox', { name: es.salesOffice.datesFilter })).toHaveValue(
      es.salesOffice.dates.sale,
    );
    await comercial.getByRole('textbox', { name: es.salesOffice.search }).fill(contact.name);
    await expect(comercial.getByTestId('sale-row')).toHaveCount(1);
    await expect(comercial.getByTestId('sale-row')).toContainText(contact.name);
    expect(browserErrors).toEqual([]);
  });
});
