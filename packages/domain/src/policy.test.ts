import { describe, expect, it } from 'vitest';
import { FLAG_SECTIONS, flagOffered, FLAGS_WITHOUT_READER } from './admin';
import {
  can,
  canManageCompanyQuickReplies,
  canOpenScreen,
  CAPABILITY_ROLES,
  coaches,
  FEATURE_FLAGS,
  guardRoute,
  LANDING_PATHS,
  landingPath,
  linksSubConversations,
  reachIsOwn,
  SLUG_ROLES,
  type Capability,
  type GuardUser,
} from './policy';
import { ROLES, type Role } from './roles';

/** Who holds each capability, written out role by role (01 §6 and our decisions). */
const HOLDERS: Record<Capability, readonly Role[]> = {
  administer: ['admin'],
  configureCompany: ['admin', 'comercial', 'project_manager'],
  enterCompany: ['comercial', 'project_manager', 'users_manager'],
  manageUsers: ['admin', 'users_manager'],
  configureSecurity: ['admin', 'comercial'],
  manageSharedInboxes: ['admin', 'comercial'],
  manageRequestTemplates: ['admin', 'comercial'],
  configureGoals: ['comercial', 'project_manager'],
  deleteCompanies: ['comercial', 'super', 'project_manager'],
  readReports: ['super', 'comercial', 'project_manager'],
  readPerformance: ['admin', 'super', 'comercial', 'project_manager', 'user'],
  backOffice: ['comercial'],
  superviseSellers: ['super', 'comercial'],
  followChannels: ['project_manager'],
  moderateComments: ['admin'],
  attachNoteFiles: ['admin'],
  readNpsFigures: ['super', 'comercial', 'project_manager'],
};

describe('capacidades con nombre', () => {
  it('cada capacidad tiene sus roles escritos aquí, y ninguna más', () => {
    expect(Object.keys(CAPABILITY_ROLES).sort()).toEqual(Object.keys(HOLDERS).sort());
  });

  it.each(Object.entries(HOLDERS) as [Capability, readonly Role[]][])(
    '%s: la tienen exactamente sus roles',
    (capability, holders) => {
      for (const role of ROLES) {
        expect(can({ roles: [role] }, capability), `${capability} × ${role}`).toBe(
          holders.includes(role),
        );
      }
    },
  );

  it('un usuario con varios roles tiene la capacidad si uno de ellos la tiene', () => {
    expect(can({ roles: ['user', 'comercial'] }, 'backOffice')).toBe(true);
    expect(can({ roles: ['user', 'super'] }, 'backOffice')).toBe(false);
    expect(can({ roles: [] }, 'configureCompany')).toBe(false);
  });

  it('la entrada a Mi Empresa y los reportes son los de sus permisos del menú', () => {
    expect(CAPABILITY_ROLES.enterCompany).toBe(SLUG_ROLES.company);
    expect(CAPABILITY_ROLES.readReports).toBe(SLUG_ROLES.reports);
  });
});

describe('quién entrena', () => {
  it('el entrenador de la empresa y los administradores gestionan Aprender', () => {
    expect(coaches({ id: 'c', roles: ['user'] }, 'c')).toBe(true);
    expect(coaches({ id: 'a', roles: ['admin'] }, 'c')).toBe(true);
    expect(coaches({ id: 'a', roles: ['admin'] }, null)).toBe(true);
  });

  it('otro usuario no entrena, haya entrenador o no', () => {
    expect(coaches({ id: 'u', roles: ['comercial'] }, 'c')).toBe(false);
    expect(coaches({ id: 'u', roles: ['super'] }, null)).toBe(false);
    expect(coaches({ id: '', roles: ['user'] }, '')).toBe(false);
  });
});

describe('enlaces de subconversaciones', () => {
  it('solo quien tiene a la vez los roles comercial y supervisor', () => {
    expect(linksSubConversations({ roles: ['comercial', 'super'] })).toBe(true);
    expect(linksSubConversations({ roles: ['comercial'] })).toBe(false);
    expect(linksSubConversations({ roles: ['super'] })).toBe(false);
  });
});

