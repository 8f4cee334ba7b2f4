/**
 * The authorisation harness. It walks every procedure of appRouter: each must be declared below
 * with who may call it, every non-public one must refuse an anonymous caller, and every
 * role-gated one must refuse the roles it does not list. A procedure added without an entry here
 * fails the suite. Grow this table with every router.
 */
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@cartera/domain/roles';
import {
  apiTokenAdmits,
  jailAdmits,
  pathWithin,
  PROCEDURES_WITHOUT_AREA,
} from '@cartera/domain/policy';
import { API_TOKEN_SCOPES } from '../modules/sessions/api-token.service';
import type { AuthSession } from '../modules/sessions/session.types';
import { contextWithoutDeps, fakeSession } from '../testing/auth-fixtures';
import type { ProcedureMeta } from './init';
import { appRouter } from '../router';

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
/** 01 §6 slug 'company': who opens 'Mi Empresa' and its channels. */
const COMPANY_ROLES: readonly Role[] = ['comercial', 'users_manager', 'project_manager'];
/** 01 §6 slug 'comercial-goals': who opens 'Objetivos' (unless goalsDisabled). */
const GOALS_ROLES: readonly Role[] = ['comercial', 'super', 'project_manager'];
/** 01 §6 slug 'comercial-sale': the sales back office's transitions. */
const BACK_OFFICE_ROLES: readonly Role[] = ['comercial'];
/** 01 §6 and issue #17: who manages users (flags and groups are for admins only). */
const USER_ADMINS: readonly Role[] = ['admin', 'users_manager'];
/** Who edits the company's configuration in 'Mi Empresa' (the catalog procedures). */
const CATALOG_EDITORS: readonly Role[] = ['admin', 'comercial', 'project_manager'];
const SHORTCUT = {
  title: 'Ficha',
  url: 'https://crm.example.com/ficha?tel={{contact.phones.0}}',
  redirectionType: 'internal',
};
/** Issue #17: who sets the company's password policy and external contact system. */
const SECURITY_MANAGERS: readonly Role[] = ['admin', 'comercial'];
/** The 'configures the company' capability (outbound webhooks). */
const COMPANY_CONFIGURERS: readonly Role[] = ['admin', 'comercial', 'project_manager'];
const SOME_ID = '00000000-0000-7000-8000-0000000000c1';
/** Issue #42 item 1: slug net-promoter-score, and who reads NPS figures (readNpsFigures). */
const NPS_ROLES: readonly Role[] = ['project_manager', 'comercial'];
const NPS_FIGURE_READERS: readonly Role[] = ['super', 'comercial', 'project_manager'];
const NPS_CONFIG = {
  name: 'Post venta',
  question: '¿Nos recomendarías?',
  channelId: '00000000-0000-7000-8000-0000000000c3',
  templateName: 'encuesta_nps',
  templateLanguage: 'es',
  trigger: 'archiving',
};
const OTHER_ID = '00000000-0000-7000-8000-0000000000c2';
const TRAINING_ITEM = {
  type: 'instance',
  title: 'Clase',
  date: new Date('2026-03-02T12:00:00Z'),
  duration: 60,
  linkOfClass: '/media/training/clase.webm',
};
const REQUEST_TEMPLATE = {
  title: 'Alta de servicio',
  body: [{ type: 'string', field: 'plan', title: 'Plan', required: true }],
};
const COACH_POST = { title: 'Novedades', content: 'Hola equipo' };
/** A platform admin's shipment to a company's sellers (issue #41). */
const SHIPMENT = { title: 'Novedad', audience: { companies: [OTHER_ID], roles: ['user'] } };
const CONTACT_VALUES = { firstName: 'Ana', phones: [{ phone: '099123456', extensionNumber: '' }] };

