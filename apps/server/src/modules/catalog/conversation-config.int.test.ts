import { describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { errorMessage, es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import {
  COMERCIAL,
  PROJECT_MANAGER as PROJECT,
  SELLER,
  SUPERVISOR,
  USERS_MANAGER as MANAGER,
  OTHER_TENANT,
} from '../../testing/demo-users';

const env = useDemoApp();

const text = es.company;

const SHORTCUT = {
  title: 'Ficha en el CRM',
  url: 'https://crm.example.com/ficha?nombre={{contact.firstName}}&vendedor={{user.email}}',
  redirectionType: 'internal',
  avatar: { type: 'icon', url: 'users' },
};

describe("shortcuts of 'Mi Empresa' (03 §3 Shortcut)", () => {
  it('creates, edits, orders and deletes shortcuts the sellers read; another company sees none', async () => {
    const before = await env.groupConfigs(env.demo.other.id);
    const first = await env.call(COMERCIAL, 'catalog.createShortcut', SHORTCUT);
    expect(first.error).toBeUndefined();
    expect(first.data).toMatchObject({ ...SHORTCUT, id: expect.any(String) });
    const second = await env.call(PROJECT, 'catalog.createShortcut', {
      title: 'Agenda',
      url: 'https://agenda.example.com/',
      redirectionType: 'external',
    });
    expect(second.data).toMatchObject({ redirectionType: 'external', avatar: null });

    const seen = await env.call(SELLER, 'catalog.shortcuts');
    expect(seen.data.map((shortcut) => shortcut.title)).toEqual(['Ficha en el CRM', 'Agenda']);
    expect((await env.call(OTHER_TENANT, 'catalog.shortcuts')).data).toEqual([]);

    const edited = await env.call(COMERCIAL, 'catalog.updateShortcut', {
      id: first.data.id,
      data: { ...SHORTCUT, title: 'Ficha', avatar: { type: 'link', url: 'https://x.test/a.png' } },
    });
    expect(edited.data).toMatchObject({ id: first.data.id, title: 'Ficha' });

    const ordered = await env.call(COMERCIAL, 'catalog.orderShortcuts', {
      ids: [second.data.id, first.data.id],
    });
    expect(ordered.data.map((shortcut) => shortcut.title)).toEqual(['Agenda', 'Ficha']);
    const stale = await env.call(COMERCIAL, 'catalog.orderShortcuts', { ids: [first.data.id] });
    expect(stale.error?.data.fieldErrors).toEqual({ ids: [text.shortcuts.orderStale] });

    const left = await env.call(COMERCIAL, 'catalog.deleteShortcut', { id: second.data.id });
    expect(left.data.map((shortcut) => shortcut.title)).toEqual(['Ficha']);
    const gone = await env.call(COMERCIAL, 'catalog.deleteShortcut', { id: second.data.id });
    expect(gone.error?.data.domainCode).toBe('SHORTCUT_NOT_FOUND');
    expect(gone.error?.message).toBe('El acceso directo no existe o ya se eliminó.');
    expect((await env.call(SELLER, 'catalog.shortcuts')).data.map((each) => each.title)).toEqual([
      'Ficha',
    ]);
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(before);
  });

  it('refuses an invalid template, a private address and a missing title in Spanish, and changes nothing', async () => {
    const before = (await env.call(COMERCIAL, 'catalog.shortcuts')).data;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...SHORTCUT, url: 'crm.example.com/{{contact.firstName}}' },
        'url',
        text.shortcuts.urlInvalid,
      ],
      [
        { ...SHORTCUT, url: 'https://crm.example.com/{{contact.firstName' },
        'url',
        text.shortcuts.urlInvalid,
      ],
      [
        { ...SHORTCUT, url: 'javascript:alert(1)//{{contact.id}}' },
        'url',
        text.shortcuts.urlInvalid,
      ],
      [{ ...SHORTCUT, url: '' }, 'url', text.shortcuts.urlRequired],
      [{ ...SHORTCUT, title: '  ' }, 'title', text.shortcuts.titleRequired],
      [
        { ...SHORTCUT, avatar: { type: 'link', url: 'ftp://x.test/a.png' } },
        'avatar.url',
        text.shortcuts.avatarUrlInvalid,
      ],
    ];
    for (const [input, field, message] of cases) {
      const refused = await env.call(COMERCIAL, 'catalog.createShortcut', input);
      expect(refused.error?.data.domainCode, JSON.stringify(input)).toBe('INVALID_REQUEST_BODY');
      expect(refused.error?.data.fieldErrors?.[field], JSON.stringify(input)).toEqual([message]);
    }
    for (const url of [
      'http://127.0.0.1:8080/panel?tel={{contact.phones.0}}',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'https://localhost/{{contact.id}}',
      'http://10.0.0.8/ficha',
    ]) {
      const refused = await env.call(COMERCIAL, 'catalog.createShortcut', { ...SHORTCUT, url });
      expect(refused.error?.data.domainCode, url).toBe('OUTBOUND_URL_NOT_ALLOWED');
      expect(refused.error?.data.fieldErrors, url).toEqual({
        url: [errorMessage('OUTBOUND_URL_NOT_ALLOWED')],
      });
    }
    expect((await env.call(COMERCIAL, 'catalog.shortcuts')).data).toEqual(before);
  });

  it('refuses sellers and supervisors, and an unknown shortcut', async () => {
    for (const email of [SELLER, SUPERVISOR, MANAGER]) {
      const refused = await env.call(email, 'catalog.createShortcut', SHORTCUT);
      expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    }
    const missing = await env.call(COMERCIAL, 'catalog.updateShortcut', {
      id: newId(),
      data: SHORTCUT,
    });
    expect(missing.error?.data.domainCode).toBe('SHORTCUT_NOT_FOUND');
  });
});

