import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { openConversation, openNewConversation } from './conversations';
import { createTestContact, expect, noteComposer, signIn, test, trpcQuery } from './fixtures';

/**
 * The composer's tools (issue #6): '/' quick replies, the visit dialog and feedback. Every test
 * writes on its own new contact.
 */

const c = es.conversation.composer;
const timeline = (page: Page) => page.getByTestId('timeline');
const composer = (page: Page) => page.getByRole('textbox', { name: c.note });

test.describe('composer', () => {
  test("'/cotiz' y Enter ponen la respuesta rápida Cotización y enviarla guarda la nota", async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Plantilla');

    await noteComposer(page);
    await composer(page).fill('/');
    const list = page.getByRole('listbox', { name: c.quickReplies });
    for (const title of ['Saludo', 'Horarios', 'Cotización', 'Mi firma']) {
      await expect(list.getByRole('option', { name: new RegExp(`^${title}`) })).toBeVisible();
    }
    // A space leaves the mode; deleting it comes back.
    await composer(page).press('Space');
    await expect(page.getByTestId('quick-replies')).toHaveCount(0);
    await composer(page).press('Backspace');
    await expect(list).toBeVisible();
    await composer(page).pressSequentially('xyzzy');
    await expect(page.getByTestId('quick-replies').getByText(c.noQuickReplies)).toBeVisible();

    await composer(page).fill('/cotiz');
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option', { name: /^Cotización/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await composer(page).press('Enter');
    const message = 'Te envío la cotización solicitada. Tiene validez por 15 días.';
    await expect(composer(page)).toHaveValue(message);
    await expect(page.getByTestId('quick-replies')).toHaveCount(0);

    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('');
    await expect(timeline(page).getByText(message)).toBeVisible();
    await page.reload();
    await expect(timeline(page).getByText(message)).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('una nota en camino cuando se recarga la página se envía al volver, una sola vez', async ({
    page,
    browserErrors,
  }) => {
    const contactId = await openNewConversation(page, 'vendedor@demo.test', 'Recarga');
    await noteComposer(page);
    // The server never answers this tab's note: it is still on its way when the page reloads.
    await page.route(/\/api\/trpc\/[^?]*interaction\.createNote/, () => undefined);
    const note = 'Llamar el lunes por la propuesta';
    await composer(page).fill(note);
    await composer(page).press('Enter');
    const item = timeline(page).getByTestId('timeline-item').filter({ hasText: note });
    await expect(item.locator('[data-local-status]')).toHaveAttribute(
      'data-local-status',
      'sending',
    );
    await page.unroute(/\/api\/trpc\/[^?]*interaction\.createNote/);

    await page.reload();
    await expect(item).toHaveCount(1);
    await expect(item.locator('[data-local-status]')).toHaveCount(0);
    await expect
      .poll(async () => {
        const { items } = await trpcQuery<{ items: { content: { body?: string } }[] }>(
          page,
          'interaction.timeline',
          { contactId },
        );
        return items.filter((each) => each.content.body === note).length;
      })
      .toBe(1);
    // Once stored it is not sent again by the next visit.
    await page.reload();
    await expect(item).toHaveCount(1);
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith('cartera.outbox.')),
      ),
    ).toEqual([]);
    expect(browserErrors).toEqual([]);
  });

  test('una respuesta rápida con {{contact.firstName}} y {{company.name}} llega completa', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Plantilla');
    await noteComposer(page);
    await composer(page).fill('/salu');
    const list = page.getByRole('listbox', { name: c.quickReplies });
    await list.getByRole('option', { name: /^Saludo/ }).click();
    await expect(composer(page)).toHaveValue(
      '¡Hola Plantilla! Gracias por comunicarte con Demo Uruguay. ¿En qué te puedo ayudar?',
    );
    expect(browserErrors).toEqual([]);
  });

  test('un emoji elegido en el selector queda donde está el cursor', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Plantilla');
    await noteComposer(page);
    await composer(page).fill('Hola , ¿cómo estás?');
    await composer(page).evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(5, 5));
    await page.getByRole('button', { name: c.emoji }).click();
    const picker = page.getByTestId('emoji-picker');
    // The spec's categories, in Spanish.
    const categories = picker.getByRole('tablist', { name: c.emojiCategoriesLabel });
    for (const [index, name] of Object.values(c.emojiCategories).entries()) {
      await expect(categories.getByRole('tab').nth(index)).toHaveAccessibleName(name);
    }
    await picker.getByRole('textbox', { name: c.emojiSearch }).fill('pulgar hacia arriba');
    await picker.getByRole('gridcell', { name: 'pulgar hacia arriba' }).click();
    await expect(composer(page)).toHaveValue('Hola 👍, ¿cómo estás?');
    await page.screenshot({ path: 'test-results/emojis.png' });
    expect(browserErrors).toEqual([]);
  });

  test('una visita concretada con comentario aparece en la conversación', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Plantilla');
    // Feedback is for supervisors and commercial managers only.
    await expect(page.getByRole('tab', { name: c.note })).toBeVisible();
    await expect(page.getByRole('tab', { name: c.feedback })).toHaveCount(0);

    await page.getByRole('button', { name: c.visit, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: c.visitTitle });
    await dialog.getByRole('button', { name: c.save }).click();
    await expect(dialog.getByText('El resultado de la visita es requerido')).toBeVisible();
    await expect(dialog.getByText('El comentario de la visita es requerido')).toBeVisible();

    await dialog.getByRole('combobox', { name: c.visitResult }).click();
    await dialog.getByRole('option', { name: 'Visita concretada' }).click();
    const comment = `Visitamos el local ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: c.visitComment }).fill(comment);
    await dialog.getByRole('button', { name: c.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(timeline(page).getByText(comment)).toBeVisible();
    await expect(timeline(page).getByText('Resultado: Visita concretada')).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('el supervisor deja un feedback en un contacto del vendedor', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const { id } = await createTestContact(page, 'Plantilla');
    await page.context().clearCookies();
    await signIn(page, 'supervisor@demo.test');
    await openConversation(page, id);

    await page.getByRole('tab', { name: c.feedback }).click();
    const body = `Buen seguimiento ${Date.now().toString(36)}`;
    const field = page.getByRole('textbox', { name: c.feedback });
    await field.fill(body);
    await field.press('Enter');
    await expect(field).toHaveValue('');
    await expect(timeline(page).getByText(body)).toBeVisible();
    await expect(timeline(page).getByText(/^Feedback para /)).toBeVisible();
    expect(browserErrors).toEqual([]);
  });
});
