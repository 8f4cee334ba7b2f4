import { z } from 'zod';
import type { TenantSettingsOf } from '@cartera/domain/tenant-settings';
import { ZClientItemId } from '@cartera/domain/interactions';
import type { Database, Executor } from '@cartera/db/client';
import {
  CALL_OUTCOMES,
  DEFAULT_VISIT_RULES,
  visitSchema,
  type VisitRules,
} from '@cartera/domain/conversation';
import { DomainError } from '@cartera/domain/errors';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { tagsForUser } from '../catalog/catalog.service';
import { visibleContact } from '../access/contacts';
import {
  announceContactChange,
  announceInteraction,
  recordInteraction,
} from '../timeline/timeline-writer';
import {
  findInteraction,
  findLatestInteraction,
  updateInteractionRow,
} from './interactions.repository';
import { findUsersByIds } from '../users/users.service';
import { lockContact, updateContactRow } from '../contacts/contacts.service';
import { flagOn } from '@cartera/domain/policy';
import { es } from '@cartera/domain/i18n';
import { meetingsEnabledFor } from '../meetings/meeting-providers.service';

/** `groups.configs.conversation` (03 §3 group configuration). */
function conversationConfig(db: Executor, tenantId: string) {
  return tenantSettings(db, tenantId, 'conversation');
}

export const ZVisitSettings = z.object({
  results: z.array(z.object({ code: z.string(), name: z.string() })),
  rules: z.object({ commentRequired: z.boolean(), minChars: z.number(), maxChars: z.number() }),
  sharedVisits: z.boolean(),
  feedbackAllowed: z.boolean(),
  /** The 'Reunión' tab (03 §2.2): the user's config.enableMeetings or the group's crmConfig. */
  meetingsEnabled: z.boolean(),
});

/** What the composer's visit and feedback tabs need (03 §2.2, §5). */
export async function activitySettings(db: Executor, user: AuthUser) {
  const [config, meetingsEnabled] = await Promise.all([
    conversationConfig(db, user.tenantId),
    meetingsEnabledFor(db, user),
  ]);
  return {
    results: config.visitResults
      .filter((result) => result.active)
      .map(({ code, name }) => ({ code, name })),
    rules: visitRules(config),
    sharedVisits: flagOn(user, 'sharedVisits'),
    feedbackAllowed: user.roles.some((role) => config.feedbackRoles.includes(role)),
    // 03 §2.2: the user's own switch or the group's (issue #40).
    meetingsEnabled,
  };
}

function visitRules(config: TenantSettingsOf<'conversation'>): VisitRules {
  return config.visitComment
    ? {
        commentRequired: config.visitComment.required,
        minChars: config.visitComment.minChars,
        maxChars: config.visitComment.maxChars,
      }
    : DEFAULT_VISIT_RULES;
}

/**
 * A visit (03 §3 Visit, §5): a result of the tenant's list, the comment rules, an optional tag
 * among the user's tags (applied to the contact), shared participants only when shared visits
 * are on, never the user.
 */
export async function createVisit(db: Database, user: AuthUser, input: unknown) {
  const config = await conversationConfig(db, user.tenantId);
  const results = config.visitResults.filter((result) => result.active);
  const values = visitSchema(
    visitRules(config),
    results.map((result) => result.code),
  ).parse(input);
  const contact = await visibleContact(db, user, values.contactId);
  if (values.tag && !(await tagsForUser(db, user)).some((tag) => tag.code === values.tag)) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { tag: [es.conversation.noTags] } });
  }
  const shared = flagOn(user, 'sharedVisits')
    ? values.shared.filter((id, index, all) => id !== user.id && all.indexOf(id) === index)
    : [];
  const participants = shared.length ? await findUsersByIds(db, user.tenantId, shared) : [];
  if (participants.length !== shared.length) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { shared: [es.validation.noMatch] } });
  }
  const result = results.find((each) => each.code === values.state)!;
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    if (values.tag && values.tag !== current.statusTag) {
      await updateContactRow(tx, user.tenantId, contact.id, { statusTag: values.tag });
    }
    await recordInteraction(tx, user, current, {
      id: values.id,
      type: 'visit',
      content: {
        state: result.code,
        stateName: result.name,
        comment: values.comment,
        tag: values.tag,
        shared,
        // The participants' names as they were, for the timeline (like a transfer's toUser).
        sharedUsers: shared.map((id) => {
          const participant = participants.find((each) => each.id === id)!;
          return { _id: id, name: participant.name, lastname: participant.lastname };
        }),
      },
      alsoNotify: shared,
    });
  });
  return { id: values.id };
}

export const ZFeedbackInput = z.object({
  contactId: z.string().uuid(),
  id: ZClientItemId,
  body: z.string().trim().min(1, es.validation.required).max(2500),
  /** The agent it is for; the contact's agent when missing. */
  toUser: z.string().uuid().optional(),
});

/**
 * Feedback on a contact for its agent (03 §3, §4): only roles the group allows. It clears the
 * contact's archiving and reminder so it is active again; a permanent reminder stays and the
 * client is marked as contacted.
 */