describe("visit results and the visit comment rules of 'Mi Empresa' (03 §3, §5)", () => {
  it("adds a result the seller's 'Visita' offers at once; deactivated it is offered no more", async () => {
    const before = await env.groupConfigs(env.demo.other.id);
    const created = await env.call(COMERCIAL, 'catalog.createVisitResult', {
      code: ' demo-hecha ',
      name: 'Demostración hecha',
    });
    expect(created.data).toEqual({ code: 'demo-hecha', name: 'Demostración hecha', active: true });
    const offered = async () =>
      (await env.call(SELLER, 'interaction.activitySettings')).data.results.map(
        (result) => result.code,
      );
    expect(await offered()).toContain('demo-hecha');

    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Visitado',
      agentId: env.demo.users[SELLER]!.id,
    });
    const visit = await env.call(SELLER, 'interaction.createVisit', {
      contactId: contact.id,
      id: newId(),
      state: 'demo-hecha',
      comment: 'Mostramos el equipo',
    });
    expect(visit.error).toBeUndefined();

    const off = await env.call(COMERCIAL, 'catalog.updateVisitResult', {
      code: 'demo-hecha',
      data: { name: 'Demostración', active: false },
    });
    expect(off.data).toEqual({ code: 'demo-hecha', name: 'Demostración', active: false });
    expect(await offered()).not.toContain('demo-hecha');
    expect(
      (await env.call(COMERCIAL, 'catalog.allVisitResults')).data.map((result) => result.code),
    ).toEqual(['concretada', 'ausente', 'reprogramada', 'demo-hecha']);
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(before);
  });

  it('refuses a duplicate or bad code in Spanish, an unknown result and a seller', async () => {
    const before = (await env.call(COMERCIAL, 'catalog.allVisitResults')).data;
    const duplicate = await env.call(COMERCIAL, 'catalog.createVisitResult', {
      code: 'concretada',
      name: 'Otra',
    });
    expect(duplicate.error?.data.domainCode).toBe('VISIT_RESULT_CODE_TAKEN');
    expect(duplicate.error?.message).toBe('Ya existe un resultado de visita con ese código.');
    const badCode = await env.call(COMERCIAL, 'catalog.createVisitResult', {
      code: 'con espacios',
      name: '',
    });
    expect(badCode.error?.data.fieldErrors).toEqual({
      code: [text.codeInvalid],
      name: [text.nameRequired],
    });
    const missing = await env.call(COMERCIAL, 'catalog.updateVisitResult', {
      code: 'no-existe',
      data: { name: 'X', active: true },
    });
    expect(missing.error?.data.domainCode).toBe('VISIT_RESULT_NOT_FOUND');
    const seller = await env.call(SELLER, 'catalog.createVisitResult', { code: 'x', name: 'X' });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect((await env.call(COMERCIAL, 'catalog.allVisitResults')).data).toEqual(before);
  });

  it("sets the comment rules 'Describe tu visita' applies; a minimum above the maximum is refused", async () => {
    const saved = await env.call(COMERCIAL, 'catalog.saveVisitComment', {
      required: true,
      minChars: 10,
      maxChars: 200,
    });
    expect(saved.data.visitComment).toEqual({ required: true, minChars: 10, maxChars: 200 });
    const rules = (await env.call(SELLER, 'interaction.activitySettings')).data.rules;
    expect(rules).toEqual({ commentRequired: true, minChars: 10, maxChars: 200 });
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Corto',
      agentId: env.demo.users[SELLER]!.id,
    });
    const short = await env.call(SELLER, 'interaction.createVisit', {
      contactId: contact.id,
      id: newId(),
      state: 'concretada',
      comment: 'Breve',
    });
    expect(short.error?.data.fieldErrors).toEqual({
      comment: ['El comentario debe de tener por lo menos 10 caracteres'],
    });

    const inverted = await env.call(COMERCIAL, 'catalog.saveVisitComment', {
      required: false,
      minChars: 50,
      maxChars: 20,
    });
    expect(inverted.error?.data.fieldErrors).toEqual({ minChars: [text.visits.minAboveMax] });
    const tooLong = await env.call(COMERCIAL, 'catalog.saveVisitComment', {
      required: false,
      minChars: 0,
      maxChars: 5000,
    });
    expect(tooLong.error?.data.fieldErrors).toEqual({ maxChars: [text.visits.maxInvalid] });
    expect((await env.call(COMERCIAL, 'catalog.conversationRules')).data.visitComment).toEqual({
      required: true,
      minChars: 10,
      maxChars: 200,
    });
    const seller = await env.call(SELLER, 'catalog.saveVisitComment', {
      required: false,
      minChars: 0,
      maxChars: 10,
    });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});

