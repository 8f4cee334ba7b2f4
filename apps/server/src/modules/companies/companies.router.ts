import { z } from 'zod';
import { ZCompanyInput } from '@cartera/domain/companies';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  assignManager,
  createCompanies,
  deleteCompanies,
  getCompany,
  listCompanies,
  updateCompany,
  ZCompany,
  ZListCompaniesInput,
} from './companies.service';
import {
  companiesSettings,
  modifyDefaultField,
  saveCompaniesPanel,
  ZCompaniesPanelInput,
  ZCompaniesSettings,
  ZDefaultFieldInput,
} from './companies-config.service';
import {
  addContacts,
  createSector,
  deleteSector,
  listSectors,
  selectableContacts,
  ZAddContactsInput,
  ZSector,
} from './company-sectors.service';
import { ZId } from '@cartera/domain/ids';

/** Companies serve the '/companies' screen: its roles, slug and flag apply to every call. */
const companyProcedure = tenantProcedure.meta({ area: '/companies' });
const ZCursor = z.object({ name: z.string(), id: z.string().uuid() }).nullish();
const ZCompanyContact = z.object({
  contactId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  sectorId: z.string().nullable(),
  sectorName: z.string().nullable(),
  proximity: z.number(),
});

export const companiesRouter = router({
  settings: companyProcedure
    .meta({
      description:
        "How the caller's company presents companies: singular and plural titles, panel label and icon, the tax code's label for its country, whether mandatory fields are disabled, and how each default field shows (hidden, required, label).",
    })
    .output(ZCompaniesSettings)
    .query(({ ctx }) => companiesSettings(ctx.db, ctx.tenantId)),

  list: companyProcedure
    .meta({
      description:
        "The companies of the caller's company by business name, matching `search` (business name, display name or tax code) and every custom-field filter; keyset pages of `limit` (20 for pickers, 35 for the search box, 50 for lists) after `cursor`.",
    })
    .input(ZListCompaniesInput)
    .output(z.object({ items: z.array(ZCompany), nextCursor: ZCursor }))
    .query(({ ctx, input }) => listCompanies(ctx.db, ctx.tenantId, input)),

  get: companyProcedure
    .meta({
      description:
        'One company with those of its contacts the caller may see (role, sector, proximity), closest first.',
      errors: ['COMPANY_NOT_FOUND'],
    })
    .input(z.object({ id: ZId }))
    .output(ZCompany.extend({ contacts: z.array(ZCompanyContact) }))
    .query(({ ctx, input }) => getCompany(ctx.db, ctx.user, input.id)),

  create: companyProcedure
    .meta({
      description:
        "Creates a company under the form rules of the caller's company (mandatory and hidden default fields, custom fields checked by type, references and uniqueness). A tax code already registered is refused with COMPANY_ALREADY_EXISTS; invalid custom values with CUSTOM_FIELD_INVALID and their messages by field code in `details.fields`.",
      errors: ['COMPANY_ALREADY_EXISTS', 'CUSTOM_FIELD_INVALID'],
    })
    .input(ZCompanyInput)
    .output(ZCompany)
    .mutation(async ({ ctx, input }) => (await createCompanies(ctx.db, ctx.user, [input]))[0]!),

  update: companyProcedure
    .meta({
      description:
        "Replaces a company's values under the same rules as company.create; custom fields left out of `additionalData` keep their stored values. Answers the company as saved.",
      errors: ['COMPANY_NOT_FOUND', 'COMPANY_ALREADY_EXISTS', 'CUSTOM_FIELD_INVALID'],
    })
    .input(z.object({ id: ZId, data: ZCompanyInput }))
    .output(ZCompany)
    .mutation(({ ctx, input }) => updateCompany(ctx.db, ctx.user, input.id, input.data)),

  delete: roleProcedure('deleteCompanies')
    .meta({
      area: '/companies',
      description:
        "Deletes companies in bulk (the web confirms first): every id must be a company of the caller's company, or nothing is deleted (COMPANY_NOT_FOUND). Answers the deleted ids.",
      errors: ['COMPANY_NOT_FOUND'],
    })
    .input(z.object({ ids: z.array(ZId).min(1).max(500) }))
    .output(z.object({ deleted: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({
      deleted: await deleteCompanies(ctx.db, ctx.tenantId, input.ids),
    })),

  assignManager: companyProcedure
    .meta({
      description:
        "Sets the company's manager ('encargado'), an active user of the caller's company, or removes it with null; answers the company.",
      errors: ['COMPANY_NOT_FOUND', 'USER_NOT_FOUND'],
    })
    .input(z.object({ companyId: ZId, managerId: ZId.nullable() }))
    .output(ZCompany)
    .mutation(({ ctx, input }) =>
      assignManager(ctx.db, ctx.tenantId, input.companyId, input.managerId),
    ),

  sectors: companyProcedure
    .meta({
      description:
        'The sectors of a company by name, matching `search`, in keyset pages of 50 after `cursor`.',
      errors: ['COMPANY_NOT_FOUND'],
    })
    .input(
      z.object({ companyId: ZId, search: z.string().trim().max(60).optional(), cursor: ZCursor }),
    )
    .output(z.object({ items: z.array(ZSector), nextCursor: ZCursor }))
    .query(({ ctx, input }) => listSectors(ctx.db, ctx.tenantId, input.companyId, input)),

  createSector: companyProcedure
    .meta({
      description:
        "Adds a sector to a company; its name must be unique within the company (SECTOR_NAME_READY_USE). Only where companies' sectors are on (flag enableCompanyGroupSectors; else DISABLED_FEATURE).",
      errors: ['COMPANY_NOT_FOUND', 'SECTOR_NAME_READY_USE', 'DISABLED_FEATURE'],
    })
    .input(z.object({ companyId: ZId, name: z.string().max(200) }))
    .output(ZSector)
    .mutation(({ ctx, input }) => createSector(ctx.db, ctx.user, input.companyId, input.name)),

  deleteSector: companyProcedure
    .meta({
      description: 'Deletes one sector of a company.',
      errors: ['SECTOR_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(z.object({ companyId: ZId, sectorId: ZId }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deleteSector(ctx.db, ctx.user, input.companyId, input.sectorId);
      return { ok: true as const };
    }),

  selectableContacts: companyProcedure
    .meta({
      description:
        "Contacts the caller may see that are not in the company yet, for its 'add contacts' picker: by name, matching `search`, in keyset pages of 20 after `cursor`.",
      errors: ['COMPANY_NOT_FOUND'],
    })
    .input(
      z.object({ companyId: ZId, search: z.string().trim().max(100).optional(), cursor: ZCursor }),
    )
    .output(
      z.object({
        items: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
        nextCursor: ZCursor,
      }),
    )
    .query(({ ctx, input }) => selectableContacts(ctx.db, ctx.user, input.companyId, input)),

  addContacts: companyProcedure
    .meta({
      description:
        "Affiliates contacts to a company with one role and an optional sector of it, all or nothing: a contact the caller may not see is refused as CONTACT_NOT_FOUND, one already in the company as CONTACT_ALREADY_AFFILIATED. Answers the company's contacts the caller may see.",
      errors: [
        'COMPANY_NOT_FOUND',
        'SECTOR_NOT_FOUND',
        'CONTACT_NOT_FOUND',
        'CONTACT_ALREADY_AFFILIATED',
      ],
    })
    .input(ZAddContactsInput.extend({ companyId: ZId }))
    .output(z.array(ZCompanyContact))
    .mutation(({ ctx, input }) => addContacts(ctx.db, ctx.user, input.companyId, input)),

  modifyDefaultField: roleProcedure('configureCompany')
    .meta({
      description:
        'Changes how one default company field shows for the whole company (hidden, required, label); answers the companies settings as they are now (as company.settings).',
    })
    .input(ZDefaultFieldInput)
    .output(ZCompaniesSettings)
    .mutation(({ ctx, input }) => modifyDefaultField(ctx.db, ctx.tenantId, input)),

  savePanel: roleProcedure('configureCompany')
    .meta({
      description:
        "'Mi Empresa' (issue #17): the companies panel's label (empty: the default name) and menu icon, and how each default field given shows (hidden, required, label), in one change; answers the companies settings as they are now (as company.settings).",
    })
    .input(ZCompaniesPanelInput)
    .output(ZCompaniesSettings)
    .mutation(({ ctx, input }) => saveCompaniesPanel(ctx.db, ctx.tenantId, input)),
});
