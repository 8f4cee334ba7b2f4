import type { RouterOutputs } from '../../lib/api-types';
import { es, format } from '@cartera/domain/i18n';
import { LOWER_IS_BETTER, type DashboardMetric } from '@cartera/domain/metrics';
import { formatCount, formatDuration } from '../../lib/format';

export type Dashboard = RouterOutputs['goal']['dashboard'];
export type SellerRow = Dashboard['sellers'][number];

export function formatFigure(metric: DashboardMetric, value: number | null): string {
  if (metric === 'firstResponse') return formatDuration(value);
  return value === null ? es.goals.duration.none : formatCount(value);
}

export interface Change {
  text: string;
  /** Whether the change is good news (fewer overdue reminders, more sales…); null when flat. */
  good: boolean | null;
}

/** The change of a figure against the previous period, worded for a KPI card. */
export function changeOf(
  metric: DashboardMetric,
  current: number | null,
  previous: number | null,
): Change | null {
  if (current === null || previous === null) return null;
  if (current === previous) return { text: es.goals.change.same, good: null };
  if (previous === 0) return { text: es.goals.change.fromZero, good: null };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  const up = current > previous;
  const good = LOWER_IS_BETTER.includes(metric) ? !up : up;
  return { text: format(up ? es.goals.change.up : es.goals.change.down, { n: percent }), good };
}
