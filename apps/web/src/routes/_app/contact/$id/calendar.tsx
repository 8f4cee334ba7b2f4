import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../../../../features/meetings/calendar-page';

/**
 * '/contact/{id}/calendar' (03 §2.1, issue #40): reached from 'Asignar en calendario', a time
 * picked sets the contact's reminder; '/contact/SELECTED_DATE/calendar' (the reminder flow) is
 * the calendar itself.
 */
export const Route = createFileRoute('/_app/contact/$id/calendar')({
  component: ContactCalendarRoute,
});

function ContactCalendarRoute() {
  const { id } = Route.useParams();
  return <CalendarPage assignTo={id === 'SELECTED_DATE' ? undefined : id} />;
}
