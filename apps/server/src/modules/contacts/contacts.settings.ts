import type { Executor } from '@cartera/db/client';
import type { ExternalSystemConfig } from '@cartera/domain/tenant-settings';
import {
  contactFormFlags,
  DEFAULT_CONTACT_FORM,
  type ContactFormFlags,
  type ContactFormItem,
} from '@cartera/domain/contact-form';
import type { AuthUser } from '../sessions/session.types';
import { tenantBasics, tenantSettings } from '../tenant-settings/tenant-settings.service';
import { flagOn } from '@cartera/domain/policy';

export type { ExternalSystemConfig };

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
  const [tenant, config] = await Promise.all([
    tenantBasics(db, user.tenantId),
    tenantSettings(db, user.tenantId, 'contacts'),
  ]);
  return {
    country: tenant.country.toUpperCase(),
    form: config.form ?? [...DEFAULT_CONTACT_FORM],
    flags: contactFormFlags(user.featureFlags, { phoneOptional: config.phoneOptional }),
    unify: config.unify ?? { active: false, roles: [] },
    subConversationRoles: config.subConversationRoles ?? ['all'],
    subConversationsOn: flagOn(user, 'subConversations'),
    externalSystem: config.externalSystem ?? null,
  };
}
