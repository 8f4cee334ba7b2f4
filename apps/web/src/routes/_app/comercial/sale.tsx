import { createFileRoute } from '@tanstack/react-router';
import { SalesPage } from '../../../features/sales/sales-page';

/** '/comercial/sale' 'Ventas' (01 §2, slug comercial-sale): the sales back office. */
export const Route = createFileRoute('/_app/comercial/sale')({
  component: SalesPage,
});
