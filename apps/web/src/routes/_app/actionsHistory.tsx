import { createFileRoute } from '@tanstack/react-router';
import { ActionsHistoryPage } from '../../features/actions-history/actions-history-page';

/** '/actionsHistory' 'Historial de acciones' (01 §2: project_manager, super, comercial). */
export const Route = createFileRoute('/_app/actionsHistory')({
  component: ActionsHistoryPage,
});
