import { es } from '@cartera/domain/i18n';
import { startFakeExternalContacts } from '../../server/src/testing/fake-external-contacts';
import {
  clientId,
  createTestContact,
  expect,
  newSellerPage,
  noteComposer,
  retireNewSellers,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
} from './fixtures';

/**
 * The conversation screen's panels and dialogs (issue #43 items 3 and 4): each test makes its own
 * contacts and companies through the API first (the database is shared by the run).
 */

const t = es.conversationPanels;

test.describe('Conversación: paneles', () => {
  test('el chip de la empresa abre su panel y agrega un contacto desde "Seleccionar Contactos"', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Cajón');
    const other = await createTestContact(page, 'Ropero');
    const businessName = `Panel ${uniqueLetters()} S.A.`;
    const company = await trpcMutation<{ id: string }>(page, 'company.create', {
      businessName,
      displayName: businessName,
      taxCode: `21${Date.now()}`.slice(-12),
    });
    await trpcMutation(page, 'contact.update', {
      id: contact.id,
      changes: { affiliatedCompanyGroup: [{ companyId: company.id, role: 'Dueña' }] },
    });

    await page.goto(`/contact?id=${contact.id}`);
    await page
      .getByRole('group', { name: es.conversation.actions.chipsLabel })
      .getByRole('button', { name: `Empresa: ${businessName}` })
      .click();
    const drawer = page.getByRole('dialog', { name: t.companyDrawerLabel });
    await expect(drawer.getByText(businessName, { exact: true }).first()).toBeVisible();
    await expect(drawer.getByRole('region', { name: es.companies.generalInfo })).toBeVisible();
    await expect(drawer.getByRole('link', { name: t.viewCompanyPage })).toHaveAttribute(
      'href',
      `/companies/${company.id}`,
    );
    const contacts = drawer.getByRole('region', { name: es.companies.contacts });
    await expect(contacts.getByRole('row', { name: new RegExp(contact.name) })).toContainText(
      'Dueña',
    );

    await contacts.getByRole('button', { name: es.companies.addContacts }).click();
    const sheet = page.getByRole('dialog', { name: es.companies.selectContacts });
    await sheet
      .getByRole('textbox', { name: es.companies.searchContacts })
      .fill(other.name.split(' ')[1]!);
    await sheet.getByRole('checkbox', { name: other.name }).check();
    await sheet.getByRole('textbox', { name: es.companies.role }).fill('Compras');
    await sheet.getByRole('button', { name: es.companies.add, exact: true }).click();
    await expect(sheet).toHaveCount(0);
    await expect(contacts.getByRole('row', { name: new RegExp(other.name) })).toContainText(
      'Compras',
    );
    expect(browserErrors).toEqual([]);
  });

  test("'Estadísticas' muestra lo que responde el sistema externo, sin su token", async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    const external = await startFakeExternalContacts('token-estadisticas-e2e');
    external.stats = {
      stats: [
        { title: 'Compras del año', body: 7, type: 'text' },
        { title: 'Segmento', body: 'Oro', type: 'chip' },
      ],
    };
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Cifras');
    const tokens: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/')) {
        void response.text().then(
          (body) => body.includes(external.token) && tokens.push(response.url()),
          () => undefined,
        );
      }
    });
    const comercial = await signedInPage('comercial@demo.test');
    await trpcMutation(comercial, 'security.updateExternalIntegrations', {
      externalSystem: external.config('Padrón'),
    });
    try {
      await page.goto(`/contact?id=${contact.id}`);
      const panel = page.getByRole('complementary', { name: es.conversation.infoPanel.label });
      await panel.getByRole('button', { name: t.statistics }).click();
      const figures = panel.getByRole('list', { name: t.statistics });
      await expect(figures).toContainText('Compras del año');
      await expect(figures).toContainText('7');
      await expect(figures.getByText('Oro')).toBeVisible();
      expect(external.requests.some((each) => each.query.id === contact.id)).toBe(true);
      expect(tokens).toEqual([]);
    } finally {
      await trpcMutation(comercial, 'security.updateExternalIntegrations', {
        externalSystem: null,
      });
      await external.stop();
    }
    expect(browserErrors).toEqual([]);
  });

  test("un contacto sin interacción hace más de 24 horas muestra 'Desatendido' y su diálogo", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Olvido');
    await page.goto(`/contact?id=${contact.id}`);
    const chips = page.getByRole('group', { name: es.conversation.actions.chipsLabel });
    await expect(page.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
    await expect(chips.getByRole('button', { name: t.unattendedChip })).toHaveCount(0);

    // The browser's clock a day and an hour later: the contact, new and untouched, is unattended.
    await page.clock.install({ time: Date.now() + 25 * 60 * 60 * 1000 });
    await page.reload();
    await chips.getByRole('button', { name: t.unattendedChip }).click();
    const dialog = page.getByRole('dialog', { name: t.unattendedTitle });
    await expect(dialog).toContainText(t.unattendedNever);
    await dialog.getByRole('button', { name: t.unattendedClose }).click();
    await expect(dialog).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('una subconversación se abre en el panel lateral con su historial', async ({
    page,
    browser,
    baseURL,
    browserErrors,
  }) => {
    // 03 §2: the item links to the sub-conversation only for users holding comercial and super.
    const boss = await newSellerPage(page, browser, baseURL, {
      name: 'Carla',
      lastname: `Jefa ${uniqueLetters()}`,
      roles: ['comercial', 'super'],
    });
    try {
      const contact = await createTestContact(boss, 'Matriz');
      const sub = await trpcMutation<{ id: string }>(boss, 'contact.createSubConversation', {
        contactId: contact.id,
        description: 'Consulta de la sucursal',
      });
      await boss.goto(`/contact?id=${contact.id}`);
      await boss
        .getByRole('button', { name: es.conversation.timeline.subConversationOpen })
        .click();
      const panel = boss.getByRole('dialog', { name: t.subConversationLabel });
      await expect(panel.getByText(contact.name, { exact: true })).toBeVisible();
      await expect(panel.getByText(es.conversation.timeline.subConversationCreated)).toBeVisible();
      await expect(panel.getByRole('link', { name: t.openSubConversation })).toHaveAttribute(
        'href',
        `/contact?id=${sub.id}`,
      );
      // The conversation stays where it was, behind the panel.
      await expect(boss).toHaveURL(new RegExp(`id=${contact.id}`));
      await boss.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      expect(browserErrors).toEqual([]);
    } finally {
      await boss.context().close();
      await retireNewSellers(page);
    }
  });

  test("una 'Nota de WhatsApp' se guarda con su marca", async ({ page, browserErrors }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Charla');
    await page.goto(`/contact?id=${contact.id}`);
    const box = await noteComposer(page);
    await page.getByRole('switch', { name: t.whatsappNote }).check();
    await box.fill('Hablamos por WhatsApp del presupuesto');
    await box.press('Enter');
    const timeline = page.getByRole('region', { name: es.conversation.timeline.label });
    const note = timeline.getByText('Hablamos por WhatsApp del presupuesto');
    await expect(note).toBeVisible();
    // After a reload the composer starts in its channel's mode (no switch): the one text left is
    // the note's mark.
    await page.reload();
    await expect(note).toBeVisible();
    await expect(page.getByRole('switch', { name: t.whatsappNote })).toHaveCount(0);
    await expect(timeline.getByText(t.whatsappNote, { exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const page1 = await trpcQuery<{ items: Array<{ type: string; content: unknown }> }>(
          page,
          'interaction.timeline',
          { contactId: contact.id },
        );
        return page1.items.find((item) => item.type === 'note')?.content;
      })
      .toMatchObject({ body: 'Hablamos por WhatsApp del presupuesto', whatsappNote: true });
    expect(browserErrors).toEqual([]);
  });

  test('la ficha del contacto crea un sector desde su selector y ofrece crear una empresa', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Sectorial');
    const businessName = `Sectores ${uniqueLetters()} S.A.`;
    const company = await trpcMutation<{ id: string }>(page, 'company.create', {
      businessName,
      displayName: businessName,
      taxCode: `21${Date.now()}`.slice(-12),
      hasSectors: true,
    });
    await trpcMutation(page, 'contact.update', {
      id: contact.id,
      changes: { affiliatedCompanyGroup: [{ companyId: company.id }] },
    });
    await page.goto(`/contact?id=${contact.id}`);
    await page.getByRole('button', { name: es.contacts.edit, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: es.contacts.editTitle });

    await sheet.getByRole('button', { name: `${t.addSector} 1` }).click();
    await page.getByRole('textbox', { name: t.sectorName }).fill('Logística');
    await page.getByRole('button', { name: t.create, exact: true }).click();
    await expect(
      sheet.getByRole('combobox', { name: `${es.contacts.sector} 1`, exact: true }),
    ).toHaveValue('Logística');
    await sheet.getByRole('button', { name: es.contacts.editSubmit }).click();
    await expect(sheet).toHaveCount(0);
    await expect
      .poll(async () => {
        const read = await trpcQuery<{ affiliations: Array<{ sectorName: string | null }> }>(
          page,
          'contact.get',
          { id: contact.id },
        );
        return read.affiliations[0]?.sectorName;
      })
      .toBe('Logística');

    // 'Crear empresa' opens the companies' own dialog.
    await page.getByRole('button', { name: es.contacts.edit, exact: true }).click();
    await sheet.getByRole('button', { name: `${t.addCompany} 1` }).click();
    await expect(page.getByRole('dialog', { name: 'Agregar Empresa' })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test("'Más acciones' vuelve a archivar con el último motivo", async ({ page, browserErrors }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Rehacer');
    const reasons = await trpcQuery<
      Array<{ code: string; name: string; type: string; nextAction: string | null }>
    >(page, 'interaction.archivingReasons', { contactId: contact.id });
    const reason = reasons.find((each) => each.type !== 'sale' && !each.nextAction) ?? reasons[0]!;
    await trpcMutation(page, 'interaction.archive', {
      contactId: contact.id,
      id: clientId(),
      reason: reason.code,
    });
    await trpcMutation(page, 'interaction.unarchive', { contactId: contact.id, id: clientId() });

    await page.goto(`/contact?id=${contact.id}`);
    await page.getByRole('button', { name: es.conversation.bot.moreActions }).click();
    await page.getByRole('menuitem', { name: `${t.redoArchive}: ${reason.name}` }).click();
    await expect
      .poll(async () => {
        const read = await trpcQuery<{ archivingReason: string | null }>(page, 'contact.get', {
          id: contact.id,
        });
        return read.archivingReason;
      })
      .toBe(reason.code);
    // Archived again: nothing left to redo.
    await page.getByRole('button', { name: es.conversation.bot.moreActions }).click();
    await expect(page.getByRole('menuitem', { name: new RegExp(t.redoArchive) })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
