import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { openNewConversation } from './conversations';
import { expect, test, trpcQuery } from './fixtures';

/**
 * Shared visits (issue #6, 03 §5): participants are offered only when the flag is on and never
 * include the author. The demo tenant has the flag off (the server keeps no participants then,
 * tested in activities.int.test.ts); here the answer of `interaction.activitySettings` is
 * rewritten to show the picker, and the request is checked to carry the chosen participant.
 */

const c = es.conversation.composer;

/** Turns `sharedVisits` on in every answer of interactions.activitySettings (batched or not). */
async function showSharedVisits(page: Page, on: boolean) {
  await page.route(/\/api\/trpc\/[^?]*interaction\.activitySettings/, async (route) => {
    const response = await route.fetch();
    const paths = new URL(route.request().url()).pathname.replace('/api/trpc/', '').split(',');
    const body = (await response.json()) as Array<{
      result?: { data?: { json?: { sharedVisits?: boolean } } };
    }>;
    const data = body[paths.indexOf('interaction.activitySettings')]?.result?.data?.json;
    if (data) data.sharedVisits = on;
    await route.fulfill({ response, json: body });
  });
}

test.describe('shared visits', () => {
  test('sin visitas compartidas no hay participantes; con ellas se eligen otros usuarios', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Visita');
    await page.getByRole('button', { name: c.visit, exact: true }).click();
    let dialog = page.getByRole('dialog', { name: c.visitTitle });
    await expect(dialog.getByRole('combobox', { name: c.visitResult })).toBeVisible();
    await expect(dialog.getByText(c.visitParticipants, { exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: c.cancel }).click();

    await showSharedVisits(page, true);
    await page.reload();
    await expect(page.getByTestId('creation-header')).toBeVisible();
    await page.getByRole('button', { name: c.visit, exact: true }).click();
    dialog = page.getByRole('dialog', { name: c.visitTitle });
    const participants = dialog.getByLabel(c.visitParticipants, { exact: true });
    await participants.click();
    // The author is never offered.
    await participants.fill('Valent');
    // The search for the author's own name answers nothing to pick.
    await expect(page.getByText(es.fields.noResults)).toBeVisible();
    await expect(page.getByRole('option', { name: 'Valentín Vendedor' })).toHaveCount(0);
    await participants.fill('Sergio');
    await page.getByRole('option', { name: 'Sergio Supervisor' }).click();
    await expect(dialog.getByText('Sergio Supervisor')).toBeVisible();

    await dialog.getByRole('combobox', { name: c.visitResult }).click();
    await dialog.getByRole('option', { name: 'Visita concretada' }).click();
    await dialog.getByRole('textbox', { name: c.visitComment }).fill('Fuimos con Sergio');
    const sent = page.waitForRequest(/\/api\/trpc\/[^?]*interaction\.createVisit/);
    await dialog.getByRole('button', { name: c.save }).click();
    const body = (await sent).postDataJSON() as Record<string, { json: { shared?: string[] } }>;
    const visit = Object.values(body)[0]!.json;
    const [sergio] = await trpcQuery<Array<{ id: string }>>(page, 'user.lookup', {
      search: 'Sergio',
    });
    expect(visit.shared).toEqual([sergio!.id]);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('timeline').getByText('Fuimos con Sergio')).toBeVisible();
    expect(browserErrors).toEqual([]);
  });
});
