/**
 * The authorisation harness. It walks every procedure of appRouter: each must be declared below
 * with who may call it, every non-public one must refuse an anonymous caller, and every
 * role-gated one must refuse the roles it does not list. A procedure added without an entry here
 * fails the suite. Grow this table with every router.
 */
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@cartera/domain/roles';
import type { AuthSession } from '../modules/sessions/session.service';
import { contextWithoutDeps, fakeSession } from '../testing/auth-fixtures';
import type { ProcedureMeta } from './init';
import { appRouter } from './root';

type Access = 'public' | 'authenticated' | { roles: readonly Role[] };

interface Entry {
  access: Access;
  /** A well-formed input, so a refusal can only come from the access check. */
  input?: unknown;
}

/** 01 §6 slugs 'contacts' and 'conversation': who works with contacts. */
const CONTACT_ROLES: readonly Role[] = ['user', 'super', 'comercial', 'project_manager', 'admin'];
/** 01 §6 slug 'sharedContactInbox': who opens 'Carteras compartidas'. */
const SHARED_INBOX_ROLES: readonly Role[] = ['user', 'super', 'comercial', 'project_manager'];
const SOME_ID = '00000000-0000-7000-8000-0000000000c1';
const OTHER_ID = '00000000-0000-7000-8000-0000000000c2';
const CONTACT_VALUES = { firstName: 'Ana', phones: [{ phone: '099123456', extensionNumber: '' }] };

