import type { Transaction } from '@cartera/db/client';
import type { Contact, NpsSurvey } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { format, es } from '@cartera/domain/i18n';
import {
  NPS_COMMENT_HOURS,
  npsCategory,
  npsRangeOf,
  npsScorePayload,
  readNpsScore,
} from '@cartera/domain/nps';
import type { AppDeps } from '../../deps';
import { now } from '../../lib/clock';
import { sequencerOf } from '../../realtime/event-sequencer';
import { enqueueCompanyMessage } from '../channels/company-messages.service';
import { lockContact } from '../contacts/contacts.service';
import { writeReminder } from '../interactions/conversation.service';
import { actingUser } from '../sessions/session.service';
import { dispatchSurvey, surveyChanged } from './nps-dispatch';
import {
  eventsAfter,
  findItem,
  findTriggeredConfigs,
  lockAwaitingSurvey,
  lockBehindCursors,
  lockSurveyOfMessage,
  moveCursor,
  updateSurvey,
  type NpsEventRow,
} from './nps.repository';

/*
 * What NPS reads from each company's event log (issue #42 item 1), as outbound webhooks do
 * (modules/webhooks/webhook-queue.ts): a cursor per company (`nps_cursors`, started when its first
 * survey or configuration is made) moved in the same transaction as what the events cause, so
 * nothing is lost and nothing done twice: a crash before the commit leaves the cursor where it
 * was and the next pass reads the same events again. The events, in commit order:
 * - a sale (`interaction.created`, type sale) or an archiving (type archiving, with a reason):
 *   the active configurations of that trigger send their survey;
 * - the survey's message delivered or failed (`interaction.updated`): 'sended' or 'failed';
 * - a customer's message (`interaction.created`, a channel message without actor): the score of
 *   the contact's survey waiting for it, or its comment.
 * Each event is handled in a savepoint: one that fails (a refused dispatch) is logged and left.
 */

const EVENTS_PER_PASS = 500;
const COMPANIES_PER_PASS = 20;
/** A detractor's reminder for the seller, this long after the answer. */
const REMINDER_DELAY_MS = 60 * 60_000;

/** One pass over the companies whose cursor is behind; answers how many moved. */
export async function readNpsEvents(deps: AppDeps): Promise<number> {
  const tenants = await deps.db.transaction(async (tx) => {
    const behind = await lockBehindCursors(tx, COMPANIES_PER_PASS);
    for (const cursor of behind) {
      const { rows, last } = await eventsAfter(
        tx,
        cursor.tenant_id,
        Number(cursor.through),
        EVENTS_PER_PASS,
      );
      for (const event of rows) {
        try {
          await tx.transaction((savepoint) =>
            handleEvent(savepoint, deps, cursor.tenant_id, event),
          );
        } catch (error) {
          deps.logger.warn(
            { err: error, tenantId: cursor.tenant_id, eventId: event.id },
            'nps: event not handled',
          );
        }
      }
      await moveCursor(tx, cursor.tenant_id, last);
    }
    return behind.map((cursor) => cursor.tenant_id);
  });
  // What the events caused announced its own events inside savepoints, whose commit hooks never
  // run: they are numbered and published now, not by the sweeper seconds later.
  for (const tenantId of tenants) await sequencerOf(deps.db).flush(tenantId);
  return tenants.length;
}

/** Passes until no company is behind (bounded), as the dispatcher and the job run it. */
export async function readAllNpsEvents(deps: AppDeps) {
  for (let pass = 0; pass < 20; pass++) {
    if ((await readNpsEvents(deps)) === 0) return;
  }
}

async function handleEvent(tx: Transaction, deps: AppDeps, tenantId: string, event: NpsEventRow) {
  const { contactId, interactionId, type } = event.payload;
  if (!contactId || !interactionId) return;
  if (event.type === 'interaction.updated' && type === 'channelMessage') {
    return deliveryChanged(tx, tenantId, interactionId);
  }
  if (event.type !== 'interaction.created') return;
  if (type === 'archiving' || type === 'sale') {
    return triggered(tx, deps, tenantId, contactId, interactionId, type);
  }
  if (type === 'channelMessage' && event.actorUserId === null) {
    return customerReplied(tx, deps, tenantId, contactId, interactionId);
  }
}

/** A sale or an archiving: the first active configuration of that trigger that applies sends. */
async function triggered(
  tx: Transaction,
  deps: AppDeps,
  tenantId: string,
  contactId: string,
  interactionId: string,
  trigger: 'archiving' | 'sale',
) {
  const configs = await findTriggeredConfigs(tx, tenantId, trigger);
  if (!configs.length) return;
  const item = await findItem(tx, tenantId, interactionId);
  if (!item) return;
  const content = item.content as { to?: string | null; type?: string };
  if (trigger === 'archiving' && !content.to) return; // unarchived
  if (trigger === 'sale' && (content.type ?? 'sale') !== 'sale') return; // a state change
  const config = configs.find(
    (each) =>
      trigger === 'sale' ||
      each.archivingReasons.length === 0 ||
      each.archivingReasons.includes(content.to!),
  );
  if (!config) return;
  const contact = await lockContact(tx, tenantId, contactId);
  if (!contact) return;
  await dispatchSurvey(tx, deps, { config, contact, actor: null, trigger });
}

