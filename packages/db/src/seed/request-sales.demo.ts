import { and, asc, eq } from 'drizzle-orm';
import { newId } from '@cartera/domain/ids';
import type { Executor } from '../client';
import { contacts } from '../schema/contacts';
import { origins } from '../schema/custom-fields';
import type { Group } from '../schema/groups';
import { interactions } from '../schema/interactions';
import {
  requestSaleHistory,
  requestSaleShares,
  requestSales,
  requestTemplates,
  type StoredStatusOption,
} from '../schema/request-sales';
import type { User } from '../schema/users';

/*
 * Request sales of Demo Uruguay (issue #15): two templates, 'Alta de servicio' (the default:
 * sections, visibility rules, an option for business sellers only, a backoffice-only field, an
 * autoincrement number and 'Prepagos' line codes) and 'Portabilidad' (simple, for sales roles);
 * one request in every status on contacts of Valentín and Lucía, with comments, one shared with
 * read and one with write, and their 'created' items on the timelines. The requests sit on
 * contacts far down each seller's list, so the tests that archive a seller's first contacts do
 * not meet an active request.
 */

const STATUS_OPTIONS: StoredStatusOption[] = [
  { status: 'processing', title: 'En proceso' },
  { status: 'processed', title: 'Procesada' },
  { status: 'linked', title: 'Vinculada' },
  { status: 'cancel', title: 'Cancelada' },
];

/** The default template: every rule of the editor at work. */
export const DEMO_SERVICE_TEMPLATE = {
  title: 'Alta de servicio',
  roles: [] as string[],
  body: [
    { type: 'divider', field: 'servicio', title: 'Datos del servicio', closeMode: 'open' },
    { type: 'autoincrementid', field: 'numero', title: 'Número de solicitud' },
    {
      type: 'select',
      field: 'tipo',
      title: 'Tipo de servicio',
      required: true,
      options: [
        { key: 'hogar', title: 'Internet hogar' },
        { key: 'movil', title: 'Telefonía móvil' },
        {
          key: 'empresa',
          title: 'Plan empresa',
          userFieldFilter: { field: 'segmento', values: ['empresas'] },
        },
      ],
    },
    {
      type: 'select',
      field: 'plan',
      title: 'Plan',
      required: true,
      options: [
        { key: 'hogar-100', title: 'Hogar 100 Mb' },
        { key: 'hogar-300', title: 'Hogar 300 Mb' },
      ],
      visibilityRules: [{ field: 'tipo', operator: 'equal', value: 'hogar' }],
    },
    {
      type: 'number',
      field: 'lineas',
      title: 'Cantidad de líneas',
      required: true,
      minLength: 1,
      maxLength: 2,
      visibilityRules: [{ field: 'tipo', operator: 'in', value: ['movil', 'empresa'] }],
    },
    {
      type: 'string',
      field: 'rut',
      title: 'RUT de la empresa',
      required: true,
      minLength: 12,
      maxLength: 12,
      regex: '^\\d{12}$',
      visibilityRules: [{ field: 'tipo', operator: 'equal', value: 'empresa' }],
    },
    {
      type: 'selectmultiple',
      field: 'adicionales',
      title: 'Servicios adicionales',
      options: [
        { key: 'tv', title: 'Televisión' },
        { key: 'deportes', title: 'Paquete Deportes' },
        { key: 'router', title: 'Router WiFi 6' },
      ],
      visibilityRules: [
        { field: 'tipo', operator: 'equal', value: 'hogar' },
        { conditionalOperator: 'OR' },
        { field: 'tipo', operator: 'equal', value: 'empresa' },
      ],
    },
    { type: 'date', field: 'instalacion', title: 'Fecha de instalación' },
    {
      type: 'string',
      field: 'observaciones',
      title: 'Observaciones',
      maxLength: 500,
    },
    { type: 'divider', field: 'documentacion', title: 'Documentación', closeMode: 'closed' },
    { type: 'image', field: 'cedula', title: 'Foto de la cédula' },
    { type: 'multiplefile', field: 'documentos', title: 'Otros documentos' },
    {
      type: 'string',
      field: 'notasBackoffice',
      title: 'Notas de back office',
      editBackoffice: true,
      maxLength: 500,
    },
  ],
  lineBody: [{ type: 'string', field: 'code', title: 'Código', required: true }],
  allowedModificationStates: ['resend'],
  allowAdvisorsToChangeStatus: true,
  statusOptions: STATUS_OPTIONS,
  stateslistEnabledToChange: [{ status: 'cancel', title: 'Cancelada' }],
  isDefault: true,
};

/** A simple template for the sales roles. */
export const DEMO_PORTABILITY_TEMPLATE = {
  title: 'Portabilidad',
  roles: ['user', 'super', 'comercial'],
  body: [
    {
      type: 'string',
      field: 'numeroPortar',
      title: 'Número a portar',
      required: true,
      regex: '^09\\d{7}$',
      minLength: 9,
      maxLength: 9,
    },
    {
      type: 'select',
      field: 'compania',
      title: 'Compañía actual',
      required: true,
      options: [
        { key: 'antel', title: 'Antel' },
        { key: 'claro', title: 'Claro' },
        { key: 'movistar', title: 'Movistar' },
      ],
    },
    { type: 'string', field: 'comentario', title: 'Comentario', maxLength: 200 },
  ],
  lineBody: [],
  allowedModificationStates: [] as string[],
  allowAdvisorsToChangeStatus: false,
  statusOptions: STATUS_OPTIONS,
  stateslistEnabledToChange: [] as StoredStatusOption[],
  isDefault: false,
};

