/*
 * The values of a receipt's fields that the web's route tree reads (the back office's list in
 * the address), without zod: the route tree is part of the first bundle (issue #35 item 2).
 * sales.ts re-exports them.
 */

/** A receipt's status (ours: 01 §3 names the field, not its values). */
export const RECEIPT_STATUSES = ['new', 'pending', 'sold', 'canceled'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** The dates a period of the back office's list reads: entry dates or sale dates. */
export const RECEIPT_DATE_KINDS = ['entry', 'sale'] as const;
export type ReceiptDateKind = (typeof RECEIPT_DATE_KINDS)[number];
