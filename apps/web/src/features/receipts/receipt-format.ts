import { dayjs } from '../../lib/dates';

/** A receipt status's colour wherever it is shown (badges, the report's chart). */
export const STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  pending: 'yellow',
  sold: 'teal',
  canceled: 'red',
};

/** 'YYYY-MM' as the report shows a month: 'ene. 2026'. */
export function monthLabel(month: string) {
  return dayjs(`${month}-01`).format('MMM YYYY');
}
