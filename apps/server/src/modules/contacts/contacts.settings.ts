import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  contactFormFlags,
  DEFAULT_CONTACT_FORM,
  ZContactFormItem,
  type ContactFormFlags,
  type ContactFormItem,
} from '@cartera/domain/contact-form';
import type { AuthUser } from '../sessions/session.types';
import { findTenantSettings } from '../companies/companies.repository';

/** The external contact system a tenant may connect (02 §4, §7): three addresses and a token. */
export const ZExternalSystemConfig = z.object({
  name: z.string().min(1),
  validateUrl: z.string().url(),
  createUrl: z.string().url(),
  updateUrl: z.string().url(),
  token: z.string().min(1),
});
export type ExternalSystemConfig = z.infer<typeof ZExternalSystemConfig>;

/** `groups.configs.contacts` of the tenant: everything configurable about contacts. */
const ZContactsConfig = z.object({
  form: z.array(ZContactFormItem).optional(),
  phoneOptional: z.boolean().optional(),
  unify: z.object({ active: z.boolean(), roles: z.array(z.string()) }).optional(),
  /** 03 §5 crmConfig.canRolesCreateSubConversations (default 'all'). */
  subConversationRoles: z.array(z.string()).optional(),
  externalSystem: ZExternalSystemConfig.optional(),
});

export interface ContactsSettings {
  country: string;
  form: ContactFormItem[];
  flags: ContactFormFlags;
  unify: { active: boolean; roles: string[] };
  subConversationRoles: string[];
  subConversationsOn: boolean;
  externalSystem: ExternalSystemConfig | null;
}

/** The tenant's contact settings with the user's (group-merged) feature flags. */
export async function contactsSettings(db: Executor, user: AuthUser): Promise<ContactsSettings> {
  const tenant = await findTenantSettings(db, user.tenantId);
  if (!tenant) throw new DomainError('NOT_FOUND');
  const parsed = ZContactsConfig.safeParse(tenant.configs.contacts ?? {});
  const config = parsed.success ? parsed.data : {};
  return {
    country: tenant.country.toUpperCase(),
    form: config.form ?? [...DEFAULT_CONTACT_FORM],
    flags: contactFormFlags(user.featureFlags, { phoneOptional: config.phoneOptional }),
    unify: config.unify ?? { active: false, roles: [] },
    subConversationRoles: config.subConversationRoles ?? ['all'],
    subConversationsOn: user.featureFlags.subConversations === 1,
    externalSystem: config.externalSystem ?? null,
  };
}
