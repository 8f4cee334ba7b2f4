import { addDays, metricsDay, weekStart } from '@cartera/domain/metrics';
import { rebuildRollups } from '../rollups';
import { goals } from '../schema/goals';
import type { Executor } from '../client';
import type { Group } from '../schema/groups';
import type { User } from '../schema/users';
import { blockedNumbers, messageTemplates } from '../schema/interactions';
import { seedCompaniesDemo } from './companies.demo';
import { seedContactsDemo } from './contacts.demo';
import { seedConversationsDemo } from './conversations.demo';
import { seedSalesDemo } from './sales.demo';
import { seedRequestSalesDemo } from './request-sales.demo';
import { seedTrainingDemo } from './training.demo';
import {
  createGroup,
  createSharedInbox,
  createTenant,
  createUser,
  DEMO_PASSWORD,
} from './factories';

export interface DemoLogin {
  email: string;
  role: string;
  note?: string;
}

/** The demo logins printed at start and listed in the README (demo credentials, not secrets). */
export const DEMO_LOGINS: DemoLogin[] = [
  { email: 'admin@demo.test', role: 'admin' },
  { email: 'supervisor@demo.test', role: 'super', note: 'Equipo Norte' },
  { email: 'comercial@demo.test', role: 'comercial' },
  { email: 'proyecto@demo.test', role: 'project_manager' },
  { email: 'gestor@demo.test', role: 'users_manager' },
  { email: 'vendedor@demo.test', role: 'user', note: 'Equipo Norte' },
  {
    email: 'vendedora@demo.test',
    role: 'user',
    note: 'Equipo Sur · ve la presentación de novedades',
  },
  { email: 'cambio@demo.test', role: 'user', note: 'debe cambiar la contraseña' },
  { email: 'jail@demo.test', role: 'user', note: 'limitado a /training y /settings' },
  { email: 'vendedor@otra.test', role: 'user', note: 'Otra Empresa' },
  {
    email: 'carla.sur@demo.test',
    role: 'super',
    note: 'cuenta vinculada de comercial@demo.test · ve la cartera compartida de Julia',
  },
];

/** 03 §3 archiving reasons of the demo tenant, grouped, one of each next action. */
const DEMO_ARCHIVING_REASONS = [
  { code: 'sin-interes', name: 'Sin interés', groupCode: 'perdido', nextAction: 'noAction' },
  { code: 'precio', name: 'Precio alto', groupCode: 'perdido', nextAction: 'changeStatusTag' },
  { code: 'competencia', name: 'Compró a la competencia', groupCode: 'perdido' },
  {
    code: 'volver-a-llamar',
    name: 'Volver a llamar',
    groupCode: 'seguimiento',
    nextAction: 'standardReminder',
  },
  { code: 'pausa', name: 'En pausa', groupCode: 'seguimiento', nextAction: 'persistentReminder' },
  {
    code: 'derivar',
    name: 'Derivar a otro vendedor',
    groupCode: 'seguimiento',
    nextAction: 'transfer',
  },
  { code: 'vendido', name: 'Vendido', type: 'sale', groupCode: 'ganado' },
  {
    code: 'fraude',
    name: 'Sospecha de fraude',
    groupCode: 'perdido',
    limitedToRoles: ['super', 'comercial'],
  },
];

const DEMO_QUICK_REPLIES = [
  [
    'Saludo',
    '¡Hola {{contact.firstName}}! Gracias por comunicarte con {{company.name}}. ¿En qué te puedo ayudar?',
  ],
  ['Horarios', 'Atendemos de lunes a viernes de 9 a 18 h y los sábados de 9 a 13 h.'],
  ['Cotización', 'Te envío la cotización solicitada. Tiene validez por 15 días.'],
  ['Medios de pago', 'Aceptamos transferencia, débito, crédito en hasta 12 cuotas y efectivo.'],
  ['Envío', 'Hacemos envíos a todo el país; a Montevideo llega en 24 a 48 h.'],
  ['Seguimiento', '¿Pudiste revisar la propuesta? Quedo atento a tus comentarios.'],
] as const;

