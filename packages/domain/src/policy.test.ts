import { describe, expect, it } from 'vitest';
import {
  can,
  CAPABILITY_ROLES,
  coaches,
  linksSubConversations,
  reachIsOwn,
  SLUG_ROLES,
  type Capability,
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
  backOffice: ['comercial'],
  superviseSellers: ['super', 'comercial'],
  followChannels: ['project_manager'],
  moderateComments: ['admin'],
  attachNoteFiles: ['admin'],
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
