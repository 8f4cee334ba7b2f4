import { sql } from 'drizzle-orm';
import type { Channel, Contact } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { normalizePhone } from '@cartera/domain/phone';
import { samePhone } from '@cartera/domain/phone-match';
import { channelOriginOf } from '@cartera/domain/channel-origins';
import { contactSearchText } from '@cartera/domain/search';
import { ProviderError, type InboundEvent, type LeadFields } from '../../providers/adapter';
import { adapterFor, mediumFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { createSenderContact, updateContactRow } from '../contacts/contacts.service';
import { tenantBasics } from '../tenant-settings/tenant-settings.service';
import type { AuthUser } from '../sessions/session.types';
import { recordInteraction } from '../timeline/timeline-writer';
import { findSenderContact, senderLockKey } from './channel-numbers';
import {
  claimProviderMessage,
  findContactByEmail,
  isProviderIdClaimed,
} from './channel-inbound.repository';
import { findChannel } from './channels.repository';
import { channelContext, nextAgent, RepeatedMessage } from './channel-messages.service';

/** Lead ads (01 §1): a lead form filled in makes or completes a contact, once per lead id. */

/** A lead's answers as its timeline item reads them: one line per question. */
export function leadSummary(fields: LeadFields) {
  const labels = es.channels.leads.fields;
  const lines = fields.answers.map(
    (answer) =>
      `${labels[answer.name] ?? answer.name.replace(/_/g, ' ')}: ${answer.values.join(', ')}`,
  );
  return [`${es.channels.leads.summaryTitle}`, ...lines].join('\n');
}

/**
 * A lead form filled in (lead ads): its answers fetched from the provider when the webhook did
 * not bring them, then, in one transaction, the contact matched by phone (E.164) or e-mail, or
 * created with the channel's origin and the round robin's agent; a matched contact gets the
 * phone or e-mail it lacked. One timeline item tells what the form said, once per lead id (the
 * id is claimed like a message's): a repeated webhook, or a re-ingest, writes nothing.
 */
export async function ingestLead(
  deps: AppDeps,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'lead' }>,
) {
  if (await isProviderIdClaimed(deps.db, channel.id, event.providerLeadId)) return false;
  let fields = event.fields;
  let at = event.at;
  let formId = event.formId;
  if (!fields) {
    const adapter = adapterFor(channel.type);
    if (!adapter?.fetchLead) return false;
    const fetched = await adapter.fetchLead(channelContext(deps, channel), event.providerLeadId);
    fields = fetched.fields;
    at = fetched.at;
    formId = formId ?? fetched.formId;
  }
  const { country } = await tenantBasics(deps.db, channel.tenantId);
  const phone = fields.phone ? normalizePhone(fields.phone, country.toUpperCase()) : null;
  const email = fields.email && /^[^\s@]+@[^\s@]+$/.test(fields.email) ? fields.email : null;
  const lead = fields;
  return deps.db
    .transaction(async (tx) => {
      const sender = phone ?? email ?? `lead:${event.providerLeadId}`;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${phone ? senderLockKey(channel.tenantId, { phone }) : `${channel.tenantId}:${sender}`}, 0))`,
      );
      let contact: Contact | undefined =
        (phone ? await findSenderContact(tx, channel.tenantId, phone) : undefined) ??
        (email ? await findContactByEmail(tx, channel.tenantId, email) : undefined);
      if (contact) {
        const hasPhone = (each: string) => phone !== null && samePhone(each, phone);
        const phones = phone && !contact.phones.some(hasPhone) ? [...contact.phones, phone] : null;
        const known = contact.emails.some((each) => each.toLowerCase() === email);
        const emails = email && !known ? [...contact.emails, email] : null;
        if (phones || emails) {
          contact =
            (await updateContactRow(tx, channel.tenantId, contact.id, {
              ...(phones ? { phones } : {}),
              ...(emails ? { emails } : {}),
              searchText: contactSearchText(
                { ...contact, phones: phones ?? contact.phones, emails: emails ?? contact.emails },
                country,
              ),
            })) ?? contact;
        }
      } else {
        contact = await createSenderContact(tx, {
          tenantId: channel.tenantId,
          firstName: lead.firstName || email || phone || es.channels.leads.unnamedContact,
          ...(lead.lastName ? { lastName: lead.lastName } : {}),
          phones: phone ? [phone] : [],
          emails: email ? [email] : [],
          channels: [],
          origin: channelOriginOf(channel),
          agentId: await nextAgent(tx, channel),
        });
      }
      const interactionId = newId();
      const claimed = await claimProviderMessage(tx, {
        tenantId: channel.tenantId,
        interactionId,
        channelId: channel.id,
        contactId: contact.id,
        providerMessageId: event.providerLeadId,
      });
      if (!claimed) throw new RepeatedMessage();
      await recordInteraction(tx, null, contact, {
        id: interactionId,
        type: 'channelMessage',
        via: channel.type,
        createdBySystem: false,
        status: null,
        content: {
          message: {
            text: leadSummary(lead),
            type: 'text',
            media: null,
            fileName: null,
            mimetype: null,
          },
          medium: mediumFor(channel.type),
          origin: 'contact',
          channelId: channel.id,
          channelName: channel.name,
          channelColor: channel.config.color ?? null,
          receivedAt: at.toISOString(),
          lead: { id: event.providerLeadId, formId: formId ?? null, answers: lead.answers },
        },
      });
      return true;
    })
    .catch((error: unknown) => {
      if (!(error instanceof RepeatedMessage)) throw error;
      return false;
    });
}

/**
 * Takes in one lead again by its id (legacy POST /facebook/leads/{id}): its answers fetched from
 * the provider and ingested as a webhook would be; a lead taken in before writes nothing.
 */
export async function reingestLead(
  deps: AppDeps,
  user: AuthUser,
  channelId: string,
  leadgenId: string,
) {
  const channel = await findChannel(deps.db, user.tenantId, channelId);
  if (!channel || channel.type !== 'leads') throw new DomainError('CHANNEL_NOT_FOUND');
  try {
    const created = await ingestLead(deps, channel, {
      kind: 'lead',
      providerLeadId: leadgenId,
      at: new Date(),
    });
    return { leadgenId, ingested: created };
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError(error.code);
    throw error;
  }
}
