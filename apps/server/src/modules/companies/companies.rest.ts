import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMPANY_PAGE_SIZES, ZCompanyInput } from '@cartera/domain/companies';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  createCompanies,
  deleteCompanies,
  getCompany,
  listCompanies,
  updateCompany,
  ZCompany,
} from './companies.service';
import {
  companiesSettings,
  modifyDefaultField,
  ZCompaniesSettings,
  ZDefaultFieldInput,
} from './companies-config.service';
import {
  addContacts,
  createSector,
  deleteSector,
  listSectors,
  ZAddContactsInput,
  ZSector,
} from './company-sectors.service';

const tags = ['companies'];
const access = { area: '/companies' };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZPage = z.object({ items: z.array(ZCompany), nextCursor: z.unknown() });
const ZListQuery = z.object({
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().optional(),
  cursorName: z.string().optional(),
  cursorId: z.string().uuid().optional(),
});

function pageInput(query: z.infer<typeof ZListQuery>, fallback: number) {
  const sizes = Object.values(COMPANY_PAGE_SIZES) as number[];
  const limit = sizes.includes(query.limit ?? -1) ? query.limit! : fallback;
  return {
    search: query.search,
    limit: limit as 20 | 35 | 50,
    cursor:
      query.cursorName !== undefined && query.cursorId
        ? { name: query.cursorName, id: query.cursorId }
        : null,
  };
}

/** The legacy company-group paths of 01 §7 and 02 §7, over the same services as tRPC. */
export function registerCompaniesRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/comercial/companyGroup',
    tags,
    summary: 'Create companies (the body is a list of company payloads)',
    auth: 'session',
    access: { ...access, procedure: 'company.create' },
    body: z.array(ZCompanyInput).min(1).max(100),
    response: z.array(ZCompany),
    status: 201,
    handler: ({ body, session }) => createCompanies(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/companyGroup',
    tags,
    summary: 'List companies (search, 20/35/50 per page, keyset cursor)',
    auth: 'session',
    access: { ...access, procedure: 'company.list' },
    querystring: ZListQuery,
    response: ZPage,
    handler: ({ query, session }) =>
      listCompanies(deps.db, session.user.tenantId, pageInput(query, COMPANY_PAGE_SIZES.list)),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/comercial/companyGroup',
    tags,
    summary: 'Update a company given its id in the body',
    auth: 'session',
    access: { ...access, procedure: 'company.update' },
    body: ZCompanyInput.extend({ id: z.string().uuid() }),
    response: ZCompany,
    handler: ({ body, session }) => {
      const { id, ...data } = body;
      return updateCompany(deps.db, session.user, id, data);
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/companyGroup/:id',
    tags,
    summary: 'A company with its contacts',
    auth: 'session',
    access: { ...access, procedure: 'company.get' },
    params: ZIdParams,
    response: ZCompany.extend({ contacts: z.array(z.record(z.string(), z.unknown())) }),
    handler: ({ params, session }) => getCompany(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/comercial/companyGroup/:id',
    tags,
    summary: 'Update a company',
    auth: 'session',
    access: { ...access, procedure: 'company.update' },
    params: ZIdParams,
    body: ZCompanyInput,
    response: ZCompany,
    handler: ({ params, body, session }) => updateCompany(deps.db, session.user, params.id, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/companyGroup/:id/sectors',
    tags,
    summary: 'Sectors of a company, 50 per page',
    auth: 'session',
    access: { ...access, procedure: 'company.sectors' },
    params: ZIdParams,
    querystring: z.object({ search: z.string().max(60).optional() }),
    response: z.object({ items: z.array(ZSector), nextCursor: z.unknown() }),
    handler: ({ params, query, session }) =>
      listSectors(deps.db, session.user.tenantId, params.id, { search: query.search }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/comercial/companyGroup/:id/sectors',
    tags,
    summary: "Create a sector ('Crear sector')",
    auth: 'session',
    access: { ...access, procedure: 'company.createSector' },
    params: ZIdParams,
    body: z.object({ name: z.string().max(200) }),
    response: ZSector,
    status: 201,
    handler: ({ params, body, session }) =>
      createSector(deps.db, session.user, params.id, body.name),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/comercial/companyGroup/:id/sectors/:sectorId',
    tags,
    summary: 'Delete a sector',
    auth: 'session',
    access: { ...access, procedure: 'company.deleteSector' },
    params: z.object({ id: z.string().uuid(), sectorId: z.string().uuid() }),
    response: z.object({ ok: z.literal(true) }),
    async handler({ params, session }) {
      await deleteSector(deps.db, session.user, params.id, params.sectorId);
      return { ok: true as const };
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/comercial/companyGroup/:id/addContacts',
    tags,
    summary: 'Affiliate contacts to a company with a role and sector',
    auth: 'session',
    access: { ...access, procedure: 'company.addContacts' },
    params: ZIdParams,
    body: ZAddContactsInput,
    response: z.array(z.record(z.string(), z.unknown())),
    handler: ({ params, body, session }) => addContacts(deps.db, session.user, params.id, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/companygroups',
    tags,
    summary: 'Companies for pickers (20 per page by default)',
    auth: 'session',
    access: { ...access, procedure: 'company.list' },
    querystring: ZListQuery,
    response: ZPage,
    handler: ({ query, session }) =>
      listCompanies(deps.db, session.user.tenantId, pageInput(query, COMPANY_PAGE_SIZES.picker)),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id/companyfield/defaultField/modify',
    tags,
    summary: 'How a default company field shows in a tenant (hidden, required, label)',
    auth: 'session',
    access: {
      procedure: 'company.modifyDefaultField',
      capability: 'configureCompany',
    },
    params: ZIdParams,
    body: ZDefaultFieldInput,
    response: ZCompaniesSettings,
    handler: ({ params, body, session }) => {
      // A group id of another tenant is refused, whatever the caller's role.
      if (params.id !== session.user.tenantId) throw new DomainError('PERMISSION_DENIED');
      return modifyDefaultField(deps.db, session.user.tenantId, body);
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/companyGroup/massiveAction/delete',
    tags,
    summary: 'Delete several companies at once',
    auth: 'session',
    access: {
      procedure: 'company.delete',
      area: '/companies',
      capability: 'deleteCompanies',
    },
    body: z.object({ companies: z.array(z.string().uuid()).min(1).max(500) }),
    response: z.object({ deleted: z.array(z.string()) }),
    handler: async ({ body, session }) => ({
      deleted: await deleteCompanies(deps.db, session.user.tenantId, body.companies),
    }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/companyGroup/settings',
    tags,
    summary: 'Titles, tax-code label and default-field settings of companies',
    auth: 'session',
    access: { ...access, procedure: 'company.settings' },
    response: ZCompaniesSettings,
    handler: ({ session }) => companiesSettings(deps.db, session.user.tenantId),
  });
}