export async function createFeedback(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZFeedbackInput>,
) {
  const config = await conversationConfig(db, user.tenantId);
  if (!user.roles.some((role) => config.feedbackRoles.includes(role))) {
    throw new DomainError('PERMISSION_DENIED');
  }
  const contact = await visibleContact(db, user, input.contactId);
  const receiverId = input.toUser ?? contact.agentId;
  if (!receiverId) throw new DomainError('CONTACT_WITHOUT_AGENT');
  const [receiver] = await findUsersByIds(db, user.tenantId, [receiverId]);
  if (!receiver) throw new DomainError('USER_NOT_FOUND');
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    const reminder = current.reminder as { isPermanent?: boolean } | null;
    await updateContactRow(tx, user.tenantId, contact.id, {
      archivingReason: null,
      archivingReasonText: null,
      reminder: reminder?.isPermanent ? { ...reminder, wasClientContacted: true } : null,
    });
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'feedback',
      status: 'unread',
      content: {
        body: input.body,
        toUser: { _id: receiver.id, name: receiver.name, lastname: receiver.lastname },
        status: 'unread',
      },
      alsoNotify: [receiver.id],
    });
  });
  return { id: input.id };
}

/** Only the receiving agent marks feedback read (03 §4); others see 'visto'. */
export async function markFeedbackRead(
  db: Database,
  user: AuthUser,
  input: { contactId: string; interactionId: string },
) {
  const contact = await visibleContact(db, user, input.contactId);
  const item = await findInteraction(db, user.tenantId, contact.id, input.interactionId);
  if (!item || item.type !== 'feedback') throw new DomainError('NOT_FOUND');
  const toUser = (item.content.toUser ?? {}) as { _id?: string };
  if (toUser._id !== user.id) throw new DomainError('PERMISSION_DENIED');
  await db.transaction(async (tx) => {
    await updateInteractionRow(tx, user.tenantId, item.id, {
      status: 'read',
      content: { ...item.content, status: 'read' },
    });
    await announceInteraction(tx, user, contact, {
      event: 'interaction.updated',
      interactionId: item.id,
      type: 'feedback',
    });
  });
  return { success: true as const };
}

export const ZStartCallInput = z.object({
  contactId: z.string().uuid(),
  id: ZClientItemId,
  phone: z.string().min(4).max(40),
});

/**
 * A manually logged call (03 §4 Phone call): an item in state calling. While the newest item
 * (ignoring take-overs) is a call still calling, another call is refused.
 */
export async function startCall(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZStartCallInput>,
) {
  const contact = await visibleContact(db, user, input.contactId);
  if (!contact.phones.includes(input.phone)) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { phone: [es.validation.noMatch] } });
  }
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    const latest = await findLatestInteraction(tx, user.tenantId, contact.id, ['contactTaken']);
    if (latest?.type === 'phoneCall' && latest.status === 'calling') {
      throw new DomainError('CONTACT_IN_CALL');
    }
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'phoneCall',
      status: 'calling',
      content: { state: 'calling', phone: input.phone, origin: 'manual' },
    });
  });
  return { id: input.id };
}

export const ZCloseCallInput = z.object({
  contactId: z.string().uuid(),
  interactionId: z.string().uuid(),
  state: z.enum(CALL_OUTCOMES),
  callDuration: z.number().int().min(0).max(86_400).optional(),
});

/** The answer to 'Llamada a {phone}. ¿Pudiste comunicarte?' closes the call with its outcome. */
export async function closeCall(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZCloseCallInput>,
) {
  const contact = await visibleContact(db, user, input.contactId);
  const item = await findInteraction(db, user.tenantId, contact.id, input.interactionId);
  if (!item || item.type !== 'phoneCall') throw new DomainError('NOT_FOUND');
  if (item.status !== 'calling') return { state: item.status ?? input.state };
  await db.transaction(async (tx) => {
    await updateInteractionRow(tx, user.tenantId, item.id, {
      status: input.state,
      content: {
        ...item.content,
        state: input.state,
        ...(input.callDuration !== undefined ? { callDuration: input.callDuration } : {}),
      },
    });
    await announceInteraction(tx, user, contact, {
      event: 'interaction.updated',
      interactionId: item.id,
      type: 'phoneCall',
    });
  });
  return { state: input.state };
}

/**
 * Turns the bot on or off for a contact (03 §4 'Bot', §8): without a bot configured for the
 * tenant BOT_CONFIG_NOT_FOUND; turning it on while the tenant's bot is inactive BOT_NOT_ACTIVE.
 */
export async function setBot(
  db: Database,
  user: AuthUser,
  input: { contactId: string; active: boolean },
) {
  const config = await conversationConfig(db, user.tenantId);
  if (!config.bot) throw new DomainError('BOT_CONFIG_NOT_FOUND');
  if (input.active && !config.bot.active) throw new DomainError('BOT_NOT_ACTIVE');
  const contact = await visibleContact(db, user, input.contactId);
  // No timeline item (03 has no bot type); other screens on the contact refresh its chips.
  await db.transaction(async (tx) => {
    await updateContactRow(tx, user.tenantId, contact.id, { botActive: input.active });
    await announceContactChange(tx, user, contact, 'bot');
  });
  return { botActive: input.active };
}
