import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RECEIPT_KINDS,
  RECEIPT_STATUSES,
  RECEIPTS_PAGE_SIZE,
  RECEIPT_DATE_KINDS,
  RECEIPT_SORTS,
  SORT_ORDERS,
  checkSaleRules,
  ZPhoneQuery,
  ZReceiptCreateFields,
  ZReceiptFieldUpdate,
  ZReceiptStatusChange,
  ZSaleDay,
} from '@cartera/domain/sales';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { groupSettingRoutes } from '../../http/group-route';
import { receiptsWorkbookStream, XLSX_TYPE } from './receipts.excel';
import {
  contactByPhone,
  countFilteredReceipts,
  phoneSearch,
  ZPhoneContact,
  getReceipt,
  listReceipts,
  ZReceipt,
  receiptSellers,
  ZReceiptPage,
  ZReceiptSeller,
} from './receipts.service';
import {
  cancelReceipt,
  changeReceiptSaleDate,
  changeReceiptSeller,
  changeReceiptStatus,
  createReceipt,
  updateReceiptField,
} from './receipt-saving.service';
import { saleSettings } from './receipts.report';
import {
  bubbleTemplates,
  saleConfig,
  saveBubbleTemplate,
  saveSaleConfig,
  ZBubbleTemplates,
  ZSaleConfig,
} from './receipts.config';
import { ZBubbleTemplateInput, ZSaleConfigInput } from '@cartera/domain/sales';
import { ZSaleTemplate } from '@cartera/domain/tenant-settings';

