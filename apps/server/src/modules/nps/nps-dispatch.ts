import type { Transaction } from '@cartera/db/client';
import { npsSurveys, type Contact, type NpsConfig, type NpsSurvey } from '@cartera/db/schema';
import { templateParameterCount } from '@cartera/domain/channels';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { NPS_RANGES, type NpsSurveyRef } from '@cartera/domain/nps';
import type { AppDeps } from '../../deps';
import { appendEvent } from '../../realtime/event-store';
import { contactAudience } from '../access/contacts';
import { enqueueCompanyMessage, findApprovedTemplate } from '../channels/company-messages.service';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction } from '../timeline/timeline-writer';
import { ensureCursor, findItem, surveyedSince, updateItemContent } from './nps.repository';

/*
 * Sending a survey (issue #42 item 1): the configuration's approved template through the
 * channel outbox (company-messages.service.ts), its survey row and the `npsSurvey` of its message
 * (03 §3) in one transaction, so neither exists without the other.
 */

const DAY_MS = 24 * 3_600_000;

/** The codes a refused dispatch answers with (01 §8 NPS survey dispatch codes). */
export function dispatchCode(
  error: unknown,
): 'CONTACT_NOT_FOUND' | 'CONTACT_WITHOUT_PHONE_NUMBER' | 'DISPATCH_SURVEY_ERROR' {
  if (error instanceof DomainError) {
    if (error.code === 'CONTACT_WITHOUT_PHONE_NUMBER' || error.code === 'CONTACT_NOT_FOUND') {
      return error.code;
    }
  }
  return 'DISPATCH_SURVEY_ERROR';
}

export type DispatchResult = { survey: NpsSurvey } | { skipped: 'recent' };

/**
 * Sends `config`'s survey to a locked contact, unless it got one in the configuration's last
 * `minDaysBetween` days. Throws CONTACT_WITHOUT_PHONE_NUMBER or DISPATCH_SURVEY_ERROR (the
 * channel cannot send it now: disconnected, gone, the template not approved, over its limits).
 */
export async function dispatchSurvey(
  tx: Transaction,
  deps: Pick<AppDeps, 'jobs'>,
  input: {
    config: NpsConfig;
    contact: Contact;
    actor: AuthUser | null;
    trigger: 'sale' | 'archiving' | 'manual';
    now?: Date;
  },
): Promise<DispatchResult> {
  const { config, contact } = input;
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - config.minDaysBetween * DAY_MS);
  if (await surveyedSince(tx, contact.tenantId, contact.id, since)) return { skipped: 'recent' };
  if (!contact.phones.length) throw new DomainError('CONTACT_WITHOUT_PHONE_NUMBER');
  const template = await findApprovedTemplate(
    tx,
    { tenantId: contact.tenantId, id: config.channelId },
    { name: config.templateName, language: config.templateLanguage },
  );
  if (!template) throw new DomainError('DISPATCH_SURVEY_ERROR');
  // {{1}} the contact's first name, {{2}} the question (docs/decisions.md).
  const parameters = [contact.firstName.trim() || '-', config.question].slice(
    0,
    Math.max(templateParameterCount(template.body), 0),
  );
  const surveyId = newId();
  const messageId = newId();
  const ref: NpsSurveyRef = {
    _id: surveyId,
    isCanceled: false,
    surveyStatus: 'pendingDispatch',
    score: null,
    comment: null,
  };
  try {
    await enqueueCompanyMessage(tx, deps, {
      id: messageId,
      contact,
      channelId: config.channelId,
      actor: input.actor,
      template: {
        name: config.templateName,
        language: config.templateLanguage,
        parameters,
        ...(config.mode === 'buttons' ? { quickReplies: NPS_RANGES.map((range) => range.id) } : {}),
      },
      extra: { npsSurvey: ref },
    });
  } catch (error) {
    throw new DomainError(dispatchCode(error));
  }
  const [survey] = await tx
    .insert(npsSurveys)
    .values({
      tenantId: contact.tenantId,
      id: surveyId,
      configId: config.id,
      contactId: contact.id,
      sellerId: contact.agentId,
      channelId: config.channelId,
      trigger: input.trigger,
      status: 'pendingDispatch',
      awaiting: 'score',
      messageId,
      createdAt: now,
    })
    .returning();
  await ensureCursor(tx, contact.tenantId);
  await announceSurvey(tx, survey!);
  return { survey: survey! };
}

/** 03 §3 `npsSurvey` of a survey. */
export function surveyRefOf(survey: NpsSurvey): NpsSurveyRef {
  return {
    _id: survey.id,
    isCanceled: survey.canceled,
    surveyStatus: survey.status as NpsSurveyRef['surveyStatus'],
    score: survey.score,
    comment: survey.comment,
  };
}

/**
 * Writes the survey's state into its message's `npsSurvey` and tells whoever sees the contact
 * (the bubble) and whoever follows NPS (the statistics).
 */
export async function surveyChanged(
  tx: Transaction,
  survey: NpsSurvey,
  contact: Pick<Contact, 'id' | 'tenantId' | 'agentId'>,
) {
  const message = await findItem(tx, survey.tenantId, survey.messageId);
  if (message) {
    await updateItemContent(tx, survey.tenantId, message.id, {
      ...(message.content as Record<string, unknown>),
      npsSurvey: surveyRefOf(survey),
    });
    await announceInteraction(tx, null, contact, {
      event: 'interaction.updated',
      interactionId: message.id,
      type: 'channelMessage',
    });
  }
  await announceSurvey(tx, survey);
}

/**
 * The `nps.survey` event: to the company's NPS roles, the seller and the supervisors above the
 * seller (who watches the seller's contacts).
 */
async function announceSurvey(tx: Transaction, survey: NpsSurvey) {
  await appendEvent(tx, {
    tenantId: survey.tenantId,
    type: 'nps.survey',
    topic: 'nps',
    payload: { surveyId: survey.id, configId: survey.configId, contactId: survey.contactId },
    audience: {
      roles: ['project_manager', 'comercial'],
      userIds: (
        await contactAudience(tx, {
          tenantId: survey.tenantId,
          agentId: survey.sellerId,
          reservedBy: null,
          reservedUntil: null,
        })
      ).userIds,
    },
  });
}
