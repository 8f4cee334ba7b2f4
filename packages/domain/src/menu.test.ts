import { describe, expect, it } from 'vitest';
import { entryPath, MENU_ENTRIES, MENU_GROUPS, menuLabels, visibleMenu } from './menu';
import { canOpenScreen, type PolicySubject } from './policy';
import type { Role } from './roles';

/** The company of the demo data: its feature flags and sale settings. */
const demoFlags = {
  inbox: 1,
  training: 1,
  businessSalesModel: 1,
  requestSale: 1,
  campaigns: 1,
  snooze: 1,
  subConversations: 1,
} as const;

function demoUser(role: Role, overrides: Partial<PolicySubject> = {}): PolicySubject {
  return {
    roles: [role],
    userType: 'normal',
    featureFlags: demoFlags,
    settings: { presale: true, formChannels: 0 },
    ...overrides,
  };
}

const everythingBuilt = { isBuilt: () => true };

describe('menú lateral con las pantallas construidas hoy', () => {
  it.each([
    [
      'admin@demo.test',
      'admin',
      ['Rendimiento', 'Solicitudes', 'Conversaciones', 'Contactos', 'Administración'],
    ],
    [
      'supervisor@demo.test',
      'super',
      [
        'Estadísticas > Rendimiento',
        'Estadísticas > Reportes',
        'Vendedores',
        'Bandeja de entrada > Carteras compartidas',
        'Bandeja de entrada > Inbox',
        'Bandeja de entrada > Conversaciones',
        'Solicitudes',
        'Objetivos',
        'Clientes > Contactos',
        'Clientes > Companies',
        'Clientes > Calendario',
        'Clientes > Mapa',
        'Clientes > Historial de acciones',
      ],
    ],
    [
      'comercial@demo.test',
      'comercial',
      [
        'Estadísticas > Rendimiento',
        'Estadísticas > Reportes',
        'Vendedores',
        'Backoffice > Ventas',
        'Backoffice > Crear preventa',
        'Backoffice > Solicitudes',
        'Backoffice > Objetivos',
        'Backoffice > NPS',
        'Bandeja de entrada > Carteras compartidas',
        'Bandeja de entrada > Inbox',
        'Bandeja de entrada > Conversaciones',
        'Clientes > Contactos',
        'Clientes > Companies',
        'Clientes > Calendario',
        'Clientes > Mapa',
        'Clientes > Historial de acciones',
        'Mi Empresa',
      ],
    ],
    [
      'proyecto@demo.test',
      'project_manager',
      [
        'Estadísticas > Rendimiento',
        'Estadísticas > Reportes',
        'Bandeja de entrada > Carteras compartidas',
        'Bandeja de entrada > Inbox',
        'Bandeja de entrada > Conversaciones',
        'Objetivos',
        'Clientes > Contactos',
        'Clientes > Companies',
        'Clientes > Calendario',
        'Clientes > Mapa',
        'Clientes > Historial de acciones',
        'NPS',
        'Mi Empresa',
      ],
    ],
    ['gestor@demo.test', 'users_manager', ['Mi Empresa']],
    [
      'vendedor@demo.test',
      'user',
      [
        'Rendimiento',
        'Bandeja de entrada > Carteras compartidas',
        'Bandeja de entrada > Inbox',
        'Bandeja de entrada > Conversaciones',
        'Solicitudes',
        'Clientes > Contactos',
        'Clientes > Companies',
        'Clientes > Calendario',
        'Clientes > Mapa',
      ],
    ],
  ] as const)('%s (%s) ve %j', (_email, role, labels) => {
    expect(menuLabels(visibleMenu(demoUser(role)))).toEqual(labels);
  });

  it('un usuario confinado (jailUrl) solo ve las entradas dentro de sus rutas', () => {
    // jail@demo.test: her side menu offers the two screens she is kept to (issue #35 item 5).
    const jailed = { ...demoUser('user'), jailUrl: ['/training', '/settings'] };
    expect(menuLabels(visibleMenu(jailed, everythingBuilt))).toEqual(['Aprender', 'Configuración']);
    const inboxOnly = { ...demoUser('user'), jailUrl: ['/contact'] };
    const labels = menuLabels(visibleMenu(inboxOnly, everythingBuilt));
    expect(labels).toContain('Bandeja de entrada > Conversaciones');
    expect(labels).not.toContain('Rendimiento');
    expect(labels).not.toContain('Aprender');
    expect(labels.some((label) => label.includes('Contactos'))).toBe(false);
    // Free, the same user sees them, and reaches 'Aprender' from the user menu instead.
    const free = menuLabels(visibleMenu(demoUser('user'), everythingBuilt));
    expect(free).toContain('Rendimiento');
    expect(free).not.toContain('Aprender');
  });

  it('no agrupa una entrada que está sola', () => {
    // Without the inbox flag, Conversaciones is alone in its group: a plain entry. Without the
    // business sales model, 'Clientes' still holds Contactos, Calendario and Mapa: a group. The
    // administrator, who has no map nor calendar (slugs contacts-map, contact-calendar), sees
    // Contactos alone: a plain entry.
    const items = visibleMenu(demoUser('user', { featureFlags: {} }));
    const entry = (id: string) => MENU_ENTRIES.find((each) => each.id === id);
    expect(items).toEqual([
      { kind: 'entry', entry: entry('performance') },
      { kind: 'entry', entry: entry('conversations') },
      {
        kind: 'group',
        group: expect.objectContaining({ id: 'contacts', label: 'Clientes' }),
        entries: [entry('contacts'), entry('calendar'), entry('map')],
      },
    ]);
    const admin = visibleMenu(demoUser('admin', { featureFlags: {} }));
    expect(admin).toContainEqual({ kind: 'entry', entry: entry('contacts') });
  });

  it('Carteras compartidas es de la bandeja: no la ve el administrador ni una empresa sin Inbox', () => {
    expect(menuLabels(visibleMenu(demoUser('admin')))).not.toContain('Carteras compartidas');
    const noInbox = demoUser('user', { featureFlags: { ...demoFlags, inbox: 0 } });
    expect(menuLabels(visibleMenu(noInbox))).not.toContain(
      'Bandeja de entrada > Carteras compartidas',
    );
  });
});

