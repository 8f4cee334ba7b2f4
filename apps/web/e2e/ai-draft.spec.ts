import { es } from '@cartera/domain/i18n';
import { FAKE_AI_DRAFT } from '../../server/src/testing/fake-ai';
import { openContact } from './conversations';
import {
  clientId,
  createTestContact,
  expect,
  noteComposer,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
} from './fixtures';

/**
 * 'Sugerir respuesta' (issue #44 item 3): the composer streams a draft from the installation's
 * model (the worker's fake, `aiModel`) into its text box, built from the open contact's
 * conversation only, and never sends it; a failing model shows 'Error de conexión'. The demo
 * company has the flag `messageGeneration` on.
 */

const t = es.ai;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

test.afterEach(({ aiModel }) => {
  aiModel.recover();
  aiModel.setDraft(FAKE_AI_DRAFT);
});

test("'Sugerir respuesta' escribe en el compositor el borrador que llega del modelo, sin enviarlo", async ({
  page,
  aiModel,
  browserErrors,
}, testInfo) => {
  await signIn(page, 'vendedor@demo.test');
  await page.setViewportSize(DESK);
  const other = await createTestContact(page, 'Otro');
  await trpcMutation(page, 'interaction.createNote', {
    contactId: other.id,
    id: clientId(),
    body: 'Dato reservado de otro cliente',
  });
  const contact = await createTestContact(page, 'Valentina');
  await trpcMutation(page, 'interaction.createNote', {
    contactId: contact.id,
    id: clientId(),
    body: 'Pregunta por la fibra de 300 megas',
  });
  await openContact(page, contact);
  // A new contact has not written: the channel's reply window is closed (templates only), so
  // the draft goes in a note; a draft is offered wherever free text can be written.
  const box = await noteComposer(page);
  const suggest = page.getByRole('button', { name: t.suggest });
  await suggest.click();
  // While it writes: 'Detener', the notice, and the text growing in the box.
  await expect(page.getByRole('button', { name: t.stop })).toBeVisible();
  await expect(page.getByTestId('ai-draft-writing')).toContainText(t.writing);
  await expect(box).not.toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('ai-draft-writing-desk.png') });
  await expect(box).toHaveValue(FAKE_AI_DRAFT);
  await expect(suggest).toBeVisible();
  await expect(page.getByTestId('ai-draft-writing')).toHaveCount(0);
  await expect(box).toBeEditable();
  await page.screenshot({ path: testInfo.outputPath('ai-draft-done-desk.png') });

  // The model received this contact's note and name, never the other contact's.
  const sent = JSON.stringify(aiModel.lastMessages());
  expect(sent).toContain('Pregunta por la fibra de 300 megas');
  expect(sent).toContain('Valentina');
  expect(sent).not.toContain('Dato reservado de otro cliente');
  expect(sent).not.toContain(other.name);

  // Nothing went to the timeline: the draft is the seller's to edit and send.
  const timeline = await trpcQuery<{ items: Array<{ content: Record<string, unknown> }> }>(
    page,
    'interaction.timeline',
    { contactId: contact.id },
  );
  expect(JSON.stringify(timeline.items)).not.toContain(FAKE_AI_DRAFT.slice(0, 30));

  // Phone size: the button beside the text box, the draft in it.
  await page.setViewportSize(PHONE);
  await box.fill('');
  await suggest.click();
  await expect(box).toHaveValue(FAKE_AI_DRAFT);
  await page.screenshot({ path: testInfo.outputPath('ai-draft-phone.png') });
  expect(browserErrors).toEqual([]);
});

test("Escape detiene el borrador y deja lo que llegó; un modelo caído muestra 'Error de conexión'", async ({
  page,
  aiModel,
  browserErrors,
}, testInfo) => {
  await signIn(page, 'vendedor@demo.test');
  const contact = await createTestContact(page, 'Ignacio');
  await openContact(page, contact);
  const box = await noteComposer(page);
  const suggest = page.getByRole('button', { name: t.suggest });

  // A long draft: Escape stops it halfway, and the text that arrived stays to edit.
  const long = Array.from({ length: 80 }, (_, index) => `palabra${index}`).join(' ');
  aiModel.setDraft(long);
  await suggest.click();
  await expect(box).toHaveValue(/palabra5 /);
  await page.keyboard.press('Escape');
  await expect(suggest).toBeVisible();
  await expect(page.getByRole('button', { name: t.stop })).toHaveCount(0);
  const kept = await box.inputValue();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(long.length);
  await expect(box).toBeEditable();

  // The model fails: the alert says so, and the box keeps what the seller had.
  await box.fill('Mi propio texto');
  aiModel.fail(503);
  await suggest.click();
  const alert = page.getByTestId('ai-draft-error');
  await expect(alert).toHaveText(t.failed);
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(box).toHaveValue('Mi propio texto');
  await page.screenshot({ path: testInfo.outputPath('ai-draft-error-desk.png') });
  // The stop button on the way: after a failure, a new try works again.
  aiModel.recover();
  aiModel.setDraft(FAKE_AI_DRAFT);
  await suggest.click();
  await expect(alert).toHaveCount(0);
  await expect(box).toHaveValue(FAKE_AI_DRAFT);
  expect(browserErrors.filter((each) => !each.includes('502'))).toEqual([]);
});

test("el admin fija el límite mensual en 'Administración'; al llegar, el compositor lo dice", async ({
  page,
  browser,
  baseURL,
  aiModel,
  browserErrors,
}, testInfo) => {
  await signIn(page, 'admin@demo.test');
  const me = await trpcQuery<{ tenant: { id: string } }>(page, 'auth.me', undefined);
  const before = await trpcQuery<{ monthlyLimit: number; usedThisMonth: number }>(
    page,
    'ai.companyLimit',
    undefined,
  );
  try {
    await page.goto(`/grupos?group=${me.tenant.id}&tab=settings`);
    const section = page.getByRole('region', { name: t.limit.title });
    await expect(section.getByText(t.limit.intro)).toBeVisible();
    const field = section.getByLabel(t.limit.monthlyLimit);
    await expect(field).toHaveValue(String(before.monthlyLimit));
    // What the company already used this month is its floor: one more draft is left.
    const limit = before.usedThisMonth + 1;
    await field.fill(String(limit));
    await section.getByRole('button', { name: t.limit.save }).click();
    await expect(page.getByText(t.limit.saved)).toBeVisible();
    await expect(section).toContainText(`${before.usedThisMonth} de ${limit}`);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('ai-limit-admin.png') });

    // A seller uses the last draft, and the next one is refused with the reason.
    const context = await browser.newContext({ baseURL });
    const seller = await context.newPage();
    await signIn(seller, 'vendedor@demo.test');
    const contact = await createTestContact(seller, 'Limite');
    await openContact(seller, contact);
    const box = await noteComposer(seller);
    const suggest = seller.getByRole('button', { name: t.suggest });
    await suggest.click();
    await expect(box).toHaveValue(FAKE_AI_DRAFT);
    const calls = aiModel.requests.length;
    await suggest.click();
    await expect(seller.getByTestId('ai-draft-error')).toContainText(
      `ya usó las ${limit} respuestas sugeridas`,
    );
    expect(aiModel.requests.length).toBe(calls);
    await context.close();
  } finally {
    await trpcMutation(page, 'ai.setCompanyLimit', { monthlyLimit: before.monthlyLimit });
  }
  expect(browserErrors).toEqual([]);
});
