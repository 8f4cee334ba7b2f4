import { lazy, Suspense, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { es, format } from '@cartera/domain/i18n';
import { PhoneIcon, XIcon } from '../../ui/icons';
import { useLiveEvents } from '../live/live-events';
import { useSoftphoneOpen } from './softphone-store';
import { usePhoneProviders } from './use-phone';
import classes from './phone-frame.module.css';

const t = es.phone;

/** How long an incoming call found on (re)connecting still counts as ringing. */
const RINGING_MS = 2 * 60_000;

const ContactSheet = lazy(() =>
  import('../contacts/sheet/contact-sheet').then((module) => ({ default: module.ContactSheet })),
);

/** An incoming call the provider told of (live `phone.call`). */
interface IncomingCall {
  callId: string;
  phone: string;
  contactId: string | null;
}

/**
 * The phone of the signed-in frame (issue #39; 01 §2, §4): the softphone — the provider's web
 * phone in a frame, opened and closed from the user menu — and the incoming-call widget. A call
 * ringing on the user opens the softphone and, when the number is one of the contacts they may
 * see, their conversation; otherwise 'Contacto no encontrado' offers 'Crear contacto' with the
 * number filled in.
 */
export function PhoneFrame({ mobile }: { mobile: boolean }) {
  const providers = usePhoneProviders();
  const [open, setOpen] = useSoftphoneOpen();
  const router = useRouter();
  const [unknown, setUnknown] = useState<IncomingCall | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const seen = useRef(new Set<string>());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const connected = providers.data?.connected === true;

  const ringing = (call: IncomingCall) => {
    if (seen.current.has(call.callId)) return;
    seen.current.add(call.callId);
    setOpen(true);
    if (call.contactId) {
      setUnknown(null);
      void router.navigate({ to: '/contact', search: { id: call.contactId } });
    } else {
      setUnknown(call);
    }
  };

  useLiveEvents({
    topics: ['phone'],
    types: ['phone.call'],
    enabled: connected,
    onEvents: (events) => {
      for (const event of events) {
        const call = event.payload as {
          callId: string;
          direction: string;
          state: string;
          phone: string;
          contactId: string | null;
        };
        if (call.direction === 'inbound' && call.state !== 'done') ringing(call);
      }
    },
    // A call that began ringing before the stream (re)started still shows.
    onStarted: () => {
      void queryClient
        .fetchQuery({ ...trpc.phone.calls.queryOptions({ limit: 5 }), staleTime: 0 })
        .then(
          (page) => {
            const since = Date.now() - RINGING_MS;
            for (const item of page.items) {
              if (item.type === 'incoming' && item.ongoing && item.dateTime.getTime() > since) {
                ringing({ callId: item.id, phone: item.phoneNumber, contactId: item.contactId });
              }
            }
          },
          () => undefined,
        );
    },
  });

  if (!connected) return null;
  const phoneUrl = providers.data?.phoneUrl;
  return (
    <>
      {(open || unknown) && (
        <Paper
          className={classes.frame}
          data-mobile={mobile || undefined}
          shadow="lg"
          withBorder
          radius="md"
          role="dialog"
          aria-label={t.softphone.title}
        >
          <Group justify="space-between" px="sm" py={6} className={classes.head}>
            <Group gap={6} wrap="nowrap">
              <PhoneIcon size={16} />
              <Text size="sm" fw={600}>
                {providers.data?.providerName ?? t.softphone.title}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t.softphone.close}
              onClick={() => {
                setOpen(false);
                setUnknown(null);
              }}
            >
              <XIcon size={16} />
            </ActionIcon>
          </Group>
          {unknown && (
            <Stack gap={6} p="sm" className={classes.notice} role="alert">
              <Text size="sm" fw={600}>
                {t.contactNotFound}
              </Text>
              <Text size="sm">{format(t.incomingFrom, { phone: unknown.phone })}</Text>
              <Group gap="xs">
                <Button size="compact-sm" onClick={() => setCreating(unknown.phone)}>
                  {t.createContact}
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setUnknown(null)}>
                  {t.softphone.dismiss}
                </Button>
              </Group>
            </Stack>
          )}
          {open && phoneUrl && (
            <iframe className={classes.iframe} src={phoneUrl} title={t.softphone.frameTitle} />
          )}
        </Paper>
      )}
      {creating !== null && (
        <Suspense fallback={null}>
          <ContactSheet
            opened
            defaults={{ phone: creating }}
            onClose={() => setCreating(null)}
            onSaved={() => setUnknown(null)}
          />
        </Suspense>
      )}
    </>
  );
}