describe('alcance propio', () => {
  it('un vendedor o un gestor de usuarios ve solo lo suyo; los demás roles, más', () => {
    expect(reachIsOwn({ roles: ['user'] })).toBe(true);
    expect(reachIsOwn({ roles: ['users_manager'] })).toBe(true);
    for (const role of ['admin', 'super', 'comercial', 'project_manager'] as const) {
      expect(reachIsOwn({ roles: [role] })).toBe(false);
    }
    expect(reachIsOwn({ roles: ['user', 'super'] })).toBe(false);
  });
});

/** A demo company's user: the flags and settings of the demo data (menu.test.ts). */
function guardUser(roles: Role[], overrides: Partial<GuardUser> = {}): GuardUser {
  return {
    roles,
    userType: 'normal',
    featureFlags: { inbox: 1, training: 1, businessSalesModel: 1, requestSale: 1 },
    settings: { presale: true },
    jailUrl: [],
    mustChangePassword: false,
    ...overrides,
  };
}

describe('pantalla de inicio de cada rol (issue #35 punto 5)', () => {
  it('la tabla da a cada rol su pantalla, y el gestor de usuarios empieza en Usuarios', () => {
    expect(LANDING_PATHS).toEqual({
      admin: '/',
      super: '/',
      comercial: '/',
      project_manager: '/',
      user: '/',
      users_manager: '/company/users',
    });
  });

  it.each(ROLES)('%s empieza en su pantalla y la guardia lo lleva allí desde /', (role) => {
    const user = guardUser([role]);
    expect(landingPath(user)).toBe(LANDING_PATHS[role]);
    expect(guardRoute(user, LANDING_PATHS[role])).toEqual({ kind: 'allow' });
    expect(guardRoute(user, '/')).toEqual(
      LANDING_PATHS[role] === '/'
        ? { kind: 'allow' }
        : { kind: 'redirect', to: LANDING_PATHS[role] },
    );
  });

  it('un usuario confinado empieza en la primera ruta de su lista', () => {
    const jailed = guardUser(['user'], { jailUrl: ['/training', '/settings'] });
    expect(landingPath(jailed)).toBe('/training');
    expect(guardRoute(jailed, '/')).toEqual({ kind: 'redirect', to: '/training' });
  });

  it('una pantalla de otro perfil se explica en vez de rebotar, con el camino a la propia', () => {
    expect(guardRoute(guardUser(['user']), '/grupos')).toEqual({ kind: 'forbidden', home: '/' });
    expect(guardRoute(guardUser(['users_manager']), '/company/fields')).toEqual({
      kind: 'forbidden',
      home: '/company/users',
    });
    const jailed = guardUser(['user'], { jailUrl: ['/training', '/settings'] });
    expect(guardRoute(jailed, '/contacts')).toEqual({ kind: 'forbidden', home: '/training' });
  });

  it('Mi Empresa lleva al gestor de usuarios a su pestaña Usuarios', () => {
    expect(guardRoute(guardUser(['users_manager']), '/company')).toEqual({
      kind: 'redirect',
      to: '/company/users',
    });
  });
});

describe('funcionalidades sin lector (issue #35 punto 5)', () => {
  it('las banderas que no cambian nada siguen en los datos pero no se ofrecen', () => {
    const hidden = Object.keys(FLAGS_WITHOUT_READER).sort();
    expect(hidden).toEqual(['campaigns']);
    for (const flag of hidden) expect(FEATURE_FLAGS).toContain(flag);
    const offered = FLAG_SECTIONS.flatMap((section) => section.flags.filter(flagOffered));
    expect(offered).toContain('inbox');
    expect(offered.some((flag) => hidden.includes(flag))).toBe(false);
  });
});

describe("'Respuestas rápidas' (issue #43 punto 5)", () => {
  it('la abre quien conversa; las de la empresa, quien abre Mi Empresa (la regla del servidor)', () => {
    const opens = ROLES.filter((role) =>
      canOpenScreen(guardUser([role]), '/settings/quick-replies'),
    );
    expect(opens).toEqual(['admin', 'super', 'comercial', 'project_manager', 'user']);
    const company = opens.filter((role) => canManageCompanyQuickReplies(guardUser([role])));
    expect(company).toEqual(['comercial', 'project_manager']);
  });
});
