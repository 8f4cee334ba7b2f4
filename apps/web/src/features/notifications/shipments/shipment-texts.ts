import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../../lib/dates';
import type { RouterOutputs } from '../../../lib/api-types';

export type Shipment = RouterOutputs['notification']['shipment'];

const texts = es.notifications.admin;

/** The badge colour of a shipment's status. */
export const STATUS_COLORS = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'orange',
  sent: 'teal',
} as const;

/** A shipment's status as its badge says it ('Programada' with its moment). */
export function statusText(shipment: Pick<Shipment, 'status' | 'scheduledAt'>): string {
  const status = texts.statuses[shipment.status];
  return shipment.status === 'scheduled' && shipment.scheduledAt
    ? `${status} · ${formatDateTime(shipment.scheduledAt)}`
    : status;
}

/** How the shipment shows to users: a banner or a bottom-right notice, and its type. */
export function kindText(shipment: Pick<Shipment, 'popup' | 'type'>): string {
  const kind = texts.kinds[shipment.popup ? 'right-bottom-notification' : 'banner'];
  return `${kind} · ${texts.types[shipment.type]}`;
}

export function editLabel(title: string) {
  return format(texts.edit, { title });
}

export function statisticsLabel(title: string) {
  return format(texts.statistics, { title });
}