describe('menú lateral cuando todas las pantallas existan', () => {
  it('un vendedor ve sus bandejas y sus clientes agrupados, sin backoffice ni administración', () => {
    expect(menuLabels(visibleMenu(demoUser('user'), everythingBuilt))).toEqual([
      'Rendimiento',
      'Bandeja de entrada > Carteras compartidas',
      'Bandeja de entrada > Inbox',
      'Bandeja de entrada > Conversaciones',
      'Solicitudes',
      'Clientes > Contactos',
      'Clientes > Companies',
      'Clientes > Calendario',
      'Clientes > Mapa',
    ]);
  });

  it('comercial ve el grupo backoffice y Mi Empresa; Formularios solo con canales de formulario', () => {
    const labels = menuLabels(visibleMenu(demoUser('comercial'), everythingBuilt));
    expect(labels).toContain('Backoffice > Ventas');
    expect(labels).toContain('Backoffice > Crear preventa');
    expect(labels).toContain('Backoffice > Solicitudes');
    expect(labels).toContain('Backoffice > Objetivos');
    expect(labels).toContain('Backoffice > NPS');
    expect(labels).not.toContain('Backoffice > Formularios');
    expect(labels).toContain('Mi Empresa');
    expect(labels).toContain('Vendedores');
    expect(labels).not.toContain('Administración');

    const withForms = demoUser('comercial', { settings: { presale: true, formChannels: 2 } });
    expect(menuLabels(visibleMenu(withForms, everythingBuilt))).toContain(
      'Backoffice > Formularios',
    );
  });

  it("'Formularios' está construida: se ve con un canal de anuncios o un formulario propio, y su pantalla abre igual", () => {
    const none = demoUser('comercial');
    expect(menuLabels(visibleMenu(none))).not.toContain('Backoffice > Formularios');
    expect(canOpenScreen(none, '/comercial/forms')).toBe(true);
    const one = demoUser('project_manager', { settings: { presale: false, formChannels: 1 } });
    expect(menuLabels(visibleMenu(one))).toContain('Formularios');
    expect(canOpenScreen(demoUser('user'), '/comercial/forms')).toBe(false);
  });

  it('un supervisor ve Solicitudes y Objetivos fuera del grupo backoffice', () => {
    const labels = menuLabels(visibleMenu(demoUser('super'), everythingBuilt));
    expect(labels).toContain('Solicitudes');
    expect(labels).toContain('Objetivos');
    expect(labels.some((each) => each.startsWith('Backoffice'))).toBe(false);
  });

  it('solo el administrador ve Administración (y conversaciones y contactos de toda la empresa, y las plantillas de Solicitudes)', () => {
    expect(menuLabels(visibleMenu(demoUser('admin'), everythingBuilt))).toEqual([
      'Rendimiento',
      'Solicitudes',
      'Conversaciones',
      'Contactos',
      'Administración',
    ]);
  });

  it('respeta las banderas de la empresa', () => {
    const noInbox = demoUser('user', { featureFlags: { ...demoFlags, inbox: 0 } });
    const labels = menuLabels(visibleMenu(noInbox, everythingBuilt));
    expect(labels).not.toContain('Bandeja de entrada > Inbox');
    expect(labels).toContain('Conversaciones');
    expect(labels).not.toContain('Carteras compartidas');
  });

  it('conserva el orden de la especificación y sus grupos abiertos por defecto', () => {
    expect(MENU_ENTRIES.map((entry) => entry.label)).toEqual([
      'Rendimiento',
      'Reportes',
      'Vendedores',
      'Ventas',
      'Carteras compartidas',
      'Crear preventa',
      'Solicitudes',
      'Objetivos',
      'Campañas',
      'Inbox',
      'Conversaciones',
      'Contactos',
      'Companies',
      'Calendario',
      'Mapa',
      'Historial de acciones',
      'Administración',
      'NPS',
      'Formularios',
      'Mi Empresa',
      // A confined user's own entries (issue #35 item 5).
      'Aprender',
      'Configuración',
    ]);
    const opened = Object.values(MENU_GROUPS)
      .filter((group) => group.defaultOpened)
      .map((group) => group.id);
    expect(opened.sort()).toEqual(['backoffice', 'charts', 'conversations']);
  });
});

describe('adónde lleva cada entrada', () => {
  it('Mi Empresa lleva al gestor de usuarios a Usuarios y a quien configura la empresa a su configuración', () => {
    const company = MENU_ENTRIES.find((entry) => entry.id === 'company')!;
    expect(entryPath(demoUser('users_manager'), company)).toBe('/company/users');
    expect(entryPath(demoUser('comercial'), company)).toBe('/company');
    expect(entryPath(demoUser('user'), company)).toBeUndefined();
  });
});