/** Issue #42 item 2: slug campaigns ('Campañas'). */
const CAMPAIGN_ROLES: readonly Role[] = ['project_manager'];
const CAMPAIGN = {
  name: 'Promo de invierno',
  channelId: '00000000-0000-7000-8000-0000000000c3',
  template: { name: 'promo_invierno', language: 'es' },
};

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
  'admin.groups': { access: { roles: USER_ADMINS }, input: {} },
  'admin.deadLetters': { access: { roles: ['admin'] } },
  // A bad e-mail: an admin gets a validation error, never a new company, from the harness.
  'admin.createClient': {
    access: { roles: ['admin'] },
    input: {
      name: 'Cliente Nuevo',
      country: 'uy',
      user: { name: 'Ana', email: 'no-es-un-correo', password: 'Nueva1234' },
    },
  },
  'admin.createGroup': {
    access: { roles: ['admin'] },
    input: { parentId: SOME_ID, name: 'Ventas' },
  },
  'admin.updateGroup': {
    access: { roles: ['admin'] },
    input: { id: SOME_ID, data: { name: 'X' } },
  },
  'admin.moveGroup': { access: { roles: ['admin'] }, input: { id: SOME_ID, parentId: OTHER_ID } },
  'admin.setFlag': {
    access: { roles: ['admin'] },
    input: { groupId: SOME_ID, flag: 'campaigns', value: 0 },
  },
  'admin.audit': { access: { roles: ['admin'] }, input: {} },
  'admin.company': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'admin.overview': { access: { roles: COMPANY_ROLES } },
  'admin.regenerateTracings': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'admin.removeDuplicateTracing': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'admin.moveCompany': {
    access: { roles: ['admin'] },
    input: { id: SOME_ID, targetGroupId: OTHER_ID },
  },
  'admin.users': { access: { roles: USER_ADMINS }, input: {} },
  'admin.createUser': {
    access: { roles: USER_ADMINS },
    input: {
      name: 'Ana',
      email: 'ana@demo.test',
      roles: ['user'],
      groupId: SOME_ID,
      password: 'Inicial1',
    },
  },
  'admin.updateUser': { access: { roles: USER_ADMINS }, input: { id: SOME_ID, data: {} } },
  'admin.setUserActive': { access: { roles: USER_ADMINS }, input: { id: SOME_ID, active: false } },
  'admin.resetPassword': {
    access: { roles: USER_ADMINS },
    input: { id: SOME_ID, password: 'Inicial1' },
  },
  'admin.forcePasswordChange': { access: { roles: USER_ADMINS }, input: { id: SOME_ID } },
  'seller.panel': { access: { roles: ['super', 'comercial'] } },
  // 'Rendimiento' is slug statistics: a user manager (gestor) is refused (issue #35).
  // Issue #42 item 1: 'NPS' (slug net-promoter-score), its figures (readNpsFigures, also for
  // supervisors on 'Rendimiento') and the bubble's toggle (whoever sees the contact).
  'nps.list': { access: { roles: NPS_ROLES } },
  'nps.get': { access: { roles: NPS_ROLES }, input: { id: SOME_ID } },
  'nps.create': { access: { roles: NPS_ROLES }, input: NPS_CONFIG },
  'nps.update': { access: { roles: NPS_ROLES }, input: { ...NPS_CONFIG, id: SOME_ID } },
  'nps.remove': { access: { roles: NPS_ROLES }, input: { id: SOME_ID } },
  'nps.sendSurvey': { access: { roles: NPS_ROLES }, input: { id: SOME_ID, contacts: [OTHER_ID] } },
  'nps.cancel': { access: { roles: CONTACT_ROLES }, input: { surveyId: SOME_ID, canceled: true } },
  'nps.changeActionStatus': {
    access: { roles: NPS_FIGURE_READERS },
    input: { surveyId: SOME_ID, actionStatus: 'contacted' },
  },
  'nps.statistics': {
    access: { roles: NPS_FIGURE_READERS },
    input: { from: '2026-03-02', to: '2026-03-08' },
  },
  'nps.surveys': {
    access: { roles: NPS_FIGURE_READERS },
    input: { from: '2026-03-02', to: '2026-03-08' },
  },
  'goal.dashboard': {
    access: { roles: ['admin', 'super', 'comercial', 'project_manager', 'user'] },
    input: { period: { from: '2026-03-02', to: '2026-03-08' } },
  },
  'goal.list': { access: { roles: GOALS_ROLES }, input: { start: '2026-03-02' } },
  'goal.save': {
    access: { roles: GOALS_ROLES },
    input: { userId: SOME_ID, start: '2026-03-02', targets: { tracing: 10 } },
  },
  'goal.statusByGroup': { access: { roles: GOALS_ROLES } },
  'goal.config': { access: { roles: GOALS_ROLES } },
  'goal.saveConfig': {
    access: { roles: ['comercial', 'project_manager'] },
    input: { startDate: '2026-03-02', metrics: [{ reference: 'tracing', hidden: false }] },
  },
  'receipt.list': { access: 'authenticated', input: {} },
  'receipt.get': { access: 'authenticated', input: { id: SOME_ID } },
  'receipt.create': {
    access: 'authenticated',
    input: { status: 'new', ticketId: 'T-1', phone: '099123456', name: 'Ana' },
  },
  'receipt.count': { access: 'authenticated', input: {} },
  'receipt.phoneSearch': { access: { roles: BACK_OFFICE_ROLES }, input: { phone: '099123456' } },
  'receipt.contactByPhone': {
    access: { roles: BACK_OFFICE_ROLES },
    input: { phone: '099123456' },
  },
  'receipt.sellers': { access: { roles: BACK_OFFICE_ROLES } },
  'receipt.changeStatus': {
    access: { roles: BACK_OFFICE_ROLES },
    input: { id: SOME_ID, status: 'pending' },
  },
  'receipt.cancel': { access: { roles: BACK_OFFICE_ROLES }, input: { id: SOME_ID } },
  'receipt.changeSeller': {
    access: { roles: BACK_OFFICE_ROLES },
    input: { id: SOME_ID, sellerId: OTHER_ID },
  },
  'receipt.changeSaleDate': {
    access: { roles: BACK_OFFICE_ROLES },
    input: { id: SOME_ID, saleDate: '2026-03-02' },
  },
  'receipt.updateFieldValue': {
    access: 'authenticated',
    input: { id: SOME_ID, field: 'name', value: 'Ana' },
  },
  'receipt.config': { access: 'authenticated' },
  'requestSale.templates': { access: 'authenticated', input: {} },
  'requestSale.template': { access: 'authenticated', input: { id: SOME_ID } },
  'requestSale.defaultTemplate': { access: 'authenticated' },
  'requestSale.createTemplate': {
    access: { roles: ['admin', 'comercial'] },
    input: REQUEST_TEMPLATE,
  },
  'requestSale.updateTemplate': {
    access: { roles: ['admin', 'comercial'] },
    input: { id: SOME_ID, data: REQUEST_TEMPLATE },
  },
  'requestSale.setTemplateActive': {
    access: { roles: ['admin', 'comercial'] },
    input: { id: SOME_ID, active: false },
  },
  'requestSale.setLabel': {
    access: { roles: ['admin', 'comercial'] },
    input: { label: null },
  },
  'requestSale.viewer': { access: 'authenticated' },
  'requestSale.listByContact': { access: 'authenticated', input: { contactId: SOME_ID } },
  'requestSale.get': { access: 'authenticated', input: { id: SOME_ID } },
  'requestSale.create': {
    access: 'authenticated',
    input: { contactId: SOME_ID, templateId: OTHER_ID, mode: 'draft', content: {} },
  },
  'requestSale.update': { access: 'authenticated', input: { id: SOME_ID, content: {} } },
  'requestSale.changeStatus': {
    access: 'authenticated',
    input: { id: SOME_ID, statusType: 'new' },
  },
  'requestSale.delete': { access: 'authenticated', input: { id: SOME_ID } },
  'requestSale.createClient': {
    access: 'authenticated',
    input: { firstName: 'Ana', lastName: '', phones: ['099123456'], detail: '' },
  },
  'requestSale.contactByPhone': { access: 'authenticated', input: { phone: '099123456' } },
  'requestSale.searchField': {
    access: 'authenticated',
    input: { templateId: SOME_ID, field: 'plan', search: 'fibra' },
  },
  'requestSale.sellers': { access: 'authenticated' },
  'requestSale.shareUsers': { access: 'authenticated' },
  'requestSale.share': {
    access: 'authenticated',
    input: { requestId: SOME_ID, userId: OTHER_ID, permission: 'read' },
  },
  'requestSale.unshare': {
    access: 'authenticated',
    input: { requestId: SOME_ID, userId: OTHER_ID },
  },
  'requestSale.comments': { access: 'authenticated', input: { requestId: SOME_ID } },
  'requestSale.addComment': {
    access: 'authenticated',
    input: { requestId: SOME_ID, text: 'Hola' },
  },
  'requestSale.deleteComment': {
    access: 'authenticated',
    input: { requestId: SOME_ID, commentId: OTHER_ID },
  },
  'requestSale.setCommentVisible': {
    access: { roles: ['admin'] },
    input: { requestId: SOME_ID, commentId: OTHER_ID, visible: false },
  },
  'requestSale.markSeen': { access: { roles: ['comercial'] }, input: { requestId: SOME_ID } },
  'requestSale.unseen': { access: 'authenticated', input: { requestIds: [SOME_ID] } },
  'requestSale.backoffice': { access: 'authenticated', input: {} },
  'requestSale.audit': {
    access: { roles: ['comercial'] },
    input: { id: SOME_ID, auditorId: null },
  },
  'requestSale.changeCreator': {
    access: { roles: ['comercial'] },
    input: { id: SOME_ID, creatorId: OTHER_ID },
  },
  'requestSale.forceStatus': {
    access: { roles: ['comercial'] },
    input: { id: SOME_ID, statusType: 'processing' },
  },
  'receipt.report': { access: { roles: ['super', 'comercial', 'project_manager'] }, input: {} },
  'notification.list': { access: 'authenticated', input: {} },
  'notification.page': { access: 'authenticated', input: {} },
  'notification.get': { access: 'authenticated', input: { id: SOME_ID } },
  'notification.unreadCount': { access: 'authenticated' },
  'notification.track': { access: 'authenticated', input: { id: SOME_ID, action: 'viewed' } },
  'notification.shipments': { access: { roles: ['admin'] }, input: {} },
  'notification.shipment': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'notification.createShipment': { access: { roles: ['admin'] }, input: SHIPMENT },
  'notification.updateShipment': {
    access: { roles: ['admin'] },
    input: { id: SOME_ID, values: SHIPMENT },
  },
  'notification.previewAudience': { access: { roles: ['admin'] }, input: SHIPMENT.audience },
  'notification.shipmentUsers': { access: { roles: ['admin'] }, input: {} },
  'notification.sendShipment': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'notification.statistics': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'notification.templates': { access: { roles: ['admin'] } },
  'notification.saveTemplate': {
    access: { roles: ['admin'] },
    input: { values: { name: 'Novedad', title: 'Novedad' } },
  },
  'notification.removeTemplate': { access: { roles: ['admin'] }, input: { id: SOME_ID } },
  'training.coach': { access: 'authenticated' },
  'training.setCoach': { access: { roles: ['admin'] }, input: { userId: SOME_ID } },
  'training.audienceGroups': { access: 'authenticated' },
  'training.items': { access: 'authenticated', input: { type: 'instance' } },
  'training.item': { access: 'authenticated', input: { id: SOME_ID } },
  'training.recordProgress': { access: 'authenticated', input: { id: SOME_ID, position: 12 } },
  'training.createItem': { access: 'authenticated', input: TRAINING_ITEM },
  'training.updateItem': { access: 'authenticated', input: { id: SOME_ID, data: TRAINING_ITEM } },
  'training.deleteItem': { access: 'authenticated', input: { id: SOME_ID } },
  'training.posts': { access: 'authenticated', input: {} },
  'training.post': { access: 'authenticated', input: { id: SOME_ID } },
  'training.createPost': { access: 'authenticated', input: COACH_POST },
  'training.updatePost': { access: 'authenticated', input: { id: SOME_ID, data: COACH_POST } },
  'training.deletePost': { access: 'authenticated', input: { id: SOME_ID } },
  'training.react': { access: 'authenticated', input: { postId: SOME_ID, reaction: 'love' } },
  'training.comments': { access: 'authenticated', input: { postId: SOME_ID } },
  'training.comment': { access: 'authenticated', input: { postId: SOME_ID, content: 'Gracias' } },
  'training.deleteComment': { access: 'authenticated', input: { id: SOME_ID } },
  'training.setCommentVisibility': {
    access: 'authenticated',
    input: { id: SOME_ID, visible: false },
  },
  'place.status': { access: 'authenticated' },
  'place.search': { access: 'authenticated', input: { searchInput: 'artigas' } },
  'place.details': { access: 'authenticated', input: { placeId: 'ChIJfakeArtigas1100' } },
  'company.settings': { access: 'authenticated' },
  'company.list': { access: 'authenticated', input: {} },
  'company.get': {
    access: 'authenticated',
    input: { id: '00000000-0000-7000-8000-000000000003' },
  },
  'company.create': { access: 'authenticated', input: { businessName: 'X' } },
  'company.update': {
    access: 'authenticated',
    input: { id: '00000000-0000-7000-8000-000000000003', data: { businessName: 'X' } },
  },
  'company.delete': {
    access: { roles: ['comercial', 'super', 'project_manager'] },
    input: { ids: ['00000000-0000-7000-8000-000000000003'] },
  },
  'company.assignManager': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003', managerId: null },
  },
  'company.sectors': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003' },
  },
  'company.createSector': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003', name: 'Ventas' },
  },
  'company.deleteSector': {
    access: 'authenticated',
    input: {
      companyId: '00000000-0000-7000-8000-000000000003',
      sectorId: '00000000-0000-7000-8000-000000000003',
    },
  },
  'company.selectableContacts': {
    access: 'authenticated',
    input: { companyId: '00000000-0000-7000-8000-000000000003' },
  },
  'company.addContacts': {
    access: 'authenticated',
    input: {
      companyId: '00000000-0000-7000-8000-000000000003',
      contacts: ['00000000-0000-7000-8000-000000000003'],
    },
  },
  'company.modifyDefaultField': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { field: 'taxCode', hidden: true },
  },
  'company.savePanel': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: {
      panelLabel: 'Clientes',
      icon: 'briefcase',
      defaultFields: { taxCode: { hidden: true } },
    },
  },
  'contact.formSettings': { access: { roles: ['admin', 'comercial', 'project_manager'] } },
  'contact.saveFormSettings': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: {
      form: [{ kind: 'firstName' }, { kind: 'phones' }],
      phoneOptional: false,
      unify: { active: false, roles: [] },
    },
  },
  'receipt.saleConfig': { access: { roles: ['admin', 'comercial', 'project_manager'] } },
  'receipt.saveSaleConfig': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { presale: true, templates: [{ code: 'planes' }], presaleTemplate: null },
  },
  'receipt.saveBubbleTemplate': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { code: 'planes', bubbleTitle: 'Planes', hiddenFields: ['gov_id'] },
  },
  'customField.forForm': { access: 'authenticated', input: { entity: 'company', mode: 'create' } },
  'customField.list': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { entity: 'company' },
  },
  'customField.create': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { entity: 'company', code: 'rubro', name: 'Rubro', type: 'string' },
  },
  'customField.update': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { id: '00000000-0000-7000-8000-000000000003', data: { name: 'Rubro' } },
  },
  'customField.checkUnique': {
    access: 'authenticated',
    input: { entity: 'company', code: 'rubro', value: 'x' },
  },
  'customField.createSharedOption': {
    access: 'authenticated',
    input: { fieldId: '00000000-0000-7000-8000-000000000003', data: { name: 'Opción' } },
  },
  'customField.updateSharedOption': {
    access: 'authenticated',
    input: { fieldId: '00000000-0000-7000-8000-000000000003', code: 'x', data: { name: 'Opción' } },
  },
  'customField.deleteSharedOption': {
    access: 'authenticated',
    input: { fieldId: '00000000-0000-7000-8000-000000000003', code: 'x' },
  },
  'security.rules': { access: { roles: SECURITY_MANAGERS } },
  'security.updateRules': {
    access: { roles: SECURITY_MANAGERS },
    input: { passwordMinLength: 12, passwordMaxAgeDays: 0 },
  },
  'security.externalIntegrations': { access: { roles: SECURITY_MANAGERS } },
  'security.updateExternalIntegrations': {
    access: { roles: SECURITY_MANAGERS },
    input: { externalSystem: null },
  },
  'security.testExternalIntegration': { access: { roles: SECURITY_MANAGERS }, input: {} },
  // Outbound webhooks (issue #36 item 4): those who configure the company.
  'webhook.list': { access: { roles: COMPANY_CONFIGURERS } },
  'webhook.create': {
    access: { roles: COMPANY_CONFIGURERS },
    input: { url: 'https://example.com/hook', eventTypes: ['interaction.created'] },
  },
  'webhook.update': {
    access: { roles: COMPANY_CONFIGURERS },
    input: { id: SOME_ID, state: 'paused' },
  },
  'webhook.remove': { access: { roles: COMPANY_CONFIGURERS }, input: { id: SOME_ID } },
  'webhook.deliveries': { access: { roles: COMPANY_CONFIGURERS }, input: { id: SOME_ID } },
  'webhook.resend': {
    access: { roles: COMPANY_CONFIGURERS },
    input: { subscriptionId: SOME_ID, deliveryId: OTHER_ID },
  },
  'webhook.sendTest': { access: { roles: COMPANY_CONFIGURERS }, input: { id: SOME_ID } },
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
  'catalog.groupChoices': { access: { roles: ['admin', 'comercial', 'project_manager'] } },
  'catalog.allArchivingReasons': { access: { roles: ['admin', 'comercial', 'project_manager'] } },
  'catalog.createArchivingReason': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { code: 'nuevo', name: 'Nuevo', nextAction: 'standardReminder' },
  },
  'catalog.updateArchivingReason': {
    access: { roles: ['admin', 'comercial', 'project_manager'] },
    input: { code: 'nuevo', data: { name: 'Nuevo' } },
  },
  'catalog.shortcuts': { access: 'authenticated' },
  'catalog.createShortcut': {
    access: { roles: CATALOG_EDITORS },
    input: SHORTCUT,
  },
  'catalog.updateShortcut': {
    access: { roles: CATALOG_EDITORS },
    input: { id: SOME_ID, data: SHORTCUT },
  },
  'catalog.deleteShortcut': { access: { roles: CATALOG_EDITORS }, input: { id: SOME_ID } },
  'catalog.orderShortcuts': { access: { roles: CATALOG_EDITORS }, input: { ids: [SOME_ID] } },
  'catalog.allVisitResults': { access: { roles: CATALOG_EDITORS } },
  'catalog.createVisitResult': {
    access: { roles: CATALOG_EDITORS },
    input: { code: 'concretada', name: 'Concretada' },
  },
  'catalog.updateVisitResult': {
    access: { roles: CATALOG_EDITORS },
    input: { code: 'concretada', data: { name: 'Concretada', active: false } },
  },
  'catalog.conversationRules': { access: { roles: CATALOG_EDITORS } },
  'catalog.saveVisitComment': {
    access: { roles: CATALOG_EDITORS },
    input: { required: true, minChars: 0, maxChars: 100 },
  },
  'catalog.saveFeedbackRoles': { access: { roles: CATALOG_EDITORS }, input: { roles: ['super'] } },
  'catalog.crmConfig': { access: { roles: CATALOG_EDITORS } },
  'catalog.saveCrmConfig': { access: { roles: CATALOG_EDITORS }, input: { enableMeetings: true } },
  'contact.lookup': { access: 'authenticated', input: {} },
  'contact.list': { access: { roles: CONTACT_ROLES }, input: {} },
  'contact.form': { access: { roles: CONTACT_ROLES } },
  'contact.get': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'contact.create': { access: { roles: CONTACT_ROLES }, input: CONTACT_VALUES },
  'contact.update': {
    access: { roles: CONTACT_ROLES },
    input: { id: SOME_ID, values: CONTACT_VALUES },
  },
  'contact.validatePhone': { access: { roles: CONTACT_ROLES }, input: { number: '099123456' } },
  'contact.externalValidate': {
    access: { roles: CONTACT_ROLES },
    input: { values: CONTACT_VALUES },
  },
  'contact.conversationText': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'contact.transferAgents': { access: { roles: CONTACT_ROLES } },
  'contact.transfer': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, agentId: OTHER_ID },
  },
  'contact.takeOver': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'contact.subConversations': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  // Issue #43 item 3: the conversation's external statistics panel.
  'contact.externalStats': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'contact.createSubConversation': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID },
  },
  'contact.unify': {
    access: { roles: CONTACT_ROLES },
    input: { contactA: SOME_ID, contactB: OTHER_ID },
  },
  'interaction.timeline': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'interaction.after': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, after: OTHER_ID },
  },
  'interaction.items': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, ids: [OTHER_ID] },
  },
  'interaction.search': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, text: 'hola' },
  },
  'interaction.createNote': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, body: 'Hola' },
  },
  'interaction.archivingReasons': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID },
  },
  'interaction.archive': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, reason: 'sin-interes' },
  },
  'interaction.unarchive': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID },
  },
  'interaction.changeTag': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, tag: null },
  },
  'interaction.setReminder': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, reminderDate: new Date('2030-01-01') },
  },
  'interaction.cancelReminder': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID },
  },
  'interaction.completeSuggestion': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, index: 0, id: OTHER_ID },
  },
  'interaction.removeSuggestion': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, index: 0 },
  },
  'interaction.activitySettings': { access: { roles: CONTACT_ROLES } },
  'interaction.createVisit': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, state: 'concretada' },
  },
  'interaction.createFeedback': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, body: 'Bien' },
  },
  'interaction.markFeedbackRead': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID },
  },
  'interaction.startCall': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, phone: '+59899123456' },
  },
  'interaction.closeCall': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, state: 'done' },
  },
  'inbox.conversations': { access: { roles: CONTACT_ROLES }, input: {} },
  'inbox.unassigned': { access: { roles: CONTACT_ROLES }, input: {} },
  'inbox.unassignedCount': { access: { roles: CONTACT_ROLES } },
  'inbox.next': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.reserve': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.release': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.bulkArchive': {
    access: { roles: CONTACT_ROLES },
    input: { contactIds: [SOME_ID], reason: 'sin-interes' },
  },
  'inbox.bulkTransfer': {
    access: { roles: CONTACT_ROLES },
    input: { contactIds: [SOME_ID], agentId: OTHER_ID },
  },
  'inbox.bulkTag': {
    access: { roles: CONTACT_ROLES },
    input: { contactIds: [SOME_ID], tag: null },
  },
  'inbox.bulkRemind': {
    access: { roles: CONTACT_ROLES },
    input: { contactIds: [SOME_ID], reminderDate: '2099-01-01T12:00:00.000Z' },
  },
  'inbox.markRead': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.markUnread': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'inbox.unreadCounts': { access: { roles: CONTACT_ROLES } },
  'inbox.messageNotice': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'sharedInbox.mine': { access: { roles: SHARED_INBOX_ROLES } },
  'sharedInbox.contacts': {
    access: { roles: SHARED_INBOX_ROLES },
    input: { sharedInboxId: SOME_ID },
  },
  'sharedInbox.list': { access: { roles: ['admin', 'comercial'] } },
  'sharedInbox.create': {
    access: { roles: ['admin', 'comercial'] },
    input: { name: 'Cartera', ownerId: SOME_ID, memberIds: [OTHER_ID] },
  },
  'sharedInbox.update': {
    access: { roles: ['admin', 'comercial'] },
    input: { id: SOME_ID, data: { name: 'Cartera', ownerId: SOME_ID, memberIds: [OTHER_ID] } },
  },
  'sharedInbox.remove': { access: { roles: ['admin', 'comercial'] }, input: { id: SOME_ID } },
  'interaction.heatmap': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'interaction.files': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, kind: 'files' },
  },
  'template.quickReplies': { access: { roles: CONTACT_ROLES }, input: {} },
  'template.list': { access: { roles: CONTACT_ROLES }, input: { scope: 'personal' } },
  'template.create': {
    access: { roles: CONTACT_ROLES },
    input: { scope: 'personal', values: { title: 'Saludo', message: 'Hola' } },
  },
  'template.update': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID, values: {} } },
  'template.remove': { access: { roles: CONTACT_ROLES }, input: { id: SOME_ID } },
  'channel.list': { access: { roles: COMPANY_ROLES } },
  'channel.get': { access: { roles: COMPANY_ROLES }, input: { id: SOME_ID } },
  'channel.create': {
    access: { roles: COMPANY_ROLES },
    input: {
      type: 'whatsapp_business',
      name: 'WhatsApp',
      config: { phoneNumberId: '1' },
      secrets: { accessToken: 'a', appSecret: 'b', verifyToken: 'c' },
    },
  },
  'channel.update': { access: { roles: COMPANY_ROLES }, input: { id: SOME_ID, values: {} } },
  'channel.remove': { access: { roles: COMPANY_ROLES }, input: { id: SOME_ID } },
  'channel.disconnected': { access: { roles: ['project_manager'] } },
  'channel.deadLetters': { access: { roles: COMPANY_ROLES }, input: { channelId: SOME_ID } },
  'channel.retryDeadLetter': {
    access: { roles: COMPANY_ROLES },
    input: { channelId: SOME_ID, id: OTHER_ID },
  },
  'channel.templates': { access: { roles: CONTACT_ROLES }, input: { channelId: SOME_ID } },
  'channel.createTemplate': {
    access: { roles: COMPANY_ROLES },
    input: { channelId: SOME_ID, name: 'bienvenida', body: 'Hola {{1}}' },
  },
  'channel.removeTemplate': { access: { roles: COMPANY_ROLES }, input: { id: SOME_ID } },
  'channel.synchronizeTemplates': {
    access: { roles: COMPANY_ROLES },
    input: { channelId: SOME_ID },
  },
  'channel.options': { access: { roles: CONTACT_ROLES } },
  'channel.whatsappSession': { access: 'authenticated' },
  'channel.connectWhatsapp': { access: 'authenticated' },
  'channel.disconnectWhatsapp': { access: 'authenticated' },
  'channel.markSeen': { access: { roles: CONTACT_ROLES }, input: { contactId: OTHER_ID } },
  'channel.retryMedia': { access: { roles: CONTACT_ROLES }, input: { interactionId: SOME_ID } },
  'channel.editMessage': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: OTHER_ID, id: SOME_ID, text: 'Hola' },
  },
  'channel.scheduleMessage': {
    access: { roles: CONTACT_ROLES },
    input: {
      id: SOME_ID,
      contactId: OTHER_ID,
      channelId: SOME_ID,
      text: 'Hola',
      date: new Date(Date.now() + 3_600_000),
    },
  },
  'channel.setScheduledStatus': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: OTHER_ID, id: SOME_ID, status: 'cancel' },
  },
  'channel.deleteMessage': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: OTHER_ID, id: SOME_ID },
  },
  'channel.replyWindow': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: OTHER_ID, channelId: SOME_ID },
  },
  'channel.sendMessage': {
    access: { roles: CONTACT_ROLES },
    input: { id: SOME_ID, contactId: OTHER_ID, channelId: SOME_ID, text: 'Hola' },
  },
  'file.fromUrl': {
    access: { roles: CONTACT_ROLES },
    input: { url: 'https://example.com/foto.png' },
  },
  'interaction.setBot': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, active: true },
  },
  'user.lookup': { access: 'authenticated', input: {} },
  'settings.appearance': { access: 'authenticated' },
  'apiToken.list': { access: 'authenticated' },
  'apiToken.create': { access: 'authenticated', input: { name: 'Integración', scope: 'read' } },
  'apiToken.revoke': { access: 'authenticated', input: { id: SOME_ID } },
  'settings.updateAppearance': { access: 'authenticated', input: { defaultChatAction: 'note' } },
  'settings.profile': { access: 'authenticated' },
  'settings.updateProfile': { access: 'authenticated', input: { name: 'Ana' } },
  'settings.personalConfig': { access: 'authenticated' },
  'settings.updatePersonalConfig': { access: 'authenticated', input: { callOnPhone: true } },
  'settings.notificationPreferences': { access: 'authenticated' },
  'email.accounts': { access: 'authenticated' },
  'email.connectImap': {
    access: 'authenticated',
    input: {
      address: 'ana@correo.test',
      password: 'secreto',
      imap: { host: 'imap.correo.test', port: 993, security: 'tls' },
      smtp: { host: 'smtp.correo.test', port: 465, security: 'tls' },
    },
  },
  'email.nylasAuthUrl': { access: 'authenticated', input: { provider: 'google' } },
  'email.connectNylas': { access: 'authenticated', input: { code: 'codigo', state: 'estado' } },
  'email.updateSignature': { access: 'authenticated', input: { id: SOME_ID, signature: 'Ana' } },
  'email.disconnect': { access: 'authenticated', input: { id: SOME_ID } },
  'email.send': {
    access: 'authenticated',
    input: {
      id: SOME_ID,
      contactId: OTHER_ID,
      accountId: SOME_ID,
      to: [{ email: 'cliente@correo.test' }],
      subject: 'Hola',
      body: '<p>Hola</p>',
    },
  },
  'email.retry': { access: 'authenticated', input: { contactId: SOME_ID, id: OTHER_ID } },
  'email.thread': { access: 'authenticated', input: { contactId: SOME_ID, id: OTHER_ID } },
  'email.keepThreadOut': { access: 'authenticated', input: { contactId: SOME_ID, id: OTHER_ID } },
  'email.unknownMail': { access: 'authenticated' },
  'email.bringUnknownMail': { access: 'authenticated', input: { address: 'ana@correo.test' } },
  'settings.saveNotificationPreferences': {
    access: 'authenticated',
    input: { customerMessage: { sound: false } },
  },
  'activity.list': {
    access: 'authenticated',
    input: { from: new Date('2026-01-01'), to: new Date('2026-01-02') },
  },
  // 'Historial de acciones' (issue #44 item 2): slug actionsHistory.
  'actionsHistory.list': {
    access: { roles: ['project_manager', 'super', 'comercial'] },
    input: {},
  },
  'actionsHistory.options': { access: { roles: ['project_manager', 'super', 'comercial'] } },
  // AI-drafted replies (issue #44 item 3): the conversation's, and the limit for admins.
  'ai.status': { access: 'authenticated' },
  'ai.draft': { access: 'authenticated', input: { contactId: SOME_ID } },
  'ai.companyLimit': { access: { roles: ['admin'] } },
  'ai.setCompanyLimit': { access: { roles: ['admin'] }, input: { monthlyLimit: 100 } },
  // The contact map (issue #44 item 1): slug contacts-map.
  'contact.map': {
    access: { roles: ['super', 'comercial', 'project_manager', 'user'] },
    input: { zoom: 12, bounds: { south: -35, west: -57, north: -34, east: -56 } },
  },
  // The phone (issue #39): the company's Aircall and restricted numbers (admins and comercial),
  // each user's own mapping and call log, calls on contacts the caller may see.
  'phone.connection': { access: { roles: SECURITY_MANAGERS } },
  'phone.connect': {
    access: { roles: SECURITY_MANAGERS },
    input: { apiId: 'api-id', apiToken: 'api-token' },
  },
  'phone.disconnect': { access: { roles: SECURITY_MANAGERS } },
  'phone.providers': { access: 'authenticated' },
  'phone.channels': { access: 'authenticated' },
  'phone.saveProviders': { access: 'authenticated', input: { externalUserId: null } },
  'phone.startCall': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, phone: '+59899123456' },
  },
  'phone.contactByPhone': { access: 'authenticated', input: { phone: '+59899123456' } },
  'phone.numberStates': { access: { roles: CONTACT_ROLES }, input: { contactId: SOME_ID } },
  'phone.calls': { access: 'authenticated', input: {} },
  'phone.media': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, interactionId: OTHER_ID, kind: 'voicemail' },
  },
  'phone.blockedNumbers': { access: { roles: SECURITY_MANAGERS } },
  'phone.blockNumber': {
    access: { roles: SECURITY_MANAGERS },
    input: { phone: '+59899123456', reason: 'Pidió no ser contactado' },
  },
  'phone.unblockNumber': { access: { roles: SECURITY_MANAGERS }, input: { phone: '+59899123456' } },
  // Meetings and the calendar (issue #40): the scheduler in the conversation, 'Calendario'
  // (slug contact-calendar), the caller's own settings, the company's Zoom.
  'meeting.settings': { access: 'authenticated' },
  'meeting.setEnabled': { access: 'authenticated', input: { enabled: true } },
  'meeting.googleAuthUrl': { access: 'authenticated' },
  'meeting.connectGoogle': { access: 'authenticated', input: { code: 'codigo', state: 'estado' } },
  'meeting.disconnectGoogle': { access: 'authenticated' },
  'meeting.connectZoom': {
    access: { roles: ['comercial', 'project_manager'] },
    input: { accountId: 'cuenta', clientId: 'cliente', clientSecret: 'secreto' },
  },
  'meeting.disconnectZoom': { access: { roles: ['comercial', 'project_manager'] } },
  'meeting.companySettings': { access: { roles: ['comercial', 'project_manager'] } },
  'meeting.setReminderTemplate': {
    access: { roles: ['comercial', 'project_manager'] },
    input: { template: { name: 'recordatorio', language: 'es' } },
  },
  'meeting.integrations': { access: { roles: CONTACT_ROLES }, input: {} },
  'meeting.availability': {
    access: { roles: CONTACT_ROLES },
    input: { startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-02T00:00:00Z' },
  },
  'meeting.createLink': {
    access: { roles: CONTACT_ROLES },
    input: { summary: 'Demo', medium: 'person', startDate: '2026-12-01T15:00:00Z' },
  },
  'meeting.create': {
    access: { roles: CONTACT_ROLES },
    input: {
      id: '01900000-0000-7000-8000-0000000000c3',
      contactId: SOME_ID,
      summary: 'Reunión con Ana',
      medium: 'person',
      when: 'now',
      date: '2026-12-01T15:00:00Z',
    },
  },
  'meeting.setStatus': {
    access: { roles: CONTACT_ROLES },
    input: { contactId: SOME_ID, id: OTHER_ID, status: 'done' },
  },
  'calendar.events': {
    access: { roles: ['super', 'comercial', 'project_manager', 'user'] },
    input: { from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' },
  },
  'calendar.meetings': {
    access: { roles: ['super', 'comercial', 'project_manager', 'user'] },
    input: { from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' },
  },
  // Forms (issue #42 item 3): 'Formularios' is slug forms (comercial, project managers); sending
  // one is for whoever writes to contacts. The public page is REST only (rest-authorization).
  'form.list': { access: { roles: ['comercial', 'project_manager'] } },
  'form.create': {
    access: { roles: ['comercial', 'project_manager'] },
    input: { name: 'Alta', fields: [{ kind: 'contact', field: 'email', label: 'Correo' }] },
  },
  'form.update': {
    access: { roles: ['comercial', 'project_manager'] },
    input: {
      id: SOME_ID,
      values: { name: 'Alta', fields: [{ kind: 'contact', field: 'email', label: 'Correo' }] },
    },
  },
  'form.remove': { access: { roles: ['comercial', 'project_manager'] }, input: { id: SOME_ID } },
  'form.choices': { access: { roles: CONTACT_ROLES } },
  'form.sendLink': {
    access: { roles: CONTACT_ROLES },
    input: { id: SOME_ID, contactId: SOME_ID, formId: OTHER_ID, channelId: SOME_ID },
  },
  // Campaigns (issue #42 item 2): slug campaigns (project managers) with the company's flag.
  'campaign.list': { access: { roles: CAMPAIGN_ROLES } },
  'campaign.get': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
  'campaign.create': { access: { roles: CAMPAIGN_ROLES }, input: CAMPAIGN },
  'campaign.update': {
    access: { roles: CAMPAIGN_ROLES },
    input: { id: SOME_ID, values: CAMPAIGN },
  },
  'campaign.preview': { access: { roles: CAMPAIGN_ROLES }, input: { segment: {} } },
  'campaign.start': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
  'campaign.pause': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
  'campaign.resume': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
  'campaign.cancel': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
  'campaign.statistics': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
  'campaign.recipients': { access: { roles: CAMPAIGN_ROLES }, input: { id: SOME_ID } },
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

  it('todo procedimiento sin área dice qué pantallas lo usan (para las listas de confinamiento)', () => {
    const listed = new Set(Object.values(PROCEDURES_WITHOUT_AREA).flat());
    const withoutArea = Object.entries(routerProcedures)
      .filter(([, procedure]) => !procedure._def.meta?.area)
      .map(([path]) => path);
    expect(withoutArea.filter((path) => !listed.has(path))).toEqual([]);
    // REST routes without a procedure of their own are listed as 'METHOD /api/…'.
    const unknown = [...listed].filter(
      (path) => !(path in routerProcedures) && !/^[A-Z]+ \/api\//.test(path),
    );
    expect(unknown).toEqual([]);
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
        const outside = pathWithin(meta.area!, '/training') ? ['/settings'] : ['/training'];
        const session = fakeSession(firstAllowedRole, { jailUrl: outside });
        await expect(call(path, session, entry.input)).rejects.toMatchObject({
          cause: { code: 'PERMISSION_DENIED' },
        });
      });
    }

    // jail@demo.test's jail: only what /training and /settings need, and the frame.
    const JAIL = ['/training', '/settings'];
    if (!jailAdmits(JAIL, { path, area: meta?.area })) {
      it(`${path} rechaza a un usuario confinado a ${JAIL.join(' y ')}`, async () => {
        const session = fakeSession(firstAllowedRole, { jailUrl: JAIL });
        await expect(call(path, session, entry.input)).rejects.toMatchObject({
          cause: { code: 'PERMISSION_DENIED' },
        });
      });
    }

    // The token dimension: a personal API token of a user who may call the procedure is refused
    // where its scope does not admit it, and otherwise gets what the user's session gets.
    const type = (routerProcedures[path] as unknown as { _def: { type: 'query' | 'mutation' } })
      ._def.type;
    it(`${path} con un token de API: lo que admite su alcance, como la sesión`, async () => {
      const outcome = (session: AuthSession) =>
        call(path, session, entry.input).then(
          () => 'ok',
          (error: { code?: string; cause?: { code?: string } }) =>
            `${error.code ?? ''} ${error.cause?.code ?? ''}`,
        );
      const session = fakeSession(firstAllowedRole);
      const asSession = await outcome(session);
      for (const scope of API_TOKEN_SCOPES) {
        const withToken = await outcome({ ...session, apiToken: { id: SOME_ID, scope } });
        const expected = apiTokenAdmits(scope, { path, type })
          ? asSession
          : 'FORBIDDEN PERMISSION_DENIED';
        expect(withToken, `${path} con un token ${scope}`).toBe(expected);
      }
    });

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
