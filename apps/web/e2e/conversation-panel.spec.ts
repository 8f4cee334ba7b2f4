import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  browserToday,
  clientId,
  createTestContact,
  expect,
  failOnce,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
  uniqueMobile,
} from './fixtures';

/**
 * The conversation's call button and outcome question, bot chip and toggle, and the info side
 * panel (issue #6, deliver 7 and 9). The database is shared by every test of a run, so each test
 * creates its own contact through the API first.
 */

const calls = es.conversation.calls;
const bot = es.conversation.bot;
const info = es.conversation.infoPanel;

/** A contact of vendedor@demo.test (signed in on `page`) with `phones` numbers, opened. */
async function openNewContact(page: Page, firstName: string, phones = 1): Promise<string> {
  const { id, name } = await createTestContact(page, firstName, {
    phones: Array.from({ length: phones }, () => uniqueMobile()),
  });
  await page.goto(`/contact?id=${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return id;
}

interface TimelineItem {
  id: string;
  type: string;
  status: string | null;
  content: Record<string, unknown>;
}

async function newestItem(page: Page, contactId: string): Promise<TimelineItem | undefined> {
  const { items } = await trpcQuery<{ items: TimelineItem[] }>(page, 'interaction.timeline', {
    contactId,
  });
  return items.at(-1);
}

const callButton = (page: Page) => page.getByRole('button', { name: calls.call, exact: true });
const chips = (page: Page) => page.getByRole('group', { name: es.conversation.actions.chipsLabel });

test.describe('Llamadas y bot en la conversación', () => {
  test('una llamada al segundo número queda en curso y otra llamada avisa que el contacto ya está en llamada', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await openNewContact(page, 'Llamar', 2);
    const contact = await trpcQuery<{ phones: Array<{ phone: string; national: string }> }>(
      page,
      'contact.get',
      { id },
    );
    const second = contact.phones[1]!;

    await callButton(page).click();
    const picker = page.getByRole('menu');
    await expect(picker.getByText(calls.pickPhone)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/call-phone-picker.png' });
    await picker.getByRole('menuitem', { name: second.national }).click();

    await expect
      .poll(async () => {
        const item = await newestItem(page, id);
        return item && { type: item.type, status: item.status, phone: item.content.phone };
      })
      .toEqual({ type: 'phoneCall', status: 'calling', phone: second.phone });
    await expect(callButton(page)).toHaveAttribute('aria-disabled', 'true');

    // Pressing it again while the call is in progress only tells so (it is aria-disabled, which
    // Playwright will not click unless forced; a mouse does).
    await callButton(page).click({ force: true });
    const toast = page.getByRole('alert').filter({ hasText: calls.inCallTitle });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(calls.inCall);
    await page.screenshot({ path: 'test-results/call-in-progress.png' });

    // The server refuses a second call too (another tab that did not know yet).
    const refused = await page.request.post('/api/trpc/interaction.startCall', {
      data: {
        json: { contactId: id, id: clientId(), phone: second.phone },
      },
    });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as { error: { json: { data: { domainCode: string } } } };
    expect(body.error.json.data.domainCode).toBe('CONTACT_IN_CALL');

    // The question replaces the composer; its answer closes the call and calling is possible again.
    const question = page.getByRole('region', {
      name: format(calls.question, { phone: second.national }),
    });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: calls.outcomes.voicemail }).click();
    await expect(question).toHaveCount(0);
    await expect.poll(async () => (await newestItem(page, id))?.status).toBe('voicemail');
    await expect(callButton(page)).not.toHaveAttribute('aria-disabled', 'true');
    expect(browserErrors).toEqual([]);
  });

  test('el bot se activa desde el menú y se desactiva desde su chip, con confirmación', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await openNewContact(page, 'Bot');
    const chip = chips(page).getByText(bot.chip, { exact: true });
    await expect(chip).toHaveCount(0);

    await page.getByRole('button', { name: bot.moreActions }).click();
    await page.getByRole('menuitem', { name: bot.turnOn }).click();
    const activate = page.getByRole('dialog', { name: bot.onTitle });
    await expect(activate).toContainText(bot.onQuestion);
    await settle(page);
    await page.screenshot({ path: 'test-results/bot-activate.png' });
    await activate.getByRole('button', { name: bot.confirmOn }).click();
    await expect(activate).toHaveCount(0);
    await expect(chip).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: bot.turnedOn })).toBeVisible();
    expect((await trpcQuery<{ botActive: boolean }>(page, 'contact.get', { id })).botActive).toBe(
      true,
    );
    await page.screenshot({ path: 'test-results/bot-chip.png' });

    // Cancelling the confirmation leaves it on.
    await chips(page)
      .getByRole('button', { name: new RegExp(bot.chip) })
      .click();
    const deactivate = page.getByRole('dialog', { name: bot.offTitle });
    await expect(deactivate).toContainText(bot.offQuestion);
    await deactivate.getByRole('button', { name: es.conversation.actions.cancel }).click();
    await expect(deactivate).toHaveCount(0);
    await expect(chip).toBeVisible();

    // A failure keeps the dialog open with the catalogue's text; the retry goes through.
    await failOnce(page, 'interaction.setBot');
    await chips(page)
      .getByRole('button', { name: new RegExp(bot.chip) })
      .click();
    await deactivate.getByRole('button', { name: bot.confirmOff }).click();
    await expect(deactivate.getByRole('alert')).toHaveText(bot.failed);
    await deactivate.getByRole('button', { name: bot.confirmOff }).click();
    await expect(deactivate).toHaveCount(0);
    await expect(chip).toHaveCount(0);
    expect((await trpcQuery<{ botActive: boolean }>(page, 'contact.get', { id })).botActive).toBe(
      false,
    );
    await page.getByRole('button', { name: bot.moreActions }).click();
    await expect(page.getByRole('menuitem', { name: bot.turnOn })).toBeVisible();
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });
});

test.describe('Panel de información de la conversación', () => {
  test('la actividad muestra el mejor momento después de una nota y los archivos vienen de a 10', async ({
    page,
    browserErrors,
  }) => {
    // Note attachments are for admins (03 §6).
    await signIn(page, 'admin@demo.test');
    const id = await openNewContact(page, 'Panel');
    const panel = page.getByRole('complementary', { name: info.label });
    await expect(panel.getByText(info.activityEmpty)).toBeVisible();

    await trpcMutation(page, 'interaction.createNote', {
      contactId: id,
      id: clientId(),
      body: 'Te paso el catálogo',
      files: Array.from({ length: 12 }, (_, index) => ({
        name: `catalogo-${index + 1}.pdf`,
        url: `https://example.com/catalogo-${index + 1}.pdf`,
        mimeType: 'application/pdf',
        size: 1536 * (index + 1),
      })),
    });
    const weekday = es.conversation.actions.weekdays[(await browserToday(page)).day()]!;
    await expect(panel.getByText(format(info.bestMoment, { day: weekday }))).toBeVisible();

    await panel.getByRole('textbox', { name: info.interactionsSearch }).fill('catálogo');
    const matches = panel.getByRole('list', { name: info.interactions });
    await expect(matches.getByRole('listitem')).toHaveCount(1);
    await expect(matches.getByRole('listitem')).toContainText(info.types.note!);

    await panel.getByRole('button', { name: info.files }).click();
    const files = panel.getByRole('list', { name: info.files });
    await expect(files.getByRole('listitem')).toHaveCount(10);
    await panel.getByRole('button', { name: info.seeMore }).click();
    await expect(files.getByRole('listitem')).toHaveCount(12);
    await expect(files.getByRole('listitem').filter({ hasText: 'catalogo-1.pdf' })).toContainText(
      '1,50 KB',
    );
    await expect(panel.getByRole('button', { name: info.seeMore })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/info-panel.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });
});
