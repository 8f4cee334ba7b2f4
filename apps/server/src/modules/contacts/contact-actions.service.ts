import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import type { ZUnifyInput } from '@cartera/domain/contact-actions';
import { canCreateSubConversation, canUnify, mergeContacts } from '@cartera/domain/contact-actions';
import { DomainError } from '@cartera/domain/errors';
import { contactSearchText } from '@cartera/domain/search';
import type { AuthUser } from '../sessions/session.types';
import { newId } from '@cartera/domain/ids';
import { recordInteraction } from '../timeline/timeline-writer';
import { contactsSettings } from './contacts.settings';
import { isObtainableBy } from './contact-phones.service';
import { canSeeContact, visibleContact, ZContactIdOrRef } from '../access/contacts';
import { findAgentsInReach } from '../access/sellers';
import {
  deleteContactRow,
  findTenantContact,
  findSubConversations,
  insertContact,
  lockContact,
  moveAffiliations,
  moveInteractions,
  reparentSubConversations,
  updateContactRow,
} from './contact-records.repository';
import { findAgents, findUsersByIds } from '../users/users.service';
import { flagOn } from '@cartera/domain/policy';
import { es } from '@cartera/domain/i18n';
import { pickFields } from '../../lib/fields';
import { notifySystem, transferNotice } from '../notifications/system-notices.service';

/** 02 §6: roles of the people who receive contacts. */
const AGENT_ROLES = ['user', 'super', 'comercial', 'project_manager'] as const;

export const ZAgent = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  groupName: z.string(),
});

/**
 * 02 §6: the agents a user may transfer to — their team (their group and the groups below it);
 * with 'showAllSellers' every seller of the company, with 'showAllAgents' every agent.
 */
export async function transferAgents(db: Executor, user: AuthUser) {
  if (flagOn(user, 'showAllAgents')) return findAgents(db, user.tenantId, { roles: AGENT_ROLES });
  const team = await findAgentsInReach(
    db,
    user.tenantId,
    { kind: 'subtree', groupId: user.groupId },
    AGENT_ROLES,
  );
  if (!flagOn(user, 'showAllSellers')) return team;
  const sellers = await findAgents(db, user.tenantId, { roles: ['user'] });
  const ids = new Set(team.map((agent) => agent.id));
  return [...team, ...sellers.filter((seller) => !ids.has(seller.id))].sort((a, b) =>
    `${a.name} ${a.lastname}`.localeCompare(`${b.name} ${b.lastname}`, 'es'),
  );
}

export const ZTransferInput = z.object({
  contactId: z.string().uuid(),
  agentId: z.string().uuid({ error: es.contacts.transferAgentRequired }),
  note: z.string().trim().max(2500).default(''),
  keepReminderAndArchivingReason: z.boolean().default(false),
});

/**
 * Hands one contact to an agent (02 §4 Transfer; one call per contact). Refusals carry the
 * codes of 02 §8. Without the keep flag the reminder and the archiving reason are cleared. The
 * transfer is written to the contact's timeline.
 */
export async function transferContact(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZTransferInput>,
) {
  const contact = await visibleContact(db, user, input.contactId);
  if (contact.parentContactId) throw new DomainError('ERROR_INVALID_DATA');
  if (input.agentId === user.id) throw new DomainError('ERROR_YOURSELF_TRANSFER');
  const [receiver] = await findUsersByIds(db, user.tenantId, [input.agentId]);
  if (!receiver || !receiver.active) throw new DomainError('ERROR_INVALID_DATA');
  const allowed = await transferAgents(db, user);
  if (!allowed.some((agent) => agent.id === receiver.id)) {
    throw new DomainError('ERROR_NOT_AUTHORIZED_GROUP');
  }
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    if (current.agentId === receiver.id) throw new DomainError('ERROR_ALREADY_BELONGS_TO_AGENT');
    await updateContactRow(tx, user.tenantId, contact.id, {
      agentId: receiver.id,
      firstAgentId: current.firstAgentId ?? receiver.id,
      ...(input.keepReminderAndArchivingReason
        ? {}
        : { reminder: null, archivingReason: null, archivingReasonText: null }),
    });
    const itemId = newId();
    await recordInteraction(
      tx,
      user,
      { ...current, agentId: receiver.id },
      {
        id: itemId,
        type: 'transfer',
        alsoNotify: [current.agentId],
        content: {
          fromUser: current.agentId,
          toUser: { _id: receiver.id, name: receiver.name, lastname: receiver.lastname },
          description: input.note,
          keepReminderAndArchivingReason: input.keepReminderAndArchivingReason,
        },
      },
    );
    // The receiver's notice, in the transfer's transaction (issue #41 item 4).
    await notifySystem(
      tx,
      transferNotice({
        tenantId: user.tenantId,
        receiverId: receiver.id,
        itemId,
        contact: current,
        by: user,
        note: input.note,
      }),
    );
    return { success: true as const };
  });
}

