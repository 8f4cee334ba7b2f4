import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RECEIPT_DATE_KINDS, RECEIPT_STATUSES } from '@cartera/domain/sales';
import { SalesPage } from '../../../features/sales/sales-page';

const ZDayParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * '/comercial/sale' 'Ventas' (01 §2, slug comercial-sale): the sales back office. `sellerId`,
 * `status`, `from`–`to` and `dates` (which date the period reads) open it filtered: a
 * 'Rendimiento' figure links to its sales this way (issue #35).
 */
export const Route = createFileRoute('/_app/comercial/sale')({
  validateSearch: z.object({
    sellerId: z.uuid().optional().catch(undefined),
    status: z
      .array(z.enum(RECEIPT_STATUSES))
      .max(RECEIPT_STATUSES.length)
      .optional()
      .catch(undefined),
    from: ZDayParam,
    to: ZDayParam,
    dates: z.enum(RECEIPT_DATE_KINDS).optional().catch(undefined),
  }),
  component: SalesRoute,
});

function SalesRoute() {
  const search = Route.useSearch();
  // Another address (another figure's link) starts the page again with its filters.
  return <SalesPage key={JSON.stringify(search)} initial={search} />;
}
