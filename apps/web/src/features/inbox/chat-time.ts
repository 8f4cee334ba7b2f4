import { es } from '@cartera/domain/i18n';
import { DATE_FORMAT, TIME_FORMAT, dayjs } from '../../lib/format';

/**
 * When a conversation last moved, as chat lists write it (03 §9): today 'HH:mm', yesterday
 * 'Ayer', earlier this week (Monday to Sunday, the Spanish week) the weekday's name, otherwise
 * 'DD/MM/YYYY'. An empty string without a date.
 */
export function chatListTime(value: Date | string | null | undefined, now = new Date()): string {
  if (!value) return '';
  const at = dayjs(value);
  if (!at.isValid()) return '';
  const today = dayjs(now).startOf('day');
  if (!at.isBefore(today)) return at.format(TIME_FORMAT);
  if (!at.isBefore(today.subtract(1, 'day'))) return es.conversation.inbox.yesterday;
  if (!at.isBefore(today.startOf('week')))
    return capitalize(es.conversation.actions.weekdays[at.day()]!);
  return at.format(DATE_FORMAT);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
