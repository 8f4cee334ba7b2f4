import { createFileRoute } from '@tanstack/react-router';
import { AllNotificationsPage } from '../../features/notifications/inbox/all-notifications-page';
import { searchParams, type Param } from '../../lib/search-params';

/** A page number of the list (1 and up). */
const pageParam: Param<number> = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10_000
    ? value
    : undefined;

/** /all-notifications (01 §2): the user's notifications, 10 a page. */
export const Route = createFileRoute('/_app/all-notifications')({
  validateSearch: searchParams({ page: pageParam }),
  component: function AllNotificationsRoute() {
    const { page = 1 } = Route.useSearch();
    return <AllNotificationsPage page={page} />;
  },
});
