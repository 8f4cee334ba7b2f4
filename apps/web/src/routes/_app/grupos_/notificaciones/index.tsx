import { createFileRoute } from '@tanstack/react-router';
import { ShipmentsPage } from '../../../../features/notifications/shipments/shipments-page';
import { searchParams, type Param } from '../../../../lib/search-params';

const pageParam: Param<number> = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10_000
    ? value
    : undefined;

/** 'Administración' › 'Notificaciones' (platform admins, issue #41): the shipments. */
export const Route = createFileRoute('/_app/grupos_/notificaciones/')({
  validateSearch: searchParams({ page: pageParam }),
  component: function ShipmentsRoute() {
    const { page = 1 } = Route.useSearch();
    return <ShipmentsPage page={page} />;
  },
});