const procedures: Record<string, Entry> = {
  'system.info': { access: 'public' },
  'realtime.events': { access: 'authenticated', input: { lastEventId: null } },
  'auth.me': { access: 'public' },
  'auth.login': { access: 'public' },
  'auth.logout': { access: 'public' },
  'auth.exchangeToken': { access: 'public' },
  'auth.changePassword': {
    access: 'authenticated',
    input: { currentPassword: 'Demo1234', newPassword: 'Nueva123', repeatPassword: 'Nueva123' },
  },
  'auth.dismissNewVersion': { access: 'authenticated' },
  'account.companies': { access: { roles: ['admin'] } },
  'account.users': { access: { roles: ['admin'] }, input: {} },
  'account.switchTo': {
    access: { roles: ['admin'] },
    input: {
      tenantId: '00000000-0000-7000-8000-000000000002',
      userId: '00000000-0000-7000-8000-000000000003',
    },
  },
  'account.returnToAdmin': { access: 'authenticated' },
  'account.linked': { access: 'authenticated' },
  'account.switchLinked': {
    access: 'authenticated',
    input: {
      tenantId: '00000000-0000-7000-8000-000000000002',
      userId: '00000000-0000-7000-8000-000000000003',
    },
  },
  'sellers.panel': { access: { roles: ['super', 'comercial'] } },
  'places.status': { access: 'authenticated' },
  'places.search': { access: 'authenticated', input: { searchInput: 'artigas' } },
  'places.details': { access: 'authenticated', input: { placeId: 'ChIJfakeArtigas1100' } },
  'companies.settings': { access: 'authenticated' },
  'companies.list': { access: 'authenticated', input: {} },
  'companies.get': {
    access: 'authenticated',
    input: { id: '00000000-0000-7000-8000-000000000003' },
  },
  'companies.create': { access: 'authenticated', input: { businessName: 'X' } },
  'companies.update': {
    access: 'authenticated',
    input: { id: '00000000-0000-7000-8000-000000000003', data: { businessName: 'X' } },
  },
  'companies.delete': {
    access: { roles: ['comercial', 'super', 'project_manager'] },
    input: { ids: ['00000000-0000-7000-8000-000000000003'] },
  },
  'companies.assignManager': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003', managerId: null },
  },
  'companies.sectors': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003' },
  },
  'companies.createSector': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003', name: 'Ventas' },
  },
  'companies.deleteSector': {
    access: 'authenticated',
    input: {
      companyId: '00000000-0000-7000-8000-000000000003',
      sectorId: '00000000-0000-7000-8000-000000000003',
    },
  },
  'companies.selectableContacts': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003' },
  },
  'companies.addContacts': {
    access: 'authenticated',
    input: {
      companyId: '00000000-0000-7000-8000-000000000003',
      contacts: ['00000000-0000-7000-8000-000000000003'],
    },
  },
  'companies.modifyDefaultField': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { field: 'taxCode', hidden: true },
  },
  'customFields.forForm': { access: 'authenticated', input: { entity: 'company', mode: 'create' } },
  'customFields.list': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { entity: 'company' },
  },
  'customFields.create': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { entity: 'company', code: 'rubro', name: 'Rubro', type: 'string' },
  },
  'customFields.update': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { id: '00000000-0000-7000-8000-000000000003', data: { name: 'Rubro' } },
  },
  'customFields.checkUnique': {
    access: 'authenticated',
    input: { entity: 'company', code: 'rubro', value: 'x' },
  },
  'customFields.createSharedOption': {
    access: 'authenticated',
    input: { fieldId: '00000000-0000-7000-8000-000000000003', data: { name: 'Opción' } },
  },
  'customFields.updateSharedOption': {
    access: 'authenticated',
    input: { fieldId: '00000000-0000-7000-8000-000000000003', code: 'x', data: { name: 'Opción' } },
  },
  'customFields.deleteSharedOption': {
    access: 'authenticated',
    input: { fieldId: '00000000-0000-7000-8000-000000000003', code: 'x' },
  },
  'catalog.tags': { access: 'authenticated' },
  'catalog.origins': { access: 'authenticated' },
  'catalog.allTags': { access: { roles: ['admin', 'comercial', 'project_manager'] } },
  'catalog.allOrigins': { access: { roles: ['admin', 'comercial', 'project_manager'] } },
  'catalog.createTag': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { code: 'nuevo', name: 'Nuevo', color: '#E03131' },
  },
  'catalog.updateTag': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: {
      id: '00000000-0000-7000-8000-000000000003',
      data: { code: 'nuevo', name: 'Nuevo', color: '#E03131' },
    },
  },
  'catalog.createOrigin': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { code: 'web', name: 'Web' },
  },
  'catalog.updateOrigin': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { id: '00000000-0000-7000-8000-000000000003', data: { code: 'web', name: 'Web' } },
  },
  'contacts.lookup': { access: 'authenticated', input: {} },
  'contacts.list': { access: { roles: CONTACT_ROLES }, input: {} },
  'contacts.form': { access: { roles: CONTACT_ROLES } },
  'contacts.get': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'contacts.create': { access: { roles: CONTACT_ROLES }, input: CONTACT_VALUES },
  'contacts.update': {
    access: { roles: CONTACT_ROLES },
    input: { id: SOME_ID, values: CONTACT_VALUES },
  },
  'contacts.validatePhone': { access: { roles: CONTACT_ROLES }, input: { number: '099123456' } },
  'contacts.externalValidate': {
    access: { roles: CONTACT_ROLES },
    input: { values: CONTACT_VALUES },
  },
  'contacts.conversationText': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'contacts.transferAgents': { access: { roles: CONTACT_ROLES } },
  'contacts.transfer': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, agentId: OTHER_ID },
  },
  'contacts.takeOver': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'contacts.subConversations': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'contacts.createSubConversation': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID },
  },
  'contacts.unify': {
    access: { roles: CONTACT_ROLES },
    input: { contactA: SOME_ID, contactB: OTHER_ID },
  },
  'interactions.timeline': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'interactions.after': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, after: OTHER_ID },
  },
  'interactions.items': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, ids: [OTHER_ID] },
  },
  'interactions.search': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, text: 'hola' },
  },
  'interactions.createNote': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, body: 'Hola' },
  },
  'interactions.archivingReasons': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID },
  },
  'interactions.archive': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, reason: 'sin-interes' },
  },
  'interactions.unarchive': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID },
  },
  'interactions.changeTag': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, tag: null },
  },
  'interactions.setReminder': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, reminderDate: new Date('2030-01-01') },
  },
  'interactions.cancelReminder': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID },
  },
  'interactions.completeSuggestion': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, index: 0, id: OTHER_ID },
  },
  'interactions.removeSuggestion': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, index: 0 },
  },
  'interactions.activitySettings': { access: { roles: CONTACT_ROLES } },
  'interactions.createVisit': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, state: 'concretada' },
  },
  'interactions.createFeedback': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, body: 'Bien' },
  },
  'interactions.markFeedbackRead': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID },
  },
  'interactions.startCall': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, phone: '+59899123456' },
  },
  'interactions.closeCall': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, state: 'done' },
  },
  'inbox.conversations': { access: { roles: CONTACT_ROLES }, input: {} },
  'inbox.unassigned': { access: { roles: CONTACT_ROLES }, input: {} },
  'inbox.unassignedCount': { access: { roles: CONTACT_ROLES } },
  'inbox.next': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.reserve': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.release': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'sharedInboxes.mine': { access: { roles: SHARED_INBOX_ROLES } },
  'sharedInboxes.contacts': {
    access: { roles: SHARED_INBOX_ROLES },
    input: { sharedInboxId: SOME_ID },
  },
  'sharedInboxes.list': { access: { roles: ['admin', 'comercial'] } },
  'sharedInboxes.create': {
    access: { roles: ['admin', 'comercial'] },
    input: { name: 'Cartera', ownerId: SOME_ID, memberIds: [OTHER_ID] },
  },
  'sharedInboxes.update': {
    access: { roles: ['admin', 'comercial'] },
    input: { id: SOME_ID, data: { name: 'Cartera', ownerId: SOME_ID, memberIds: [OTHER_ID] } },
  },
  'sharedInboxes.remove': { access: { roles: ['admin', 'comercial'] }, input: { id: SOME_ID } },
  'interactions.heatmap': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'interactions.files': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, kind: 'files' },
  },
  'templates.quickReplies': { access: { roles: CONTACT_ROLES }, input: {} },
  'interactions.setBot': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, active: true },
  },
  'users.lookup': { access: 'authenticated', input: {} },
  'settings.appearance': { access: 'authenticated' },
  'settings.updateAppearance': { access: 'authenticated', input: { defaultChatAction: 'note' } },
  'activity.list': {
    access: 'authenticated',
    input: { from: new Date('2026-01-01'), to: new Date('2026-01-02') },
  },
};

