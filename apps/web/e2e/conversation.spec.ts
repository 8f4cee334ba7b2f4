import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import { openConversation, openNewConversation } from './conversations';
import {
  clientId,
  createTestContact,
  expect,
  noteComposer,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
  uniqueLetters,
} from './fixtures';

/**
 * The conversation screen (issue #6): the live timeline, the note composer with its markup, the
 * in-conversation search and the older pages. Every test writes on its own new contact.
 */

/** A new contact of the signed-in user; its id. */
async function newContact(page: Page): Promise<string> {
  return (await createTestContact(page, 'Charla')).id;
}

/** A new contact of vendedor@demo.test (signed in on `page`) with these notes, oldest first; its id. */
async function contactWithNotes(page: Page, bodies: string[]): Promise<string> {
  await signIn(page, 'vendedor@demo.test');
  const id = await newContact(page);
  for (const body of bodies) {
    await trpcMutation(page, 'interaction.createNote', { contactId: id, id: clientId(), body });
  }
  return id;
}

const timeline = (page: Page) => page.getByTestId('timeline');
const composer = (page: Page) => page.getByRole('textbox', { name: es.conversation.composer.note });
/** The composer's text box, whatever its mode. */
const anyComposer = (page: Page) => page.getByTestId('composer');

test.describe('conversación', () => {
  test('una nota escrita en una pestaña aparece en otra sin recargar', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await newContact(page);
    const second = await signedInPage('supervisor@demo.test');
    second.on('console', (message) => {
      if (message.type() === 'error') browserErrors.push(`segunda: ${message.text()}`);
    });
    second.on('pageerror', (error) => browserErrors.push(`segunda: ${error.message}`));

    await page.goto(`/contact?id=${id}`);
    await second.goto(`/contact?id=${id}`);
    await expect(page.getByTestId('creation-header')).toBeVisible();
    await expect(second.getByTestId('creation-header')).toBeVisible();
    // 'Ver perfil' of the agent: for the supervisor, not for the seller.
    const profile = (on: Page) =>
      on.getByRole('link', { name: es.conversation.header.viewProfile });
    await expect(profile(second)).toHaveAttribute('href', /view-user=/);
    await expect(profile(page)).toHaveCount(0);

    const text = `Hola desde la primera ${uniqueLetters()}`;
    await noteComposer(page);
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await expect(timeline(page).getByText(text)).toBeVisible();
    await expect(timeline(second).getByText(text)).toBeVisible();

    // And back, from the supervisor to the seller.
    const answer = `Respuesta del supervisor ${uniqueLetters()}`;
    await noteComposer(second);
    await composer(second).fill(answer);
    await second.getByRole('button', { name: es.conversation.composer.send }).click();
    await expect(timeline(page).getByText(answer)).toBeVisible();
    await expect(timeline(page).getByText(answer)).toHaveCount(1);
    await expect(timeline(second).getByText(answer)).toHaveCount(1);
    expect(browserErrors).toEqual([]);
  });

  test('tras perder la conexión en vivo, la conversación se pone al día sin huecos ni repetidos', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await newContact(page);
    // The page's websocket goes through here: while `deaf`, what the server sends is lost.
    let deaf = false;
    const sockets: Array<{ close: () => Promise<void> }> = [];
    await page.routeWebSocket(/\/api\/trpc/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (!deaf) socket.send(message);
      });
      sockets.push(socket);
    });
    await openConversation(page, id);
    const first = `Antes del corte ${uniqueLetters()}`;
    await trpcMutation(page, 'interaction.createNote', {
      contactId: id,
      id: clientId(),
      body: first,
    });
    await expect(timeline(page).getByText(first)).toBeVisible();

    // Two notes whose events never reach the page, then the connection drops and comes back.
    deaf = true;
    // A catch-up the first note started may still be under way: let it end.
    await page.waitForTimeout(600);
    const missed = [
      `Durante el corte uno ${uniqueLetters()}`,
      `Durante el corte dos ${uniqueLetters()}`,
    ];
    for (const body of missed) {
      await trpcMutation(page, 'interaction.createNote', { contactId: id, id: clientId(), body });
    }
    await page.waitForTimeout(500);
    await expect(timeline(page).getByText(missed[0]!)).toHaveCount(0);
    deaf = false;
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));

    for (const body of missed) await expect(timeline(page).getByText(body)).toHaveCount(1);
    await expect(timeline(page).getByText(first)).toHaveCount(1);
    await expect(page.getByTestId('timeline-item')).toHaveCount(3);
    expect(browserErrors.filter((error) => !error.includes('WebSocket'))).toEqual([]);
  });

  test('la nota muestra negrita y cursiva; Enter envía y Shift+Enter agrega una línea', async ({
    page,
    browserErrors,
  }, testInfo) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await newContact(page);
    await page.goto(`/contact?id=${id}`);
    // A channel another test configures meanwhile may make the channel the starting mode.
    const input = await noteComposer(page);
    const send = page.getByRole('button', { name: es.conversation.composer.send });
    await expect(send).toBeDisabled();

    await input.click();
    await page.keyboard.type('*negrita* y _cursiva_');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('segunda línea');
    await expect(input).toHaveValue('*negrita* y _cursiva_\nsegunda línea');
    await expect(send).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(input).toHaveValue('');

    const note = page.getByTestId('timeline-item').filter({ hasText: 'segunda línea' });
    await expect(note.locator('strong')).toHaveText('negrita');
    await expect(note.locator('em')).toHaveText('cursiva');
    await expect(note).not.toContainText('*');
    // Stored: after a reload it is still there, once, with its markup.
    await page.reload();
    await expect(note.locator('strong')).toHaveText('negrita');
    await expect(note).toHaveCount(1);

    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('conversacion.png') });
    expect(browserErrors).toEqual([]);
  });

  test('las acciones del contacto se leen en la conversación, en vivo', async ({
    page,
    browserErrors,
  }, testInfo) => {
    const id = await openNewConversation(page, 'vendedor@demo.test', 'Charla');
    const t = es.conversation.timeline;

    await trpcMutation(page, 'interaction.createNote', {
      contactId: id,
      id: clientId(),
      body: 'Pidió que lo llamen por la tarde: ~mañana no~ `hoy`',
    });
    await trpcMutation(page, 'interaction.changeTag', {
      contactId: id,
      id: clientId(),
      tag: 'contacted',
    });
    const reminderDate = new Date(Date.now() + 2 * 86_400_000);
    reminderDate.setSeconds(0, 0);
    await trpcMutation(page, 'interaction.setReminder', {
      contactId: id,
      id: clientId(),
      reminderDate: reminderDate.toISOString(),
      actionType: 'phoneCall',
      comment: 'Llamar a la tarde',
    });
    await trpcMutation(page, 'interaction.cancelReminder', { contactId: id, id: clientId() });
    await trpcMutation(page, 'interaction.archive', {
      contactId: id,
      id: clientId(),
      reason: 'sin-interes',
    });
    await trpcMutation(page, 'interaction.unarchive', { contactId: id, id: clientId() });

    const log = timeline(page);
    await expect(log.locator('s')).toHaveText('mañana no');
    await expect(log.locator('code')).toHaveText('hoy');
    await expect(log.getByText(format(t.tagAdded, { to: 'Contactado' }))).toBeVisible();
    await expect(log.getByText(t.reminderCancelled)).toBeVisible();
    await expect(log.getByText('Llamar a la tarde')).toHaveCount(2);
    await expect(log.getByText(format(t.archivedWith, { reason: 'Sin interés' }))).toBeVisible();
    await expect(log.getByText(t.unarchived)).toBeVisible();
    await expect(page.getByTestId('timeline-item')).toHaveCount(6);
    // The chip bar follows: the tag is the new one.
    await expect(
      page.getByRole('group', { name: es.conversation.actions.chipsLabel }),
    ).toContainText('Contactado');

    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('acciones.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('acciones-movil.png'), fullPage: true });
    expect(browserErrors).toEqual([]);
  });

  test('una llamada en curso cambia el compositor por su pregunta; tres sin respuesta se cuentan', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await newContact(page);
    const contact = await trpcQuery<{ phones: Array<{ phone: string; national: string }> }>(
      page,
      'contact.get',
      { id },
    );
    const phone = contact.phones[0]!;
    const calls = es.conversation.calls;
    await openConversation(page, id);

    const question = page.getByRole('region', {
      name: format(calls.question, { phone: phone.national }),
    });
    for (const outcome of ['cancel', 'cancel', 'voicemail'] as const) {
      await trpcMutation(page, 'interaction.startCall', {
        contactId: id,
        id: clientId(),
        phone: phone.phone,
      });
      await expect(question).toBeVisible();
      await expect(anyComposer(page)).toHaveCount(0);
      await question.getByRole('button', { name: calls.outcomes[outcome] }).click();
      await expect(question).toHaveCount(0);
      await expect(anyComposer(page)).toBeVisible();
    }
    await expect(timeline(page).getByText(calls.outcomes.voicemail)).toBeVisible();
    await expect(timeline(page).getByText(format(calls.unanswered, { n: 3 }))).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('una nota que no se pudo guardar queda marcada y "Volver a intentar." la reenvía igual', async ({
    page,
    browserErrors,
  }) => {
    await openNewConversation(page, 'vendedor@demo.test', 'Charla');

    // The first try fails on the server; the retry goes through.
    const sent: unknown[] = [];
    await page.route(/\/api\/trpc\/interaction\.createNote/, async (route) => {
      const body = route.request().postDataJSON() as Record<string, { json: unknown }>;
      sent.push(body['0']?.json);
      if (sent.length === 1) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          json: [
            {
              error: {
                json: {
                  message: 'Error',
                  code: -32603,
                  data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
                },
              },
            },
          ],
        });
      } else {
        await route.continue();
      }
    });
    const text = `Nota con reintento ${uniqueLetters()}`;
    await noteComposer(page);
    await composer(page).fill(text);
    await composer(page).press('Enter');
    const note = page.getByTestId('timeline-item').filter({ hasText: text });
    await expect(note.getByRole('alert')).toContainText(es.conversation.noteFailed);
    await note.getByRole('button', { name: es.conversation.retrySend }).click();
    await expect(note.getByRole('alert')).toHaveCount(0);
    // The mark goes as the retry starts, a moment before its request reaches the route.
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual(sent[0]);

    await page.reload();
    await expect(page.getByTestId('timeline-item').filter({ hasText: text })).toHaveCount(1);
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });

  test('la búsqueda encuentra una nota y muestra "1 de 1"', async ({ page, browserErrors }) => {
    const word = `palabra${uniqueLetters()}`;
    const id = await contactWithNotes(page, [
      'Primera nota',
      `Nota con la ${word} buscada`,
      'Última nota',
    ]);
    await page.goto(`/contact?id=${id}`);
    await expect(timeline(page).getByText('Última nota')).toBeVisible();

    await page.keyboard.press('ControlOrMeta+f');
    const search = page.getByRole('textbox', { name: es.conversation.search.placeholder });
    await expect(search).toBeFocused();
    await search.fill(word);
    await expect(page.getByTestId('search-counter')).toHaveText(
      format(es.conversation.search.counter, { n: 1, m: 1 }),
    );
    const match = page.getByTestId('timeline-item').filter({ hasText: word });
    await expect(match).toHaveAttribute('data-highlighted', 'true');

    // The filter panel: only notes, whatever the text.
    await search.fill('');
    await page.getByRole('button', { name: es.conversation.search.filters }).click();
    await page.getByRole('combobox', { name: es.conversation.search.types }).click();
    await page
      .getByRole('option', { name: es.conversation.infoPanel.types.note, exact: true })
      .click();
    await expect(page.getByTestId('search-counter')).toHaveText(
      format(es.conversation.search.counter, { n: 3, m: 3 }),
    );
    await page.getByRole('button', { name: es.conversation.search.filters }).click();
    await search.fill('nadaquecoincida');
    await expect(page.getByTestId('search-counter')).toHaveText(es.conversation.search.noResults);
    await search.press('Escape');
    await expect(search).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('al subir se cargan las notas más viejas, hasta el encabezado de creación', async ({
    page,
    browserErrors,
  }) => {
    const oldWord = `antigua${uniqueLetters()}`;
    const id = await contactWithNotes(
      page,
      Array.from({ length: 60 }, (_, at) =>
        at === 0 ? `Nota número 1. ${oldWord}` : `Nota número ${at + 1}.`,
      ),
    );
    await page.goto(`/contact?id=${id}`);
    const items = page.getByTestId('timeline-item');
    await expect(timeline(page).getByText('Nota número 60.')).toBeVisible();
    await expect(items).toHaveCount(50);
    await expect(page.getByTestId('creation-header')).toHaveCount(0);

    await expect(
      page.getByRole('button', { name: es.conversation.timeline.scrollToBottom }),
    ).toHaveCount(0);
    await timeline(page).evaluate((node) => node.scrollTo({ top: 0 }));
    await expect(items).toHaveCount(60);
    await expect(page.getByTestId('creation-header')).toBeAttached();
    await timeline(page).evaluate((node) => node.scrollTo({ top: 0 }));
    await expect(timeline(page).getByText(`Nota número 1. ${oldWord}`)).toBeVisible();
    const toBottom = page.getByRole('button', { name: es.conversation.timeline.scrollToBottom });
    await toBottom.click();
    await expect(timeline(page).getByText('Nota número 60.')).toBeInViewport();
    await expect(toBottom).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('la búsqueda trae las páginas viejas hasta mostrar la coincidencia', async ({
    page,
    browserErrors,
  }) => {
    const oldWord = `lejana${uniqueLetters()}`;
    const id = await contactWithNotes(
      page,
      Array.from({ length: 55 }, (_, at) =>
        at === 0 ? `La primera, ${oldWord}` : `Nota ${at + 1}`,
      ),
    );
    await page.goto(`/contact?id=${id}`);
    await expect(timeline(page).getByText('Nota 55', { exact: true })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+f');
    await page.getByRole('textbox', { name: es.conversation.search.placeholder }).fill(oldWord);
    await expect(page.getByTestId('search-counter')).toHaveText(
      format(es.conversation.search.counter, { n: 1, m: 1 }),
    );
    const match = page.getByTestId('timeline-item').filter({ hasText: oldWord });
    await expect(match).toHaveAttribute('data-highlighted', 'true');
    await expect(match).toBeInViewport();

    // The info panel's 'Interacciones' leads to the same item.
    await page.getByRole('textbox', { name: es.conversation.search.placeholder }).press('Escape');
    await expect(match).not.toHaveAttribute('data-highlighted', 'true');
    await page.getByRole('button', { name: es.conversation.timeline.scrollToBottom }).click();
    await expect(match).not.toBeInViewport();
    const panel = page.getByRole('complementary', { name: es.conversation.infoPanel.label });
    await panel
      .getByRole('textbox', { name: es.conversation.infoPanel.interactionsSearch })
      .fill(oldWord);
    // The panel redraws its list while it refreshes: click once it holds still.
    await expect(async () => {
      await panel.getByRole('listitem').first().click();
      await expect(match).toHaveAttribute('data-highlighted', 'true', { timeout: 1000 });
    }).toPass();
    await expect(match).toBeInViewport();
    expect(browserErrors).toEqual([]);
  });
});
