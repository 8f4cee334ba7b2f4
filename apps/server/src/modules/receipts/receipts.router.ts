import { z } from 'zod';
import {
  ZReceiptCancel,
  ZReceiptCreate,
  ZPhoneQuery,
  ZReceiptFieldUpdate,
  ZReceiptFilterInput,
  ZReceiptListInput,
  ZReceiptSaleDateChange,
  ZReceiptSellerChange,
  ZReceiptStatusChange,
} from '@cartera/domain/sales';
import { ZBubbleTemplateInput, ZReceiptReportInput, ZSaleConfigInput } from '@cartera/domain/sales';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { receiptReport, saleSettings, ZReceiptReport, ZSaleSettings } from './receipts.report';
import {
  saleConfig,
  saveBubbleTemplate,
  saveSaleConfig,
  ZBubbleTemplates,
  ZSaleConfig,
} from './receipts.config';
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

/** 'Mi Empresa' edits the company's sale configuration (the catalog editors' roles). */
const configProcedure = roleProcedure('configureCompany');
/** The back office's transitions (01 §4): 'Ventas', slug comercial-sale (comercial). */
const backOffice = tenantProcedure.meta({ area: '/comercial/sale' });

export const receiptsRouter = router({
  list: tenantProcedure
    .meta({
      description:
        "Sales (`kind` receipt) or presales, 100 a page by default (01 §9), newest first or in the order of `sort` (entry order, entry date, sale date, total, seller, status) and `order`, keyset on (sort key, id) with an opaque `cursor`: `search` matches the phone's digits anywhere, the ticket or sale id from the start and the name anywhere; filters by status, seller, contact and entry dates. Tenant-wide roles see every receipt, a supervisor their subtree's sellers', anyone else their own.",
    })
    .input(ZReceiptListInput)
    .output(ZReceiptPage)
    .query(({ ctx, input }) => listReceipts(ctx.db, ctx.user, input)),

  get: tenantProcedure
    .meta({
      description: 'One receipt or presale the caller may see (the same scope as the list).',
      errors: ['RECEIPT_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZReceipt)
    .query(({ ctx, input }) => getReceipt(ctx.db, ctx.user, input.id)),

  create: tenantProcedure
    .meta({
      description:
        "A new sale ('Venta Manual', the back office) or presale (comercial, when the company's sale config has presale), with a sale item on its contact's timeline. Sold needs a sale date and sale id; the seller defaults to the contact's agent or the caller, and a seller may only give sales to themself. A client-made `id` makes a retry store nothing twice.",
      errors: [
        'CONTACT_NOT_FOUND',
        'PRESALE_DISABLED',
        'RECEIPT_SELLER_INVALID',
        'PERMISSION_DENIED',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZReceiptCreate)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => createReceipt(ctx.deps, ctx.user, input)),

  count: tenantProcedure
    .meta({
      description:
        'How many receipts the filters of `list` hold (the rows an Excel export of the filter will have), within what the caller sees.',
    })
    .input(ZReceiptFilterInput)
    .output(z.number())
    .query(({ ctx, input }) => countFilteredReceipts(ctx.db, ctx.user, input)),

  phoneSearch: backOffice
    .meta({
      description:
        '01 §7 GET /phonesearch: the sales whose phone holds the given digits (three or more), newest first, at most 100.',
    })
    .input(ZPhoneQuery)
    .output(z.array(ZReceipt))
    .query(({ ctx, input }) => phoneSearch(ctx.db, ctx.user, input)),

  contactByPhone: backOffice
    .meta({
      description:
        "01 §7 getContactByPhone: the contact holding the number (read in the company's country) among those the caller sees, the main conversation first; null when none.",
    })
    .input(ZPhoneQuery)
    .output(ZPhoneContact.nullable())
    .query(({ ctx, input }) => contactByPhone(ctx.db, ctx.user, input)),

  sellers: backOffice
    .meta({
      description:
        "The back office's seller picker: active users with role user (01 §6) the caller may give sales to.",
    })
    .output(z.array(ZReceiptSeller))
    .query(({ ctx }) => receiptSellers(ctx.db, ctx.user)),

  changeStatus: backOffice
    .meta({
      description:
        "Changes a receipt's status (a canceled one is reopened); sold needs a sale date and sale id, given here or already stored. Writes a state-change item on the contact's timeline.",
      errors: ['RECEIPT_NOT_FOUND'],
    })
    .input(ZReceiptStatusChange)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => changeReceiptStatus(ctx.db, ctx.user, input)),

  cancel: backOffice
    .meta({
      description:
        "Cancels a receipt with an optional reason ('Sin razón especificada' without one); a cancellation item on the contact's timeline.",
      errors: ['RECEIPT_NOT_FOUND', 'RECEIPT_CANCELED'],
    })
    .input(ZReceiptCancel)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => cancelReceipt(ctx.db, ctx.user, input)),

  changeSeller: backOffice
    .meta({
      description:
        "Gives a receipt to another active seller of the company, unless its seller is locked (user_lock); a sale item on the contact's timeline.",
      errors: ['RECEIPT_NOT_FOUND', 'RECEIPT_SELLER_LOCKED', 'RECEIPT_SELLER_INVALID'],
    })
    .input(ZReceiptSellerChange)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => changeReceiptSeller(ctx.db, ctx.user, input)),

  changeSaleDate: backOffice
    .meta({
      description:
        "Changes a receipt's sale date (DD/MM/YYYY or YYYY-MM-DD, a day that exists); a sale item on the contact's timeline.",
      errors: ['RECEIPT_NOT_FOUND', 'RECEIPT_CANCELED'],
    })
    .input(ZReceiptSaleDateChange)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => changeReceiptSaleDate(ctx.db, ctx.user, input)),

  updateFieldValue: tenantProcedure
    .meta({
      description:
        "One field of a receipt: the manual-sale fields (ticket, phone, name, product, value…) for commercial staff only (02 §6), `additionalData.<code>` for whoever sees the receipt; a sale item on the contact's timeline.",
      errors: [
        'RECEIPT_NOT_FOUND',
        'RECEIPT_FIELD_LOCKED',
        'RECEIPT_VALUE_INVALID',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZReceiptFieldUpdate)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => updateReceiptField(ctx.deps, ctx.user, input)),

  config: tenantProcedure
    .meta({
      description:
        "The company's sale configuration as the caller may use it: whether the composer's 'Venta Manual' tab is theirs (03 §2.2: the manualSale flag and crmConfig.manualSales roles), whether presales are on (01 §6), the sale templates (03 §3) and the presale template.",
    })
    .output(ZSaleSettings)
    .query(({ ctx }) => saleSettings(ctx.db, ctx.user)),

  report: roleProcedure('readReports')
    .meta({
      area: '/reportes/receipts',
      description:
        "'Reportes': counts and totals (Σ value × quantity) of sales or presales per seller, per status and per month of entry over a period (the last six months by default, at most 24), grouped in SQL over the receipts the caller sees (a supervisor their subtree's sellers').",
    })
    .input(ZReceiptReportInput)
    .output(ZReceiptReport)
    .query(({ ctx, input }) => receiptReport(ctx.db, ctx.user, input)),

  saleConfig: configProcedure
    .meta({
      description:
        "The company's sale configuration as 'Mi Empresa' edits it (issue #17, 01 §3, 03 §3): whether presales are on, the sale templates (code, structure, default, sale and bubble titles, hidden fields) and the presale template (null: none).",
    })
    .output(ZSaleConfig)
    .query(({ ctx }) => saleConfig(ctx.db, ctx.tenantId)),

  saveSaleConfig: configProcedure
    .meta({
      description:
        "Replaces the company's presale flag, sale templates (each code once, one default at most) and presale template; 'Crear preventa', the sale form and the sale bubble follow at once. The request sale label and manual sales stay.",
    })
    .input(ZSaleConfigInput)
    .output(ZSaleConfig)
    .mutation(({ ctx, input }) => saveSaleConfig(ctx.db, ctx.tenantId, input)),

  saveBubbleTemplate: configProcedure
    .meta({
      description:
        "01 §7 'saleconfig bubbletemplate': the sale bubble of one template (a sale template's code or the presale template's), its title and the fields it hides; answers every template's bubble.",
    })
    .input(ZBubbleTemplateInput)
    .output(ZBubbleTemplates)
    .mutation(({ ctx, input }) => saveBubbleTemplate(ctx.db, ctx.tenantId, input)),
});
