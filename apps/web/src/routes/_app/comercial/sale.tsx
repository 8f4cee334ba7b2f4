import { createFileRoute } from '@tanstack/react-router';
import {
  dayParam,
  idParam,
  oneOfParam,
  searchParams,
  someOfParam,
} from '../../../lib/search-params';
import { RECEIPT_DATE_KINDS, RECEIPT_STATUSES } from '@cartera/domain/receipt-values';
import { SalesPage } from '../../../features/sales/sales-page';

/**
 * '/comercial/sale' 'Ventas' (01 §2, slug comercial-sale): the sales back office. `sellerId`,
 * `status`, `from`–`to` and `dates` (which date the period reads) open it filtered: a
 * 'Rendimiento' figure links to its sales this way (issue #35).
 */
export const Route = createFileRoute('/_app/comercial/sale')({
  validateSearch: searchParams({
    sellerId: idParam(),
    status: someOfParam(RECEIPT_STATUSES),
    from: dayParam(),
    to: dayParam(),
    dates: oneOfParam(RECEIPT_DATE_KINDS),
  }),
  component: SalesRoute,
});

function SalesRoute() {
  const search = Route.useSearch();
  // Another address (another figure's link) starts the page again with its filters.
  return <SalesPage key={JSON.stringify(search)} initial={search} />;
}
