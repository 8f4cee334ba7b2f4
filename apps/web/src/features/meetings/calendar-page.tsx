import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Box, Group, LoadingOverlay, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import esLocale from '@fullcalendar/core/locales/es';
import type { EventClickArg, EventInput } from '@fullcalendar/core';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { reachIsOwn } from '@cartera/domain/policy';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageHeader } from '../../ui/page-header';
import { QueryError } from '../../ui/query-error';
import { useMe } from '../auth/session';
import classes from './calendar-page.module.css';

const k = es.meetings.calendar;

const STATUS_COLORS: Record<string, string> = {
  active: '#228be6',
  inProgress: '#f59f00',
  expired: '#fd7e14',
  done: '#12b886',
  cancel: '#adb5bd',
  error: '#fa5252',
};

/**
 * 'Calendario' (01 §2 /contact/calendar, issue #40): the user's meetings and pending reminders by
 * day, week or month (a supervisor may show their team's, within reach), on FullCalendar; an
 * event opens its contact. `defaultDate` opens on that day. With `assignTo` (a contact's
 * /contact/{id}/calendar, 'Asignar en calendario') clicking a time sets that contact's reminder
 * there, asked first.
 */
export function CalendarPage({
  defaultDate,
  assignTo,
}: {
  defaultDate?: string | undefined;
  assignTo?: string | undefined;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const navigate = useNavigate();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [whose, setWhose] = useState<'mine' | 'all'>('mine');
  const [picked, setPicked] = useState<Date | null>(null);
  const team = me !== null && !reachIsOwn(me.user);
  // A phone shows a day, with the views below the calendar (a week's columns do not fit).
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const events = useQuery({
    ...trpc.calendar.events.queryOptions({
      from: range?.from ?? new Date(0).toISOString(),
      to: range?.to ?? new Date(1).toISOString(),
      ...(whose === 'all' ? { userId: 'all' as const } : {}),
    }),
    enabled: range !== null,
  });
  const setReminder = useMutation(trpc.interaction.setReminder.mutationOptions());

  const inputs: EventInput[] = (events.data ?? []).map((event) =>
    event.kind === 'meeting'
      ? {
          id: event.id,
          title: `${event.summary} · ${event.contactName}`,
          start: event.start,
          end: event.end,
          backgroundColor: STATUS_COLORS[event.status],
          borderColor: STATUS_COLORS[event.status],
          extendedProps: { contactId: event.contactId, kind: 'meeting' },
        }
      : {
          id: event.id,
          title: `${k.reminder} · ${event.contactName}`,
          start: event.start,
          backgroundColor: '#7950f2',
          borderColor: '#7950f2',
          extendedProps: { contactId: event.contactId, kind: 'reminder' },
        },
  );

  const open = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const contactId = arg.event.extendedProps.contactId as string;
    void navigate({ to: '/contact', search: { id: contactId } });
  };

  const assign = () => {
    if (!assignTo || !picked) return;
    setReminder.mutate(
      {
        contactId: assignTo,
        id: newId(),
        reminderDate: picked.toISOString(),
        actionType: 'other',
        comment: '',
        isPermanent: false,
        dateSelectedFrom: 'calendar',
      },
      {
        onSuccess: () => void navigate({ to: '/contact', search: { id: assignTo } }),
        onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
      },
    );
  };

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageHeader
        title={k.title}
        intro={assignTo ? k.pickDate : undefined}
        actions={
          team && (
            <SegmentedControl
              aria-label={k.title}
              value={whose}
              onChange={(value) => setWhose(value as 'mine' | 'all')}
              data={[
                { value: 'mine', label: k.mine },
                { value: 'all', label: k.team },
              ]}
            />
          )
        }
      />
      {events.isError && <QueryError query={events} />}
      <Box pos="relative" data-testid="calendar" className={classes.calendar}>
        <LoadingOverlay visible={events.isFetching} zIndex={5} />
        <FullCalendar
          key={phone ? 'phone' : 'desk'}
          plugins={[dayGridPlugin, timeGridPlugin]}
          locale={esLocale}
          initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
          {...(defaultDate ? { initialDate: defaultDate } : {})}
          headerToolbar={
            phone
              ? { left: 'prev,next', center: 'title', right: 'today' }
              : {
                  left: 'prev,next today',
                  center: 'title',
                  right: 'dayGridMonth,timeGridWeek,timeGridDay',
                }
          }
          footerToolbar={phone ? { center: 'dayGridMonth,timeGridWeek,timeGridDay' } : false}
          scrollTime="08:00:00"
          buttonText={{ today: k.today, month: k.month, week: k.week, day: k.day }}
          height="auto"
          nowIndicator
          events={inputs}
          eventClick={open}
          datesSet={(info) =>
            setRange({ from: info.start.toISOString(), to: info.end.toISOString() })
          }
          selectable={Boolean(assignTo)}
          select={(info) => setPicked(info.start)}
        />
      </Box>
      {events.isSuccess && events.data.length === 0 && (
        <Group justify="center">
          <Text size="sm" c="dimmed">
            {k.empty}
          </Text>
        </Group>
      )}
      <ConfirmDialog
        opened={picked !== null}
        title={k.assignTitle}
        confirmLabel={k.assign}
        loading={setReminder.isPending}
        onConfirm={assign}
        onClose={() => setPicked(null)}
      >
        {picked ? format(k.assignConfirm, { date: formatDateTime(picked) }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