/** The legacy paths of 01 §7 Sales and presales over the services of the `receipt` router. */
export function registerReceiptsRoutes(app: FastifyInstance, deps: AppDeps) {
  const BACK_OFFICE = { area: '/comercial/sale' };
  const params = z.object({ id: z.uuid() });

  const filterQuery = z.object({
    search: z.string().trim().max(100).optional(),
    status: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((each) => each.trim()) : undefined))
      .pipe(z.array(z.enum(RECEIPT_STATUSES)).optional()),
    user: z.uuid().optional(),
    crm: z.enum(RECEIPT_KINDS).optional(),
    from: ZSaleDay.optional(),
    to: ZSaleDay.optional(),
    dates: z.enum(RECEIPT_DATE_KINDS).optional(),
    sort: z.enum(RECEIPT_SORTS).optional(),
    order: z.enum(SORT_ORDERS).optional(),
  });
  const filtersOf = (query: z.infer<typeof filterQuery>) => ({
    kind: query.crm ?? 'receipt',
    search: query.search,
    status: query.status,
    sellerId: query.user,
    from: query.from,
    to: query.to,
    dates: query.dates,
    sort: query.sort,
    order: query.order,
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/receipt',
    tags: ['sales'],
    summary: `Sales, newest first: \`search\` (phone, ticket or name), \`status\` (comma-separated: ${RECEIPT_STATUSES.join(', ')}), \`user\` (a seller), \`from\`/\`to\` (entry dates), \`sort\` (${RECEIPT_SORTS.join(', ')}) and \`order\` (asc, desc), \`limit\` (default ${RECEIPTS_PAGE_SIZE}), \`cursor\` (the last page's nextCursor: pages are keyset) or \`skip\` (rows to leave out first, as 01 §7's legacy clients page; not with a cursor); presales with \`crm=presale\``,
    auth: 'session',
    access: { procedure: 'receipt.list' },
    querystring: filterQuery.extend({
      cursor: z.string().max(400).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(RECEIPTS_PAGE_SIZE),
      skip: z.coerce.number().int().min(0).max(100_000).optional(),
    }),
    response: ZReceiptPage,
    handler: ({ session, query }) =>
      listReceipts(
        deps.db,
        session.user,
        { ...filtersOf(query), cursor: query.cursor, limit: query.limit },
        query.skip,
      ),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/receipt/excel',
    tags: ['sales'],
    summary:
      'The sales of the same filters and order as GET /api/receipt (without cursor and limit) as an .xlsx workbook, streamed as it is written (no Content-Length): `X-Total-Count` says how many rows it will hold, for a progress bar',
    auth: 'session',
    access: { procedure: 'receipt.list' },
    querystring: filterQuery,
    response: z.unknown(),
    file: XLSX_TYPE,
    handler: async ({ session, query, reply }) => {
      const filters = filtersOf(query);
      const total = await countFilteredReceipts(deps.db, session.user, filters);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="ventas-${day}.xlsx"`)
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'X-Total-Count')
        .header('cache-control', 'no-store')
        .send(receiptsWorkbookStream(deps.db, session.user, filters));
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/phonesearch',
    tags: ['sales'],
    summary:
      'The sales whose phone holds the digits of `phone` (three or more), newest first, at most 100',
    auth: 'session',
    access: { ...BACK_OFFICE, procedure: 'receipt.phoneSearch' },
    querystring: ZPhoneQuery,
    response: z.array(ZReceipt),
    handler: ({ session, query }) => phoneSearch(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/sale/getContactByPhone',
    tags: ['sales'],
    summary:
      "The contact holding `phone` (read in the company's country) among those the caller sees, or null",
    auth: 'session',
    access: { ...BACK_OFFICE, procedure: 'receipt.contactByPhone' },
    querystring: ZPhoneQuery,
    response: ZPhoneContact.nullable(),
    handler: ({ session, query }) => contactByPhone(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/receipt/:id',
    tags: ['sales'],
    summary: 'One sale or presale the caller may see',
    auth: 'session',
    access: { procedure: 'receipt.get' },
    params,
    response: ZReceipt,
    handler: ({ session, params }) => getReceipt(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/sale/getSellers',
    tags: ['sales'],
    summary: 'The sellers (active users with role user) the caller may give sales to',
    auth: 'session',
    access: { ...BACK_OFFICE, procedure: 'receipt.sellers' },
    response: z.array(ZReceiptSeller),
    handler: ({ session }) => receiptSellers(deps.db, session.user),
  });

  const creations = [
    ['/api/receipt', 'A new sale (the manual sale of a contact, or typed in)', 'receipt'],
    ['/api/receipt/admin', 'A new sale typed in by the back office for any seller', 'receipt'],
    ['/api/presale', "A new presale (comercial; the company's sale config has presale)", 'presale'],
  ] as const;
  for (const [url, summary, kind] of creations) {
    restRoute(app, deps, {
      method: 'POST',
      url,
      tags: ['sales'],
      summary,
      auth: 'session',
      // The back office's creations: 'Ventas' only, over the same procedure.
      access:
        url === '/api/receipt'
          ? { procedure: 'receipt.create' }
          : { ...BACK_OFFICE, procedure: 'receipt.create' },
      body: ZReceiptCreateFields.omit({ kind: true }).superRefine(checkSaleRules),
      response: ZReceipt,
      status: 201,
      handler: ({ session, body }) => createReceipt(deps, session.user, { ...body, kind }),
    });
  }

  for (const base of ['receipt', 'presale'] as const) {
    const noun = base === 'receipt' ? 'sale' : 'presale';
    restRoute(app, deps, {
      method: 'PATCH',
      url: `/api/${base}/:id/changestatus`,
      tags: ['sales'],
      summary: `Changes a ${noun}'s status; sold needs a sale date and sale id`,
      auth: 'session',
      access: { ...BACK_OFFICE, procedure: 'receipt.changeStatus' },
      params,
      body: ZReceiptStatusChange.omit({ id: true }),
      response: ZReceipt,
      handler: ({ session, params, body }) =>
        changeReceiptStatus(deps.db, session.user, { ...body, id: params.id }),
    });
    restRoute(app, deps, {
      method: 'PATCH',
      url: `/api/${base}/:id/cancel`,
      tags: ['sales'],
      summary: `Cancels a ${noun} with an optional \`reason\``,
      auth: 'session',
      access: { ...BACK_OFFICE, procedure: 'receipt.cancel' },
      params,
      body: z.object({ reason: z.string().optional() }),
      response: ZReceipt,
      handler: ({ session, params, body }) =>
        cancelReceipt(deps.db, session.user, { id: params.id, reason: body.reason }),
    });
    restRoute(app, deps, {
      method: 'PATCH',
      url: `/api/${base}/:id/changesaledate`,
      tags: ['sales'],
      summary: `Changes a ${noun}'s sale date (\`date_sale\`, DD/MM/YYYY or YYYY-MM-DD)`,
      auth: 'session',
      access: { ...BACK_OFFICE, procedure: 'receipt.changeSaleDate' },
      params,
      body: z.object({ date_sale: z.string() }),
      response: ZReceipt,
      handler: ({ session, params, body }) =>
        changeReceiptSaleDate(deps.db, session.user, { id: params.id, saleDate: body.date_sale }),
    });
  }

  const sellerChanges = [
    ['/api/receipt/:id/changeuser', 'sale'],
    ['/api/presale/:id/changeuser', 'presale'],
    ['/api/comercial/sale/:id/user', "sale (the back office's call)"],
  ] as const;
  for (const [url, noun] of sellerChanges) {
    restRoute(app, deps, {
      method: 'PATCH',
      url,
      tags: ['sales'],
      summary: `Gives a ${noun} to another seller (\`user\`), unless its seller is locked`,
      auth: 'session',
      access: { ...BACK_OFFICE, procedure: 'receipt.changeSeller' },
      params,
      body: z.object({ user: z.uuid() }),
      response: ZReceipt,
      handler: ({ session, params, body }) =>
        changeReceiptSeller(deps.db, session.user, { id: params.id, sellerId: body.user }),
    });
  }

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/receipt/:id/updateFieldValue',
    tags: ['sales'],
    summary:
      'One field of a sale (`field`, `value`): the manual-sale fields for commercial staff only, `additionalData.<code>` for whoever sees the sale',
    auth: 'session',
    access: { procedure: 'receipt.updateFieldValue' },
    params,
    body: ZReceiptFieldUpdate.omit({ id: true }),
    response: ZReceipt,
    handler: ({ session, params, body }) =>
      updateReceiptField(deps, session.user, { ...body, id: params.id }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/company/presaletemplate',
    tags: ['sales'],
    summary: "The company's presale template ('Crear preventa'), or null when none is configured",
    auth: 'session',
    access: { procedure: 'receipt.config' },
    response: ZSaleTemplate.nullable(),
    handler: async ({ session }) => (await saleSettings(deps.db, session.user)).presaleTemplate,
  });

  // 01 §7 'saleconfig bubbletemplate' (issue #17): the company's sale configuration, answered and
  // changed for any group of the caller's company ('Mi Empresa' edits it through tRPC).
  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/saleconfig',
    tags: ['sales'],
    capability: 'configureCompany',
    response: ZSaleConfig,
    read: {
      summary:
        "The company's sale configuration (for any group of it): presale, the sale templates and the presale template",
      procedure: 'receipt.saleConfig',
      handler: ({ tenantId }) => saleConfig(deps.db, tenantId),
    },
    change: {
      summary:
        "Replaces the company's presale flag, sale templates (codes once, one default at most) and presale template (null: none)",
      procedure: 'receipt.saveSaleConfig',
      body: ZSaleConfigInput,
      handler: ({ tenantId, body }) => saveSaleConfig(deps.db, tenantId, body),
    },
  });

  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/saleconfig/bubbletemplate',
    tags: ['sales'],
    capability: 'configureCompany',
    response: ZBubbleTemplates,
    read: {
      summary:
        "The sale bubble of each template of the company: title and hidden fields; the presale template's marked presale",
      procedure: 'receipt.saleConfig',
      handler: ({ tenantId }) => bubbleTemplates(deps.db, tenantId),
    },
    change: {
      summary:
        'Changes the sale bubble of one template (`code`: a sale template or the presale template): its title and hidden fields',
      procedure: 'receipt.saveBubbleTemplate',
      body: ZBubbleTemplateInput,
      handler: ({ tenantId, body }) => saveBubbleTemplate(deps.db, tenantId, body),
    },
  });
}
