import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import {
  COMPANY_PANEL_ICONS,
  COMPANY_PANEL_LABEL_MAX,
  DEFAULT_FIELD_LABEL_MAX,
  taxCodeLabel,
} from '@cartera/domain/companies';
import { es } from '@cartera/domain/i18n';
import {
  changeTenantSection,
  tenantBasics,
  tenantSettings,
} from '../tenant-settings/tenant-settings.service';
import { flagOn } from '@cartera/domain/policy';

/** How a company shows companies (issue #4, #17 'Mi Empresa'): titles, panel, default fields. */

/** Per-tenant presentation of companies (issue #4: titles, panel label, icon, default fields). */
export interface CompaniesConfig {
  singular: string;
  plural: string;
  panelLabel: string;
  icon: string;
  defaultFields: Record<string, { hidden?: boolean; required?: boolean; label?: string }>;
}

export const DEFAULT_FIELD_KEYS = [
  'displayName',
  'taxCode',
  'description',
  'origin',
  'direction',
  'hasSectors',
] as const;

export const ZCompaniesSettings = z.object({
  singular: z.string(),
  plural: z.string(),
  panelLabel: z.string(),
  icon: z.string(),
  taxCodeLabel: z.string(),
  mandatoryFieldsDisabled: z.boolean(),
  defaultFields: z.record(
    z.string(),
    z.object({
      hidden: z.boolean().optional(),
      required: z.boolean().optional(),
      label: z.string().optional(),
    }),
  ),
});

export async function tenantOf(db: Executor, tenantId: string) {
  const [tenant, config] = await Promise.all([
    tenantBasics(db, tenantId),
    tenantSettings(db, tenantId, 'companies'),
  ]);
  return {
    country: tenant.country,
    mandatoryFieldsDisabled: flagOn(tenant, 'disableMandatoryCompanyFields'),
    config: {
      singular: config.singular || es.companies.defaultSingular,
      plural: config.plural || es.companies.defaultPlural,
      panelLabel: config.panelLabel || config.plural || es.companies.defaultPlural,
      icon: config.icon || 'building',
      defaultFields: config.defaultFields,
    } satisfies CompaniesConfig,
  };
}

export async function companiesSettings(db: Executor, tenantId: string) {
  const tenant = await tenantOf(db, tenantId);
  return {
    ...tenant.config,
    taxCodeLabel: taxCodeLabel(tenant.country),
    mandatoryFieldsDisabled: tenant.mandatoryFieldsDisabled,
  };
}

const ZDefaultFieldSettings = z.object({
  hidden: z.boolean().optional(),
  required: z.boolean().optional(),
  label: z
    .string()
    .trim()
    .max(DEFAULT_FIELD_LABEL_MAX, es.fieldsConfig.panel.fieldLabelTooLong)
    .optional(),
});

export const ZDefaultFieldInput = ZDefaultFieldSettings.extend({
  field: z.enum(DEFAULT_FIELD_KEYS),
});

/** PATCH /group/{id}/companyfield/defaultField/modify: how a default company field shows. */
export async function modifyDefaultField(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZDefaultFieldInput>,
) {
  const { field, ...settings } = input;
  await changeTenantSection(db, tenantId, 'companies', (current) => ({
    values: {
      defaultFields: {
        ...current.defaultFields,
        [field]: { ...current.defaultFields[field], ...settings },
      },
    },
    result: undefined,
  }));
  return companiesSettings(db, tenantId);
}

/**
 * 'Mi Empresa' (issue #17): the companies panel's label and icon and how every default field
 * shows, saved at once. An empty label gives the panel its default name back.
 */
export const ZCompaniesPanelInput = z.object({
  panelLabel: z.string().trim().max(COMPANY_PANEL_LABEL_MAX, es.fieldsConfig.panel.labelTooLong),
  icon: z.enum(COMPANY_PANEL_ICONS),
  defaultFields: z.partialRecord(z.enum(DEFAULT_FIELD_KEYS), ZDefaultFieldSettings),
});

export async function saveCompaniesPanel(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZCompaniesPanelInput>,
) {
  await changeTenantSection(db, tenantId, 'companies', (current) => {
    const defaultFields = { ...current.defaultFields };
    for (const [field, settings] of Object.entries(input.defaultFields)) {
      if (!settings) continue;
      const label = settings.label?.trim();
      defaultFields[field] = {
        hidden: settings.hidden === true,
        required: settings.required === true,
        ...(label ? { label } : {}),
      };
    }
    return {
      values: { panelLabel: input.panelLabel || undefined, icon: input.icon, defaultFields },
      result: undefined,
    };
  });
  return companiesSettings(db, tenantId);
}
