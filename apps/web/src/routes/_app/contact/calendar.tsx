import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CalendarPage } from '../../../features/meetings/calendar-page';

/** '/contact/calendar' ('Calendario', 01 §2; issue #40): `defaultDate` opens on that day. */
export const Route = createFileRoute('/_app/contact/calendar')({
  validateSearch: z.object({
    defaultDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/)
      .optional()
      .catch(undefined),
  }),
  component: CalendarRoute,
});

function CalendarRoute() {
  const { defaultDate } = Route.useSearch();
  return <CalendarPage defaultDate={defaultDate} />;
}