describe("feedback roles and crmConfig of 'Mi Empresa' (03 §2.2, §3)", () => {
  it("gives the 'Feedback' tab to the roles chosen, and only to them", async () => {
    expect((await env.call(SELLER, 'interaction.activitySettings')).data.feedbackAllowed).toBe(
      false,
    );
    const saved = await env.call(COMERCIAL, 'catalog.saveFeedbackRoles', {
      roles: ['user', 'comercial', 'user'],
    });
    expect(saved.data.feedbackRoles).toEqual(['user', 'comercial']);
    expect((await env.call(SELLER, 'interaction.activitySettings')).data.feedbackAllowed).toBe(
      true,
    );
    expect((await env.call(SUPERVISOR, 'interaction.activitySettings')).data.feedbackAllowed).toBe(
      false,
    );
    const unknown = await env.call(COMERCIAL, 'catalog.saveFeedbackRoles', { roles: ['jefe'] });
    expect(unknown.error?.data.fieldErrors).toEqual({
      'roles.0': [text.conversationRules.rolesInvalid],
    });
    await env.call(COMERCIAL, 'catalog.saveFeedbackRoles', { roles: ['super', 'comercial'] });
  });

  it('reads crmConfig from where each part is kept and changes only what it names', async () => {
    const before = await env.groupConfigs(env.demo.other.id);
    const initial = await env.call(COMERCIAL, 'catalog.crmConfig');
    expect(initial.data).toEqual({
      manualSales: { active: true, roles: ['user', 'super', 'comercial'] },
      enableMeetings: false,
      canRolesCreateSubConversations: ['all'],
    });
    expect((await env.call(SELLER, 'receipt.config')).data.manualSale).toBe(true);
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Sub',
      agentId: env.demo.users[SELLER]!.id,
    });
    const canCreate = async (email: string) =>
      (await env.call(email, 'contact.get', { id: contact.id })).data.can.createSubConversation;
    expect(await canCreate(SELLER)).toBe(true);

    const saved = await env.call(COMERCIAL, 'catalog.saveCrmConfig', {
      manualSales: { active: true, roles: ['super'] },
      enableMeetings: true,
      canRolesCreateSubConversations: ['comercial'],
    });
    expect(saved.data).toEqual({
      manualSales: { active: true, roles: ['super'] },
      enableMeetings: true,
      canRolesCreateSubConversations: ['comercial'],
    });
    expect((await env.call(SELLER, 'receipt.config')).data.manualSale).toBe(false);
    expect((await env.call(SUPERVISOR, 'receipt.config')).data.manualSale).toBe(true);
    expect(await canCreate(SELLER)).toBe(false);
    expect(await canCreate(COMERCIAL)).toBe(true);
    expect((await env.call(SELLER, 'interaction.activitySettings')).data.meetingsEnabled).toBe(
      true,
    );

    // Only what is named changes; 'owner' lets the contact's agent create them.
    const owner = await env.call(COMERCIAL, 'catalog.saveCrmConfig', {
      canRolesCreateSubConversations: ['owner'],
    });
    expect(owner.data).toMatchObject({
      manualSales: { active: true, roles: ['super'] },
      enableMeetings: true,
    });
    expect(await canCreate(SELLER)).toBe(true);

    const bad = await env.call(COMERCIAL, 'catalog.saveCrmConfig', {
      manualSales: { active: true, roles: ['jefe'] },
      enableMeetings: false,
    });
    expect(bad.error?.data.fieldErrors).toEqual({
      'manualSales.roles.0': [text.conversationRules.rolesInvalid],
    });
    expect((await env.call(COMERCIAL, 'catalog.crmConfig')).data.enableMeetings).toBe(true);
    const seller = await env.call(SELLER, 'catalog.saveCrmConfig', { enableMeetings: false });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(before);

    await env.call(COMERCIAL, 'catalog.saveCrmConfig', {
      manualSales: { active: true, roles: ['user', 'super', 'comercial'] },
      enableMeetings: false,
      canRolesCreateSubConversations: ['all'],
    });
  });

  it('GET and PATCH /api/group/{id}/crmconfig; another company and a seller are refused', async () => {
    const north = env.demo.north.id;
    const read = await env.rest(COMERCIAL, 'GET', `/api/group/${north}/crmconfig`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ enableMeetings: false });
    const changed = await env.rest(COMERCIAL, 'PATCH', `/api/group/${env.demo.demo.id}/crmconfig`, {
      enableMeetings: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      enableMeetings: true,
      manualSales: { active: true, roles: ['user', 'super', 'comercial'] },
    });
    const invalid = await env.rest<{ code: string; fieldErrors: Record<string, string[]> }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${north}/crmconfig`,
      { canRolesCreateSubConversations: ['nadie'] },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toEqual({
      'canRolesCreateSubConversations.0': [text.conversationRules.rolesInvalid],
    });

    const before = await env.groupConfigs(env.demo.other.id);
    const elsewhere = await env.rest<{ code: string }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.other.id}/crmconfig`,
      { enableMeetings: false },
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('GROUP_NOT_FOUND');
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(before);
    expect((await env.call(COMERCIAL, 'catalog.crmConfig')).data.enableMeetings).toBe(true);
    const seller = await env.rest(SELLER, 'GET', `/api/group/${north}/crmconfig`);
    expect(seller.status).toBe(403);
  });
});
