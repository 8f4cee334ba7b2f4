import { createFileRoute } from '@tanstack/react-router';
import { SalesConfigPage } from '../../../features/company/fields-config-page';

/** '/company/sales' (issue #17): presales, sale templates and the sale bubble. */
export const Route = createFileRoute('/_app/company/sales')({
  component: SalesConfigPage,
});
