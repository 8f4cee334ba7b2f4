import { z } from 'zod';
import { ZCompanyInput } from '@cartera/domain/companies';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  addContacts,
  assignManager,
  companiesSettings,
  createCompanies,
  createSector,
  deleteCompanies,
  deleteSector,
  getCompany,
  listCompanies,
  listSectors,
  modifyDefaultField,
  selectableContacts,
  updateCompany,
  ZAddContactsInput,
  ZCompaniesSettings,
  ZCompany,
  ZDefaultFieldInput,
  ZListCompaniesInput,
  ZSector,
} from './companies.service';

/** Companies serve the '/companies' screen: its roles, slug and flag apply to every call. */
const companyProcedure = tenantProcedure.meta({ area: '/companies' });
const ZId = z.string().uuid();
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
    .output(ZCompaniesSettings)
    .query(({ ctx }) => companiesSettings(ctx.db, ctx.tenantId)),

  list: companyProcedure
    .input(ZListCompaniesInput)
    .output(z.object({ items: z.array(ZCompany), nextCursor: ZCursor }))
    .query(({ ctx, input }) => listCompanies(ctx.db, ctx.tenantId, input)),

  get: companyProcedure
    .input(z.object({ id: ZId }))
    .output(ZCompany.extend({ contacts: z.array(ZCompanyContact) }))
    .query(({ ctx, input }) => getCompany(ctx.db, ctx.user, input.id)),

  create: companyProcedure
    .input(ZCompanyInput)
    .output(ZCompany)
    .mutation(async ({ ctx, input }) => (await createCompanies(ctx.db, ctx.user, [input]))[0]!),

  update: companyProcedure
    .input(z.object({ id: ZId, data: ZCompanyInput }))
    .output(ZCompany)
    .mutation(({ ctx, input }) => updateCompany(ctx.db, ctx.user, input.id, input.data)),

  /** Massive delete, with confirmation in the web. */
  delete: roleProcedure('comercial', 'super', 'project_manager')
    .meta({ area: '/companies' })
    .input(z.object({ ids: z.array(ZId).min(1).max(500) }))
    .output(z.object({ deleted: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({
      deleted: await deleteCompanies(ctx.db, ctx.tenantId, input.ids),
    })),

  assignManager: companyProcedure
    .input(z.object({ companyId: ZId, managerId: ZId.nullable() }))
    .output(ZCompany)
    .mutation(({ ctx, input }) =>
      assignManager(ctx.db, ctx.tenantId, input.companyId, input.managerId),
    ),

  sectors: companyProcedure
    .input(
      z.object({ companyId: ZId, search: z.string().trim().max(60).optional(), cursor: ZCursor }),
    )
    .output(z.object({ items: z.array(ZSector), nextCursor: ZCursor }))
    .query(({ ctx, input }) => listSectors(ctx.db, ctx.tenantId, input.companyId, input)),

  createSector: companyProcedure
    .input(z.object({ companyId: ZId, name: z.string().max(200) }))
    .output(ZSector)
    .mutation(({ ctx, input }) => createSector(ctx.db, ctx.tenantId, input.companyId, input.name)),

  deleteSector: companyProcedure
    .input(z.object({ companyId: ZId, sectorId: ZId }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deleteSector(ctx.db, ctx.tenantId, input.companyId, input.sectorId);
      return { ok: true as const };
    }),

  selectableContacts: companyProcedure
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
    .input(ZAddContactsInput.extend({ companyId: ZId }))
    .output(z.array(ZCompanyContact))
    .mutation(({ ctx, input }) => addContacts(ctx.db, ctx.user, input.companyId, input)),

  modifyDefaultField: roleProcedure('admin', 'comercial', 'project_manager')
    .input(ZDefaultFieldInput)
    .output(ZCompaniesSettings)
    .mutation(({ ctx, input }) => modifyDefaultField(ctx.db, ctx.tenantId, input)),
});
