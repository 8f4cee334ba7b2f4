import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { ExternalSystemConfig } from '@cartera/domain/tenant-settings';
import {
  contactFormFlags,
  DEFAULT_CONTACT_FORM,
  editableContactForm,
  ZContactFormItem,
  type ContactFormFlags,
  type ContactFormItem,
  type ContactFormSettingsInput,
} from '@cartera/domain/contact-form';
import type { AuthUser } from '../sessions/session.types';
import {
  changeTenantSection,
  tenantBasics,
  tenantSettings,
} from '../tenant-settings/tenant-settings.service';
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
    flags: contactFormFlags(user.featureFlags, {
      phoneOptional: config.phoneOptional,
      form: config.form,
    }),
    unify: config.unify ?? { active: false, roles: [] },
    subConversationRoles: config.subConversationRoles ?? ['all'],
    subConversationsOn: flagOn(user, 'subConversations'),
    externalSystem: config.externalSystem ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// 'Mi Empresa' (issue #17): the contact form definition, the optional phone and the unify setting.

export const ZContactFormSettings = z.object({
  /** Every item stored, then each known kind the definition lacks, hidden (editableContactForm). */
  form: z.array(ZContactFormItem),
  phoneOptional: z.boolean(),
  unify: z.object({ active: z.boolean(), roles: z.array(z.string()) }),
});
export type ContactFormSettings = z.infer<typeof ZContactFormSettings>;

export async function contactFormSettings(
  db: Executor,
  tenantId: string,
): Promise<ContactFormSettings> {
  const config = await tenantSettings(db, tenantId, 'contacts');
  return {
    form: editableContactForm(config.form),
    phoneOptional: config.phoneOptional === true,
    unify: config.unify ?? { active: false, roles: [] },
  };
}

/**
 * Replaces the definition, the optional phone and the unify setting under the section's lock;
 * the rest of `configs.contacts` (sub-conversation roles, the external system) stays.
 */
export async function saveContactFormSettings(
  db: Database,
  tenantId: string,
  input: ContactFormSettingsInput,
): Promise<ContactFormSettings> {
  await changeTenantSection(db, tenantId, 'contacts', () => ({
    values: {
      form: input.form.map(({ kind, code, hidden, required }) => ({
        kind,
        ...(code ? { code } : {}),
        ...(hidden ? { hidden: true } : {}),
        ...(required ? { required: true } : {}),
      })),
      phoneOptional: input.phoneOptional,
      unify: { active: input.unify.active, roles: [...new Set(input.unify.roles)] },
    },
    result: undefined,
  }));
  return contactFormSettings(db, tenantId);
}