/** The survey's message left the outbox: 'sended' once the provider took it, else 'failed'. */
async function deliveryChanged(tx: Transaction, tenantId: string, interactionId: string) {
  const survey = await lockSurveyOfMessage(tx, tenantId, interactionId);
  if (!survey || survey.status !== 'pendingDispatch') return;
  const message = await findItem(tx, tenantId, interactionId);
  if (!message || message.status === 'sending') return;
  const failed = message.status === 'error';
  const changed = await updateSurvey(tx, tenantId, survey.id, {
    status: failed ? 'failed' : 'sended',
    ...(failed ? { awaiting: null } : { sentAt: new Date() }),
  });
  const contact = await lockContact(tx, tenantId, survey.contactId);
  if (contact) await surveyChanged(tx, changed, contact);
}

/** A customer wrote: the score (or the range, then the score) or the comment of their survey. */
async function customerReplied(
  tx: Transaction,
  deps: AppDeps,
  tenantId: string,
  contactId: string,
  interactionId: string,
) {
  const item = await findItem(tx, tenantId, interactionId);
  if (!item) return;
  const content = item.content as {
    origin?: string;
    channelId?: string;
    message?: { text?: string; choice?: { id?: string } };
  };
  if (content.origin !== 'contact' || !content.channelId) return;
  const survey = await lockAwaitingSurvey(tx, tenantId, contactId, content.channelId);
  // Read in the log's order: a message before the survey's delivery is no answer to it.
  if (!survey || survey.status === 'pendingDispatch') return;
  const contact = await lockContact(tx, tenantId, contactId);
  if (!contact) return;
  const text = content.message?.text ?? '';
  const choiceId = content.message?.choice?.id ?? null;
  if (survey.awaiting === 'score') {
    const range = npsRangeOf(choiceId);
    if (range) return askScoreOfRange(tx, deps, survey, contact, range.scores);
    const score = readNpsScore(text, choiceId);
    if (score === null) return;
    return scored(tx, deps, survey, contact, score, item.id, item.createdAt);
  }
  if (survey.awaiting === 'comment') {
    const answeredAt = survey.answeredAt?.getTime() ?? 0;
    if (item.createdAt.getTime() - answeredAt > NPS_COMMENT_HOURS * 3_600_000 || !text.trim()) {
      return;
    }
    const changed = await updateSurvey(tx, tenantId, survey.id, {
      comment: text.trim().slice(0, 2_000),
      commentMessageId: item.id,
      commentedAt: item.createdAt,
      awaiting: null,
    });
    await surveyChanged(tx, changed, contact);
  }
}

/** The second step of the buttons: the range's scores as reply buttons (two) or a list. */
async function askScoreOfRange(
  tx: Transaction,
  deps: AppDeps,
  survey: NpsSurvey,
  contact: Contact,
  scores: readonly number[],
) {
  const options = scores.map((score) => ({ id: npsScorePayload(score), title: String(score) }));
  const texts = es.nps.secondStep;
  await enqueueCompanyMessage(tx, deps, {
    id: newId(),
    contact,
    channelId: survey.channelId,
    actor: null,
    interactive:
      options.length <= 3
        ? { kind: 'buttons', body: texts.body, options }
        : { kind: 'list', body: texts.body, button: texts.listButton, options },
  });
}

/** The score: the survey is answered, waits for a comment, and a detractor's seller is told. */
async function scored(
  tx: Transaction,
  deps: AppDeps,
  survey: NpsSurvey,
  contact: Contact,
  score: number,
  messageId: string,
  at: Date,
) {
  const changed = await updateSurvey(tx, survey.tenantId, survey.id, {
    score,
    status: 'answered',
    answeredAt: at,
    scoreMessageId: messageId,
    awaiting: 'comment',
    ...(survey.sentAt ? {} : { sentAt: at }),
  });
  await surveyChanged(tx, changed, contact);
  if (npsCategory(score) !== 'detractor' || !contact.agentId) return;
  const seller = await actingUser(tx, contact.tenantId, contact.agentId);
  if (!seller) return;
  await writeReminder(tx, deps, seller, contact, {
    contactId: contact.id,
    id: newId(),
    reminderDate: new Date(now().getTime() + REMINDER_DELAY_MS),
    actionType: 'other',
    comment: format(es.nps.reminder, { score }),
    isPermanent: false,
    dateSelectedFrom: 'predetermined',
  });
}

/**
 * Each instance that works jobs reads the log every second (and at start); the `nps.read-events`
 * job is the floor when none does.
 */
export function startNpsReader(deps: AppDeps) {
  if (!deps.env.jobsEnabled) return { stop: async () => {} };
  let running = true;
  let working: Promise<unknown> | null = null;
  const wake = () => {
    if (!running || working) return;
    working = readAllNpsEvents(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'nps: pass failed'))
      .finally(() => {
        working = null;
      });
  };
  const timer = setInterval(wake, 1_000);
  timer.unref();
  wake();
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await working;
    },
  };
}
