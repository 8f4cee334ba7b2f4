import { createFileRoute } from '@tanstack/react-router';
import { RequestSalesPage } from '../../../features/request-sales/backoffice/request-sales-page';

/**
 * '/comercial/requestsale' 'Solicitudes' (01 §2, slug comercial-requestsale; flags requestSale on
 * and disableRequestSale off): the request sales back office and its template editor.
 */
export const Route = createFileRoute('/_app/comercial/requestsale')({
  component: RequestSalesPage,
});