/**
 * Takes over a contact nobody is in charge of (02 §8 'Contacto obtenido'): it becomes the
 * user's, with a contactTaken item on its timeline.
 */
export async function takeOverContact(db: Database, user: AuthUser, contactId: string) {
  return db.transaction(async (tx) => {
    const contact = await lockContact(tx, user.tenantId, contactId);
    if (!contact) throw new DomainError('CONTACT_NOT_FOUND');
    const [agent] = contact.agentId
      ? await findUsersByIds(tx, user.tenantId, [contact.agentId])
      : [undefined];
    const obtainable =
      contact.agentId !== user.id &&
      isObtainableBy({ ...contact, agentActive: agent ? agent.active : null });
    if (!obtainable) throw new DomainError('CONTACT_NOT_OBTAINABLE');
    // 03 §4: while another user's reservation from 'Inbox' holds, the contact is theirs to take.
    if (
      !contact.agentId &&
      contact.reservedBy &&
      contact.reservedBy !== user.id &&
      contact.reservedUntil &&
      contact.reservedUntil.getTime() > Date.now()
    ) {
      throw new DomainError('CONTACT_RESERVED');
    }
    await updateContactRow(tx, user.tenantId, contact.id, {
      agentId: user.id,
      firstAgentId: contact.firstAgentId ?? user.id,
      archivingReason: null,
      archivingReasonText: null,
      reservedBy: null,
      reservedUntil: null,
    });
    const eventId = newId();
    await recordInteraction(
      tx,
      user,
      { ...contact, agentId: user.id },
      {
        id: eventId,
        type: 'contactTaken',
        alsoNotify: [contact.agentId],
        content: { fromUser: contact.agentId, body: '' },
      },
    );
    return {
      success: true as const,
      contactId: contact.id,
      events: [{ id: eventId, type: 'contactTaken' }],
    };
  });
}

export const ZSubConversationItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
  agent: z.object({ name: z.string(), lastname: z.string() }).nullable(),
});

/** The 'Subconversaciones' panel of a contact (02 §2 screen 4). */
export async function listSubConversations(db: Executor, user: AuthUser, contactId: string) {
  const settings = await contactsSettings(db, user);
  const contact = await visibleContact(db, user, contactId);
  if (!settings.subConversationsOn || contact.parentContactId) return [];
  const rows = await findSubConversations(db, user.tenantId, contact.id);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status ?? 'new',
    agent: row.agentName ? { name: row.agentName, lastname: row.agentLastname ?? '' } : null,
  }));
}

export const ZCreateSubConversationInput = z.object({
  /** A contact id, or the reference the phone check gave for a contact the user may not see. */
  contactId: ZContactIdOrRef,
  description: z.string().trim().max(2500).default(''),
  /** Who will hold it; the user when missing. */
  agentId: z.string().uuid().optional(),
});

/**
 * Opens a sub-conversation: a copy of the contact held by another agent (02 §1), with status
 * 'new'. Only with the flag, the roles of 03 §5, and never of a sub-conversation. The user may
 * open one of a contact they cannot see (the phone popover offers it for a number that belongs
 * to a colleague); the copy is theirs.
 */
