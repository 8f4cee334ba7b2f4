import type { Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  expect,
  failOnce,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
} from './fixtures';

/**
 * The timeline's own offers (issue #6): reminders suggested by a note, the snooze item after the
 * newest item and 'Siguiente contacto'. The database is shared by every test of a run, so each
 * test creates its own contacts through the API first.
 */

const t = es.conversation.timeline;
const chips = (page: Page) => page.getByRole('group', { name: es.conversation.actions.chipsLabel });
const timeline = (page: Page) => page.getByTestId('timeline');

interface Contact {
  id: string;
  name: string;
}

/** A contact of the signed-in seller with the given notes, written in order. */
async function contactWithNotes(page: Page, firstName: string, notes: string[]): Promise<Contact> {
  const contact = await createTestContact(page, firstName);
  for (const body of notes) {
    await trpcMutation(page, 'interaction.createNote', {
      contactId: contact.id,
      id: clientId(),
      body,
    });
  }
  return contact;
}

async function open(page: Page, contact: Contact, inbox?: string) {
  await page.goto(`/contact?id=${contact.id}${inbox ? `&inbox=${inbox}` : ''}`);
  await expect(page.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
}

interface Suggestion {
  content: { reminderDate: string };
  done: boolean;
  removed: boolean;
}

async function suggestionsOf(page: Page, contactId: string) {
  const page1 = await trpcQuery<{ items: Array<{ type: string; suggestions: Suggestion[] }> }>(
    page,
    'interaction.timeline',
    { contactId },
  );
  return page1.items.find((item) => item.type === 'note')!.suggestions;
}

const montevideoDate = (iso: string) =>
  new Intl.DateTimeFormat('es-UY', {
    timeZone: 'America/Montevideo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

test.describe('Ofertas del timeline', () => {
  test('una nota que habla del futuro sugiere recordatorios: se agendan con el tilde o se descartan', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await contactWithNotes(page, 'Sugerida', [
      'Dice que lo llame el mes que viene o en 6 meses',
    ]);
    const [nextMonth, sixMonths] = await suggestionsOf(page, contact.id);
    const nextLabel = format(t.suggestion, {
      date: montevideoDate(nextMonth!.content.reminderDate),
    });
    const sixLabel = format(t.suggestion, {
      date: montevideoDate(sixMonths!.content.reminderDate),
    });
    await open(page, contact);
    const offered = timeline(page).getByTestId('suggested-reminder');
    await expect(offered).toHaveCount(2);
    await expect(offered.nth(0)).toContainText(nextLabel);

    // The 'x' dismisses one for good.
    await page.getByRole('button', { name: `${t.suggestionRemove}: ${sixLabel}` }).click();
    await expect(offered).toHaveCount(1);
    await expect.poll(async () => (await suggestionsOf(page, contact.id))[1]!.removed).toBe(true);

    // A refused completion brings the chip back with an error toast.
    await failOnce(page, 'interaction.completeSuggestion');
    const take = page.getByRole('button', { name: `${t.suggestionTake}: ${nextLabel}` });
    await take.click();
    await expect(
      page.getByRole('alert').filter({ hasText: errorMessage(undefined) }),
    ).toBeVisible();
    await expect(offered).toHaveCount(1);

    // The check sets the reminder at the suggested date: the chip bar shows it.
    await take.click();
    await expect(offered).toHaveCount(0);
    await expect(chips(page)).toContainText(montevideoDate(nextMonth!.content.reminderDate));
    const saved = await trpcQuery<{ reminder: { reminderDate: string } | null }>(
      page,
      'contact.get',
      { id: contact.id },
    );
    expect(saved.reminder?.reminderDate).toBe(nextMonth!.content.reminderDate);
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });

  test('sin recordatorio y tras una nota del agente, posponer agenda uno a 24 horas', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await contactWithNotes(page, 'Pospuesta', ['Le envié la propuesta.']);
    await open(page, contact);
    const snooze = page.getByTestId('snooze-item');
    await expect(snooze).toBeVisible();
    const before = Date.now();
    await snooze
      .getByRole('button', { name: format(t.snoozeAction, { duration: '24 horas' }) })
      .click();
    await expect(snooze).toHaveCount(0);
    const saved = await trpcQuery<{ reminder: { reminderDate: string } | null }>(
      page,
      'contact.get',
      { id: contact.id },
    );
    const ahead = Date.parse(saved.reminder!.reminderDate) - before;
    expect(ahead).toBeGreaterThan(23.9 * 3_600_000);
    expect(ahead).toBeLessThan(24.1 * 3_600_000);
    expect(browserErrors).toEqual([]);
  });

  test("'Siguiente contacto' abre el contacto que sigue en 'Conversaciones'", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const following = await contactWithNotes(page, 'Siguiente', []);
    const long = await contactWithNotes(
      page,
      'Larga',
      Array.from({ length: 24 }, (_, n) => `Nota ${n + 1}\nsegunda línea\ntercera línea`),
    );
    // 'Conversaciones' lists the long one first (newest interaction), then the other.
    const inbox = await trpcQuery<{ items: Array<{ id: string }> }>(
      page,
      'inbox.conversations',
      {},
    );
    expect(inbox.items.slice(0, 2).map((item) => item.id)).toEqual([long.id, following.id]);

    await open(page, long, 'me');
    await expect(timeline(page).getByText('Nota 24')).toBeVisible();
    await expect(page.getByRole('button', { name: t.nextContact })).toHaveCount(0);
    await timeline(page).evaluate((node) => node.scrollTo({ top: 0 }));
    const next = page.getByRole('button', { name: t.nextContact });
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByRole('heading', { name: following.name, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`id=${following.id}`));
    await expect(page).toHaveURL(/inbox=me/);
    expect(browserErrors).toEqual([]);
  });
});
