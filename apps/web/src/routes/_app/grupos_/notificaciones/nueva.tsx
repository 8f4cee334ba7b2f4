import { createFileRoute } from '@tanstack/react-router';
import { NewShipmentPage } from '../../../../features/notifications/shipments/shipment-page';

/** A new shipment of 'Administración' › 'Notificaciones'. */
export const Route = createFileRoute('/_app/grupos_/notificaciones/nueva')({
  component: NewShipmentPage,
});
