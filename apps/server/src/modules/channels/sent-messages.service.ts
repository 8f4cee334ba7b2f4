import { z } from 'zod';
import type { Channel } from '@cartera/db/schema';
import { sentMessageChanges } from '@cartera/domain/channels';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { chatMessageOf, INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { ProviderError } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction } from '../timeline/timeline-writer';
import { channelContext } from './channel-messages.service';
import { recipientFor } from './channel-outbound.service';
import { findMessageContact, updateInteractionState } from './channel-delivery.repository';
import { findSentMessage } from './channel-outbound.repository';
import { findChannel } from './channels.repository';
import { es } from '@cartera/domain/i18n';

/**
 * Editing and deleting a message the company sent (03 §4, §6, §9): only the author's own, a text
 * within 15 minutes to edit, any within 1 hour to delete, on a channel whose provider changes
 * it on the customer's phone too. The provider is asked first; only its yes changes the
 * timeline, so Cartera never shows a text the customer does not see.
 */

export const ZEditMessageInput = z.object({
  contactId: z.uuid(),
  id: z.uuid(),
  text: z.string().trim().min(1, es.validation.required).max(4_096),
});
export const ZDeleteMessageInput = z.object({ contactId: z.uuid(), id: z.uuid() });

type Change = { kind: 'edit'; text: string } | { kind: 'delete' };

export function editSentMessage(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZEditMessageInput>,
) {
  return changeSentMessage(deps, user, input, { kind: 'edit', text: input.text });
}

export function deleteSentMessage(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZDeleteMessageInput>,
) {
  return changeSentMessage(deps, user, input, { kind: 'delete' });
}

/** The message as the rules need it, or null when it is not one the company sent. */
async function readSent(deps: AppDeps, tenantId: string, id: string, contactId: string) {
  const row = await findSentMessage(deps.db, tenantId, id);
  if (!row || row.contactId !== contactId) return null;
  const message = chatMessageOf(INTERACTION_CONTENT.channelMessage.parse(row.content), true);
  return { row, message };
}

async function changeSentMessage(
  deps: AppDeps,
  user: AuthUser,
  input: { contactId: string; id: string },
  change: Change,
) {
  const contact = await visibleContact(deps.db, user, input.contactId);
  const refused: ErrorCode =
    change.kind === 'edit' ? 'MESSAGE_NOT_EDITABLE' : 'MESSAGE_NOT_DELETABLE';
  const failed: ErrorCode = change.kind === 'edit' ? 'EDIT_MESSAGE_ERROR' : 'DELETE_MESSAGE_ERROR';
  const sent = await readSent(deps, user.tenantId, input.id, contact.id);
  if (!sent) throw new DomainError('NOT_FOUND');
  const allowed = sentMessageChanges(
    {
      origin: sent.message.origin,
      kind: sent.message.kind,
      deleted: sent.message.deleted,
      status: sent.row.status,
      agentId: sent.row.agentId,
      createdAt: sent.row.createdAt,
      channelType: sent.row.via,
    },
    user.id,
  );
  if (change.kind === 'edit' ? !allowed.edit : !allowed.remove) throw new DomainError(refused);
  if (change.kind === 'edit' && change.text === sent.message.text) return { id: input.id };

  const channel = await findChannel(deps.db, user.tenantId, sent.row.channelId);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  const recipient = await findMessageContact(deps.db, user.tenantId, contact.id);
  const to = channel && recipient ? recipientFor(channel, recipient, sent.row.content.to) : null;
  if (!channel || channel.status !== 'available' || !to || !sent.row.providerMessageId) {
    throw new DomainError(channel && channel.status !== 'available' ? 'CHANNEL_ERROR' : failed);
  }
  await askProvider(deps, channel, failed, async (context) => {
    if (change.kind === 'edit') {
      if (!adapter?.editMessage) throw new DomainError(refused);
      await adapter.editMessage(context, {
        to,
        providerMessageId: sent.row.providerMessageId!,
        text: change.text,
      });
    } else {
      if (!adapter?.deleteMessage) throw new DomainError(refused);
      await adapter.deleteMessage(context, { to, providerMessageId: sent.row.providerMessageId! });
    }
  });

  await deps.db.transaction(async (tx) => {
    const row = await findSentMessage(tx, user.tenantId, input.id, true);
    if (!row) return;
    const content = row.content;
    const message = (content.message ?? {}) as Record<string, unknown>;
    const next =
      change.kind === 'edit'
        ? {
            ...content,
            message: { ...message, text: change.text },
            isEdited: true,
            previousMessages: [
              ...(Array.isArray(content.previousMessages) ? content.previousMessages : []),
              {
                content: { text: typeof message.text === 'string' ? message.text : '' },
                updatedAt: new Date().toISOString(),
              },
            ],
          }
        : { ...content, deleted: true };
    await updateInteractionState(tx, user.tenantId, input.id, { content: next });
    await announceInteraction(tx, user, contact, {
      event: 'interaction.updated',
      interactionId: input.id,
      type: 'channelMessage',
    });
  });
  return { id: input.id };
}

/** The provider's call; its refusal becomes the change's Spanish error (logged with its code). */
async function askProvider(
  deps: AppDeps,
  channel: Channel,
  failed: ErrorCode,
  call: (context: ReturnType<typeof channelContext>) => Promise<void>,
) {
  try {
    await call(channelContext(deps, channel));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.logger.warn(
      { channelId: channel.id, providerCode: error.providerCode, err: error },
      'channels: change of a sent message refused',
    );
    throw new DomainError(error.code === 'CHANNEL_ERROR' ? 'CHANNEL_ERROR' : failed);
  }
}