const routerProcedures = (
  appRouter as unknown as {
    _def: { procedures: Record<string, { _def: { meta?: ProcedureMeta } }> };
  }
)._def.procedures;

async function call(path: string, session: AuthSession | null, input: unknown) {
  const caller = appRouter.createCaller(contextWithoutDeps(session));
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  const result = await (target as (input: unknown) => Promise<unknown>)(input);
  // A subscription that was admitted hands back its stream; close it.
  if (result && typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    await (result as AsyncGenerator).return?.(undefined);
  }
  return result;
}

describe('arnés de autorización', () => {
  it('conoce cada procedimiento del router y nada más', () => {
    expect(Object.keys(routerProcedures).sort()).toEqual(Object.keys(procedures).sort());
  });

  for (const [path, entry] of Object.entries(procedures)) {
    if (entry.access === 'public') continue;

    it(`${path} rechaza a quien no inició sesión`, async () => {
      await expect(call(path, null, entry.input)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        cause: { code: 'UNAUTHENTICATED' },
      });
    });

    const meta = routerProcedures[path]?._def.meta;
    const firstAllowedRole = typeof entry.access === 'object' ? entry.access.roles[0]! : 'user';

    if (!meta?.duringPasswordChange) {
      it(`${path} rechaza a quien debe cambiar su contraseña`, async () => {
        const session = fakeSession(firstAllowedRole, { requirePasswordChangeByPolicy: true });
        await expect(call(path, session, entry.input)).rejects.toMatchObject({
          cause: { code: 'PASSWORD_CHANGE_REQUIRED' },
        });
      });
    }

    if (meta?.area) {
      it(`${path} rechaza a un usuario confinado fuera de ${meta.area}`, async () => {
        const session = fakeSession(firstAllowedRole, { jailUrl: ['/training'] });
        await expect(call(path, session, entry.input)).rejects.toMatchObject({
          cause: { code: 'PERMISSION_DENIED' },
        });
      });
    }

    const access = entry.access;
    if (typeof access === 'object') {
      for (const role of ROLES.filter((each) => !access.roles.includes(each))) {
        it(`${path} rechaza el rol ${role}`, async () => {
          await expect(call(path, fakeSession(role), entry.input)).rejects.toMatchObject({
            code: 'FORBIDDEN',
            cause: { code: 'PERMISSION_DENIED' },
          });
        });
      }
    }
  }
});
