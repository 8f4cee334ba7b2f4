import type { Executor } from '@cartera/db/client';
import { type ChannelType } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import { sharesPortfolioOf, visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { countChannelsOfType, findChannels } from './channels.repository';

/** What screens read of the company's channels: those a seller writes through, forms, pages. */

/** The channels a seller may write through (a personal WhatsApp only for its owner). */
export async function channelOptions(db: Executor, user: AuthUser, contactId?: string) {
  // A member of the contact's agent's shared inbox may also write as that agent (03 §2.2).
  const contact = contactId ? await visibleContact(db, user, contactId) : null;
  const sharedOwner =
    contact && (await sharesPortfolioOf(db, user, contact.agentId)) ? contact.agentId : null;
  const rows = await findChannels(db, user.tenantId);
  return rows
    .filter(
      (row) =>
        adapterFor(row.type) &&
        row.type !== 'leads' &&
        (row.type !== 'personal_whatsapp' ||
          row.ownerId === user.id ||
          (sharedOwner !== null && row.ownerId === sharedOwner)),
    )
    .map((row) => ({
      id: row.id,
      type: row.type as ChannelType,
      name: row.name,
      color: row.config.color ?? '#25D366',
      status: row.status,
      sharedInbox: row.type === 'personal_whatsapp' && row.ownerId !== user.id,
    }));
}

/** How many lead-ads channels the company has ('Formularios' shows when there is one, 01 §6). */
export async function countFormChannels(db: Executor, user: AuthUser) {
  return { count: await countChannelsOfType(db, user.tenantId, 'leads') };
}

/** The Pages (or Instagram accounts) the company's channels of a type are connected to. */
export async function connectedPages(db: Executor, user: AuthUser, type: 'fb' | 'ig') {
  const rows = await findChannels(db, user.tenantId);
  return rows
    .filter((row) => row.type === type)
    .map((row) => ({
      channelId: row.id,
      name: row.name,
      pageId: row.config.pageId ?? '',
      username: row.config.username ?? null,
      status: row.status,
    }));
}
