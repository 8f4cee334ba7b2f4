import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import classes from './inbox.module.css';
import {
  COUNTDOWN_REFRESH_MS,
  countdownAt,
  formatCountdown,
  localDeadline,
  secondsLeft,
  shouldRenew,
} from './reservation';
import { useTakeOver } from './use-take-over';

/** Codes that say the reservation is gone: someone else holds or took the contact. */
const LOST = new Set(['CONTACT_RESERVED', 'CONTACT_NOT_FOUND']);

/**
 * Releases waiting for the next tick, by contact: a screen mounted again at once (React's strict
 * mode, the same contact opened again) keeps its reservation instead of giving it up.
 */
const pendingReleases = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Gives the reservation up while the page goes away (a closed tab, a reload): a keepalive request
 * outlives the page, where the tRPC client's would be cancelled. The session cookie goes with it.
 */
function releaseWhileLeaving(contactId: string) {
  void fetch('/api/trpc/inbox.release', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { contactId } }),
  }).catch(() => undefined);
}

/**
 * The reserved contact of 'Inbox' (03 §4), in place of the composer: 'Reservado para ti: 1:45'
 * counted down every 200 ms to the server's end of the reservation, and 'Obtener'. A key press or
 * a click on the screen renews the reservation (at most every 15 s); at zero the user is told and
 * taken back to 'Inbox'. Leaving the screen, or closing the tab, gives the reservation up.
 */
export function ReservedCountdown({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const takeOver = useTakeOver();
  const text = es.conversation.inbox;
  const [until, setUntil] = useState<Date | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [gone, setGone] = useState(false);
  const untilRef = useRef<Date | null>(null);
  const expired = useRef(false);
  const taking = useRef(false);
  const lastRenew = useRef<number | null>(null);

  const leave = useCallback(
    (title: string, message: string) => {
      if (expired.current) return;
      expired.current = true;
      setGone(true);
      void client.inbox.release.mutate({ contactId }).catch(() => undefined);
      void queryClient.invalidateQueries(trpc.inbox.pathFilter());
      notifications.show({ color: 'yellow', title, message });
      void navigate({ to: '/contact/unassigned' });
    },
    [client, contactId, navigate, queryClient, trpc],
  );

  const renew = useCallback(() => {
    const sentAt = Date.now();
    lastRenew.current = sentAt;
    return client.inbox.reserve.mutate({ contactId }).then(
      ({ reservedUntil }) => {
        if (expired.current) return;
        untilRef.current = localDeadline(reservedUntil, sentAt, Date.now());
        setUntil(untilRef.current);
      },
      (error: unknown) => {
        // Taken over meanwhile (by this user, or another), or another user holds it now.
        if (!taking.current && LOST.has(domainCodeOf(error) ?? '')) {
          leave(text.openFailedTitle, userMessageOf(error));
        }
      },
    );
  }, [client, contactId, leave, text.openFailedTitle]);

  // Reserve on arrival (it renews the reservation made from the list; a reload makes it again);
  // give it up on leaving.
  useEffect(() => {
    const pending = pendingReleases.get(contactId);
    if (pending) {
      clearTimeout(pending);
      pendingReleases.delete(contactId);
    }
    void renew();
    return () => {
      pendingReleases.set(
        contactId,
        setTimeout(() => {
          pendingReleases.delete(contactId);
          void client.inbox.release.mutate({ contactId }).catch(() => undefined);
          void queryClient.invalidateQueries(trpc.inbox.pathFilter());
        }, 0),
      );
    };
  }, [client, contactId, queryClient, renew, trpc]);

  // 03 §4: refreshed every 200 ms; at zero the away-from-keyboard handler runs, once.
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      const { fire } = countdownAt(untilRef.current, at, expired.current);
      if (fire && !taking.current) {
        leave(text.reservationExpiredTitle, text.reservationExpired);
      }
    }, COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [leave, text.reservationExpired, text.reservationExpiredTitle]);

  // A closed tab gives the reservation up at once instead of letting it run out.
  useEffect(() => {
    const onPageHide = () => {
      if (!expired.current && !taking.current) releaseWhileLeaving(contactId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [contactId]);

  // The "reset counter": the user's activity on the screen renews the reservation.
  useEffect(() => {
    const onActivity = () => {
      if (expired.current || taking.current) return;
      if (shouldRenew(lastRenew.current, Date.now())) void renew();
    };
    window.addEventListener('keydown', onActivity, true);
    window.addEventListener('pointerdown', onActivity, true);
    return () => {
      window.removeEventListener('keydown', onActivity, true);
      window.removeEventListener('pointerdown', onActivity, true);
    };
  }, [renew]);

  const seconds = until ? secondsLeft(until, now) : null;

  return (
    <Group
      className={classes.reservation}
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="reservation-bar"
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" data-testid="reservation-countdown">
          {format(text.reservedFor, {
            time: seconds === null ? '…' : formatCountdown(seconds),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {text.reservedHint}
        </Text>
      </Stack>
      <Button
        loading={takeOver.isPending}
        disabled={gone}
        onClick={() => {
          taking.current = true;
          takeOver.mutate(
            { contactId },
            {
              onError: () => {
                taking.current = false;
              },
            },
          );
        }}
      >
        {text.take}
      </Button>
    </Group>
  );
}
