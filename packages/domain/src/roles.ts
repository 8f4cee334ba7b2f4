import { adminEs } from './i18n/admin.es';

/** Roles and user types of 01 §6. The policy (who may do what) arrives with identity (#3). */
export const ROLES = [
  'admin',
  'super',
  'comercial',
  'project_manager',
  'user',
  'users_manager',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = adminEs.roleLabels;

export const USER_TYPES = ['normal', 'a_prueba', 'independiente'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  normal: 'Normal',
  a_prueba: 'Vendedor a prueba',
  independiente: 'Subagente',
};

/**
 * 01 §3 User `productType` (values not shown; ours, docs/decisions.md 'Users of Mi Empresa'):
 * what the person was hired for. 01 §2 names one, the freelancer; null = not set.
 */
export const PRODUCT_TYPES = ['company', 'freelancer'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  company: 'Empresa',
  freelancer: 'Freelancer',
};