export interface DemoData {
  demo: Group;
  north: Group;
  south: Group;
  other: Group;
  users: Record<string, User>;
}

/** The demo companies and users of the platform; later areas add their data here. */
export async function seedDemo(db: Executor): Promise<DemoData> {
  const demo = await createTenant(db, {
    name: 'Demo Uruguay',
    displayName: 'Demo Uruguay',
    country: 'uy',
    logo: '/brand/demo-uruguay.svg',
    featureFlags: {
      inbox: 1,
      training: 1,
      businessSalesModel: 1,
      requestSale: 1,
      campaigns: 1,
      snooze: 1,
      subConversations: 1,
      manualSale: 1,
      // 'Sugerir respuesta' (issue #44 item 3): the demo's drafts come from its fake (main.ts).
      messageGeneration: 1,
      // Companies' sectors and the sector of a contact's company (issue #44 item 4).
      sectors: 1,
      enableCompanyGroupSectors: 1,
    },
    configs: {
      sale: {
        presale: true,
        // 03 §3 sale templates: the plans are sold in several lines, equipment one at a time.
        templates: [
          {
            code: 'planes',
            structureType: 'multiline',
            default: true,
            saleTitle: 'Venta de planes',
            bubbleTitle: 'Venta de planes',
            hiddenFields: [],
          },
          {
            code: 'equipos',
            structureType: 'simple',
            default: false,
            saleTitle: 'Venta de equipos',
            bubbleTitle: 'Venta de equipos',
            hiddenFields: [],
          },
        ],
        presaleTemplate: {
          code: 'preventa',
          structureType: 'multiline',
          default: true,
          saleTitle: 'Preventa',
          bubbleTitle: 'Preventa',
          hiddenFields: ['date_sale'],
        },
        // 03 §2.2 'Venta Manual': sellers, supervisors and the back office.
        manualSales: { active: true, roles: ['user', 'super', 'comercial'] },
      },
      // Unify for every role; sub-conversations for every role (03 §5 default 'all').
      contacts: { unify: { active: true, roles: ['all'] } },
      conversation: {
        archivingReasons: DEMO_ARCHIVING_REASONS,
        visitResults: [
          { code: 'concretada', name: 'Visita concretada' },
          { code: 'ausente', name: 'Cliente ausente' },
          { code: 'reprogramada', name: 'Reprogramada' },
        ],
        feedbackRoles: ['super', 'comercial'],
        bot: { active: true },
      },
    },
  });
  const north = await createGroup(db, demo, { name: 'Equipo Norte' });
  const south = await createGroup(db, demo, { name: 'Equipo Sur' });
  const other = await createTenant(db, {
    name: 'Otra Empresa',
    displayName: 'Otra Empresa',
    country: 'ar',
  });

  const password = DEMO_PASSWORD;
  const people: Array<[Group, Parameters<typeof createUser>[2]]> = [
    [demo, { email: 'admin@demo.test', name: 'Ana', lastname: 'Administradora', role: 'admin' }],
    [
      north,
      { email: 'supervisor@demo.test', name: 'Sergio', lastname: 'Supervisor', role: 'super' },
    ],
    [
      demo,
      {
        email: 'comercial@demo.test',
        name: 'Carla',
        lastname: 'Comercial',
        role: 'comercial',
        linkedAccountsActive: true,
        linkedAccountKey: 'demo-carla',
      },
    ],
    [
      demo,
      {
        email: 'proyecto@demo.test',
        name: 'Pablo',
        lastname: 'Proyectos',
        role: 'project_manager',
      },
    ],
    [
      demo,
      { email: 'gestor@demo.test', name: 'Gabriela', lastname: 'Gestora', role: 'users_manager' },
    ],
    [north, { email: 'vendedor@demo.test', name: 'Valentín', lastname: 'Vendedor', role: 'user' }],
    [
      south,
      {
        email: 'vendedora@demo.test',
        name: 'Victoria',
        lastname: 'Vendedora',
        role: 'user',
        showNewVersionPresentation: true,
      },
    ],
    [
      south,
      {
        email: 'cambio@demo.test',
        name: 'Camilo',
        lastname: 'Cambio',
        role: 'user',
        requirePasswordChangeByPolicy: true,
      },
    ],
    [
      north,
      {
        email: 'jail@demo.test',
        name: 'Julia',
        lastname: 'Limitada',
        role: 'user',
        jailUrl: ['/training', '/settings'],
      },
    ],
    [
      south,
      {
        email: 'carla.sur@demo.test',
        name: 'Carla',
        lastname: 'Comercial (Sur)',
        role: 'super',
        linkedAccountsActive: true,
        linkedAccountKey: 'demo-carla',
      },
    ],
    [other, { email: 'vendedor@otra.test', name: 'Omar', lastname: 'Otero', role: 'user' }],
  ];

  const users: Record<string, User> = {};
  for (const [group, input] of people) {
    const user = await createUser(db, group, { ...input, password, country: group.country });
    users[user.email] = user;
  }
  await seedCompaniesDemo(db, demo, other, {
    seller: users['vendedor@demo.test']!,
    supervisor: users['supervisor@demo.test']!,
  });
  await seedContactsDemo(db, { demo, other, users });
  await seedConversationsDemo(db, { demo, users });
  // 'Carteras compartidas': Julia (confined to training) shares her portfolio with Carla of
  // Equipo Sur. Neither takes part in the tests that keep one seller from another's contacts.
  await createSharedInbox(db, demo, {
    name: 'Cartera de Julia',
    ownerId: users['jail@demo.test']!.id,
    memberIds: [users['carla.sur@demo.test']!.id],
  });
  await seedTrainingDemo(db, { demo, users });
  await seedSalesDemo(db, { demo, users });
  await seedRequestSalesDemo(db, { demo, users });
  // Quick replies of the composer ('/' then a word): the company's and one of Valentín's.
  await db.insert(messageTemplates).values([
    ...DEMO_QUICK_REPLIES.map(([title, message]) => ({ tenantId: demo.id, title, message })),
    {
      tenantId: demo.id,
      title: 'Mi firma',
      message: 'Saludos, Valentín — Equipo Norte',
      entityType: 'personal',
      ownerId: users['vendedor@demo.test']!.id,
    },
  ]);
  // A number the demo company refuses (the sheet's phone check shows its reason).
  await db
    .insert(blockedNumbers)
    .values({ tenantId: demo.id, phone: '+59894000111', reason: 'Pidió no ser contactado' });
  // Weekly goals of the demo sellers over the last eight weeks, so 'Rendimiento' shows progress
  // and every status colour.
  const thisWeek = weekStart(metricsDay(new Date()));
  const sellers = [
    'vendedor@demo.test',
    'vendedora@demo.test',
    'cambio@demo.test',
    'jail@demo.test',
  ];
  await db.insert(goals).values(
    sellers.flatMap((email, index) =>
      Array.from({ length: 8 }, (_, week) => ({
        tenantId: demo.id,
        userId: users[email]!.id,
        start: addDays(thisWeek, -7 * week),
        targets: {
          contacts: 3 + index,
          contactsTaken: 2,
          tracing: 8 + 4 * index + (week % 3),
          singleTracing: 4 + index,
          sale: 1 + (index % 2),
        },
      })),
    ),
  );
  // The seed writes timelines without the server's writer: the dashboard's rollups are counted
  // from them once everything is in place.
  await rebuildRollups(db, demo.id);
  await rebuildRollups(db, other.id);
  return { demo, north, south, other, users };
}
