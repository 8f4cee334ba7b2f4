import { createFileRoute } from '@tanstack/react-router';
import { ShipmentPage } from '../../../../features/notifications/shipments/shipment-page';

/** One shipment: its form while not sent, else its statistics. */
export const Route = createFileRoute('/_app/grupos_/notificaciones/$id')({
  component: function ShipmentRoute() {
    const { id } = Route.useParams();
    return <ShipmentPage key={id} id={id} />;
  },
});
