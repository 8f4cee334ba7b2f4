/**
 * The demo seed's logins that tests sign in as (packages/db's DEMO_LOGINS), one name a user.
 * A test file imports those it needs, under its own name when its story calls them otherwise
 * (`COMERCIAL as MANAGER`).
 */
export const ADMIN = 'admin@demo.test';
/** Equipo Norte. */
export const SUPERVISOR = 'supervisor@demo.test';
export const COMERCIAL = 'comercial@demo.test';
export const PROJECT_MANAGER = 'proyecto@demo.test';
export const USERS_MANAGER = 'gestor@demo.test';
/** Equipo Norte. */
export const SELLER = 'vendedor@demo.test';
/** Equipo Sur. */
export const OTHER_SELLER = 'vendedora@demo.test';
/** Limited to /training and /settings. */
export const JAIL = 'jail@demo.test';
/** The other company's seller. */
export const OTHER_TENANT = 'vendedor@otra.test';
