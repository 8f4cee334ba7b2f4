import { createFileRoute } from '@tanstack/react-router';
import { NotificationPage } from '../../../features/notifications/inbox/notification-page';

/** /notifications/{id} (01 §2): one of the user's notifications. */
export const Route = createFileRoute('/_app/notifications/$id')({
  component: function NotificationRoute() {
    const { id } = Route.useParams();
    return <NotificationPage key={id} id={id} />;
  },
});