export async function createSubConversation(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZCreateSubConversationInput> & {
    /** The contact came as the phone check's reference (readContactRef), not as a raw id. */
    byRef: boolean;
  },
) {
  const settings = await contactsSettings(db, user);
  const parent = await findTenantContact(db, user.tenantId, input.contactId);
  if (!parent) throw new DomainError('CONTACT_NOT_FOUND');
  // A contact the user may not see is reached only through the reference the phone check gave
  // them, never by its id (issue #30 S8): as if it did not exist.
  const seen = await canSeeContact(db, user, parent.id);
  if (!seen && !input.byRef) throw new DomainError('CONTACT_NOT_FOUND');
  const allowed = canCreateSubConversation({
    flagOn: settings.subConversationsOn,
    allowedRoles: settings.subConversationRoles,
    userRoles: user.roles,
    isOwner: parent.agentId === user.id,
    contactIsSubConversation: parent.parentContactId !== null,
  });
  if (!allowed) throw new DomainError('SUB_CONVERSATION_NOT_ALLOWED');
  let agentId = user.id;
  if (input.agentId && input.agentId !== user.id) {
    const agents = await transferAgents(db, user);
    if (!agents.some((agent) => agent.id === input.agentId)) {
      throw new DomainError('ERROR_NOT_AUTHORIZED_GROUP');
    }
    agentId = input.agentId;
  }
  // Of a contact the user may not see (a colleague's number in the phone popover) only what
  // identifies the person is copied: never its gov id, detail or location (docs/decisions.md).
  return db.transaction(async (tx) => {
    const copy = await insertContact(tx, {
      tenantId: user.tenantId,
      firstName: parent.firstName,
      lastName: parent.lastName,
      phones: parent.phones,
      phonesMetadata: parent.phonesMetadata,
      emails: parent.emails,
      statusTag: parent.statusTag,
      origin: parent.origin,
      originText: parent.originText,
      ...(seen
        ? {
            govId: parent.govId,
            detail: parent.detail,
            contactLocation: parent.contactLocation,
            latitude: parent.latitude,
            longitude: parent.longitude,
          }
        : {}),
      additionalData: {},
      agentId,
      firstAgentId: agentId,
      parentContactId: parent.id,
      subConversationStatus: 'new',
      searchText: parent.searchText,
    });
    const content = {
      body: input.description,
      toAgent: agentId,
      contact: parent.id,
      subConversationId: copy.id,
    };
    for (const target of [parent, copy]) {
      await recordInteraction(tx, user, target, {
        id: newId(),
        type: 'subconversation-created',
        content,
      });
    }
    return { id: copy.id };
  });
}

/**
 * Unifies two contacts (02 §4, §6): B's interactions, companies and sub-conversations move to
 * the base, phones and e-mails are the union, the base keeps its values where both have one, and
 * the other contact is deleted. All in one transaction; there is no undo.
 */
export async function unifyContacts(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZUnifyInput>,
) {
  const settings = await contactsSettings(db, user);
  if (!canUnify(settings.unify, user.roles)) throw new DomainError('UNIFY_NOT_ALLOWED');
  const [a, b] = await Promise.all([
    visibleContact(db, user, input.contactA),
    visibleContact(db, user, input.contactB),
  ]);
  if (a.parentContactId || b.parentContactId) throw new DomainError('UNIFY_NOT_ALLOWED');
  const [base, other] = input.base === 'A' ? [a, b] : [b, a];
  return db.transaction(async (tx) => {
    const lockedBase = await lockContact(tx, user.tenantId, base.id);
    const lockedOther = await lockContact(tx, user.tenantId, other.id);
    if (!lockedBase || !lockedOther) throw new DomainError('CONTACT_NOT_FOUND');
    const merged = mergeContacts(side(lockedBase), side(lockedOther));
    const metadata = [...lockedBase.phonesMetadata];
    for (const row of lockedOther.phonesMetadata) {
      if (!metadata.some((each) => each.phone === row.phone)) metadata.push(row);
    }
    await moveInteractions(tx, user.tenantId, other.id, base.id);
    await moveAffiliations(tx, user.tenantId, other.id, base.id);
    await reparentSubConversations(tx, user.tenantId, other.id, base.id);
    await deleteContactRow(tx, user.tenantId, other.id);
    await updateContactRow(tx, user.tenantId, base.id, {
      ...merged,
      govId: merged.govId || null,
      phonesMetadata: metadata,
      proximity: Math.max(lockedBase.proximity, lockedOther.proximity),
      lastInteractionAt: latest(lockedBase.lastInteractionAt, lockedOther.lastInteractionAt),
      searchText: contactSearchText(merged, settings.country),
    });
    await recordInteraction(tx, user, lockedBase, {
      id: newId(),
      type: 'unify',
      alsoNotify: [lockedOther.agentId],
      content: {
        body: `${lockedOther.firstName} ${lockedOther.lastName}`.trim(),
        unifiedContactId: other.id,
      },
    });
    return { contactBaseId: base.id };
  });
}

function side(contact: Contact) {
  return pickFields(contact, [
    'id',
    'firstName',
    'lastName',
    'phones',
    'emails',
    'govId',
    'statusTag',
    'origin',
    'detail',
    'additionalData',
    'createdAt',
  ]);
}

function latest(a: Date | null, b: Date | null) {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