const TITLES: Record<string, string> = {
  draft: 'Borrador',
  new: 'Enviada',
  resend: 'Reenviar',
  processing: 'En proceso',
  processed: 'Procesada',
  linked: 'Vinculada',
  cancel: 'Cancelada',
};

/** How far down each seller's contacts the requests start. */
const CONTACT_OFFSET = 60;

export async function seedRequestSalesDemo(
  db: Executor,
  { demo, users }: { demo: Group; users: Record<string, User> },
) {
  const commercial = users['comercial@demo.test']!;
  const supervisor = users['supervisor@demo.test']!;
  const sellers = [users['vendedor@demo.test']!, users['vendedora@demo.test']!];
  await db
    .insert(origins)
    .values({ tenantId: demo.id, code: 'solicitud', name: 'Solicitud', position: 99 })
    .onConflictDoNothing();

  const serviceId = newId();
  const portabilityId = newId();
  await db.insert(requestTemplates).values([
    {
      tenantId: demo.id,
      id: serviceId,
      createdBy: commercial.id,
      autoincrementCounter: 0,
      ...DEMO_SERVICE_TEMPLATE,
    },
    {
      tenantId: demo.id,
      id: portabilityId,
      createdBy: commercial.id,
      ...DEMO_PORTABILITY_TEMPLATE,
    },
  ]);

  const statuses = Object.keys(TITLES);
  let counter = 0;
  let total = 0;
  const now = Date.now();
  for (const [sellerIndex, seller] of sellers.entries()) {
    const theirs = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.tenantId, demo.id), eq(contacts.agentId, seller.id)))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .offset(CONTACT_OFFSET)
      .limit(statuses.length);
    for (const [index, statusType] of statuses.entries()) {
      const contact = theirs[index];
      if (!contact) continue;
      const service = (index + sellerIndex) % 2 === 0;
      const id = newId();
      total += 1;
      const content = service
        ? {
            numero: ++counter,
            tipo: index % 3 === 0 ? 'movil' : 'hogar',
            ...(index % 3 === 0 ? { lineas: String(1 + index) } : { plan: 'hogar-300' }),
            instalacion: '2026/12/01',
            observaciones: 'Prefiere instalación de mañana',
            ...(statusType === 'processing' ? { notasBackoffice: 'Validar cobertura' } : {}),
          }
        : {
            numeroPortar: `09${String(1_000_000 + index * 12_345).slice(0, 7)}`,
            compania: 'claro',
          };
      await db.insert(requestSales).values({
        tenantId: demo.id,
        id,
        templateId: service ? serviceId : portabilityId,
        contactId: contact.id,
        creatorId: seller.id,
        sellerId: seller.id,
        auditorId: statusType === 'processing' ? commercial.id : null,
        status: TITLES[statusType]!,
        statusType,
        content,
        lines: service ? [{ code: `PRE-${1000 + index}` }, { code: `PRE-${2000 + index}` }] : [],
      });
      await db.insert(interactions).values({
        tenantId: demo.id,
        id: newId(),
        contactId: contact.id,
        type: 'saleupdate',
        agentId: seller.id,
        via: 'web',
        content: {
          type: 'created',
          comment: null,
          state: TITLES[statusType]!,
          statusType,
          title: service ? DEMO_SERVICE_TEMPLATE.title : DEMO_PORTABILITY_TEMPLATE.title,
          requestsaleid: id,
        },
      });
      if (statusType !== 'draft') {
        await db.insert(requestSaleHistory).values([
          {
            tenantId: demo.id,
            id: newId(),
            requestId: id,
            authorId: seller.id,
            kind: 'comment',
            text: 'El cliente pidió que lo llamen antes de la instalación.',
            createdAt: new Date(now - 2 * 60 * 60 * 1000),
          },
          {
            tenantId: demo.id,
            id: newId(),
            requestId: id,
            authorId: commercial.id,
            kind: 'comment',
            text: 'Recibido, lo revisamos hoy.',
            createdAt: new Date(now - 60 * 60 * 1000),
          },
        ]);
      }
      if (statusType === 'new') {
        await db.insert(requestSaleShares).values({
          tenantId: demo.id,
          requestId: id,
          userId: sellers[1 - sellerIndex]!.id,
          permission: 'read',
        });
      }
      if (statusType === 'resend') {
        await db.insert(requestSaleShares).values({
          tenantId: demo.id,
          requestId: id,
          userId: supervisor.id,
          permission: 'write',
        });
      }
    }
  }
  await db
    .update(requestTemplates)
    .set({ autoincrementCounter: counter })
    .where(and(eq(requestTemplates.tenantId, demo.id), eq(requestTemplates.id, serviceId)));
  return { requestTemplates: 2, requestSales: total };
}
