import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DashboardMetric, Period } from '@cartera/domain/metrics';
import { canOpenScreen } from '@cartera/domain/policy';
import { guardUserOf, useMe } from '../auth/session';

/*
 * The records behind a 'Rendimiento' figure (issue #35 item 1): sales open 'Ventas' filtered by
 * seller, sold status and sale dates; the other counted figures, which have no list of their
 * own, open the contacts list filtered by seller and the days of activity. Figures of the state
 * of now ('Sin atender' aside, which opens the inbox) and reminders lead nowhere yet. A list the
 * user may not open ('Ventas' for a supervisor, who lacks slug comercial-sale) is no link.
 */

/** Where a figure's records are, for one seller (or everyone the user sees) and a period. */
export type RecordsTarget =
  | {
      to: '/comercial/sale';
      search: {
        sellerId?: string;
        status: ['sold'];
        dates: 'sale';
        from: string;
        to: string;
      };
    }
  | {
      to: '/contacts';
      search: { agentId?: string; activeFrom: string; activeTo: string };
    };

const CONTACT_FIGURES: readonly DashboardMetric[] = [
  'contacts',
  'contactsTaken',
  'tracing',
  'singleTracing',
  'messagesIn',
  'messagesOut',
  'firstResponse',
  'archivings',
];

export function recordsTarget(
  metric: DashboardMetric,
  period: Period,
  sellerId: string | undefined,
): RecordsTarget | null {
  const seller = sellerId ? { sellerId } : {};
  if (metric === 'sale') {
    return {
      to: '/comercial/sale',
      search: { ...seller, status: ['sold'], dates: 'sale', from: period.from, to: period.to },
    };
  }
  if (CONTACT_FIGURES.includes(metric)) {
    return {
      to: '/contacts',
      search: {
        ...(sellerId ? { agentId: sellerId } : {}),
        activeFrom: period.from,
        activeTo: period.to,
      },
    };
  }
  return null;
}

/** `recordsTarget` within the screens the signed-in user may open. */
export function useRecordsTarget() {
  const me = useMe();
  return (...args: Parameters<typeof recordsTarget>) => {
    const target = recordsTarget(...args);
    return target && me && canOpenScreen(guardUserOf(me), target.to) ? target : null;
  };
}

/** A figure as a link to its records, named for screen readers. */
export function RecordsLink({
  target,
  label,
  testId,
  children,
  size,
  inherit = false,
}: {
  target: RecordsTarget;
  label: string;
  testId?: string;
  children: ReactNode;
  size?: 'sm';
  /** In the figure's own colour (a KPI card) rather than a link's. */
  inherit?: boolean;
}) {
  return (
    <Anchor
      renderRoot={(props) =>
        target.to === '/comercial/sale' ? (
          <Link to={target.to} search={target.search} {...props} />
        ) : (
          <Link to={target.to} search={target.search} {...props} />
        )
      }
      aria-label={label}
      data-testid={testId}
      c={inherit ? 'inherit' : undefined}
      underline="hover"
      size={size}
    >
      {children}
    </Anchor>
  );
}
