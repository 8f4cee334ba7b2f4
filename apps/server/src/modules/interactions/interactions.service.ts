import { z } from 'zod';
import { ZHttpUrl, ZInputDate, ZJsonObject } from '@cartera/domain/input';
import type { Executor } from '@cartera/db/client';
import { INTERACTION_PAGE_SIZE, ZClientItemId } from '@cartera/domain/interactions';
import { foldText } from '@cartera/domain/search';
import { suggestReminders } from '@cartera/domain/suggested-reminders';
import { DomainError } from '@cartera/domain/errors';
import { can } from '@cartera/domain/policy';
import type { AuthUser } from '../sessions/session.types';
import type { AppDeps } from '../../deps';
import { checkFileForRecord } from '../files/file-access.service';
import {
  readableContact,
  contactReader,
  contactAudience,
  visibleContact,
} from '../access/contacts';
import { recordInteraction } from '../timeline/timeline-writer';
import {
  findTimelineAfter,
  findTimelineItems,
  findTimelinePage,
  searchTimeline,
} from './interactions.repository';
import { es } from '@cartera/domain/i18n';

export const ZInteraction = z.object({
  id: z.string(),
  contactId: z.string(),
  type: z.string(),
  content: ZJsonObject,
  via: z.string().nullable(),
  status: z.string().nullable(),
  createdBySystem: z.boolean(),
  createdAt: z.date(),
  agent: z.object({ id: z.string(), name: z.string(), lastname: z.string() }).nullable(),
  /** Reminder dates suggested from the item's text (03 §3, §4); the screen shows the live ones. */
  suggestions: z.array(
    z.object({
      content: z.object({ reminderDate: z.string() }),
      done: z.boolean(),
      removed: z.boolean(),
    }),
  ),
});
export type InteractionView = z.infer<typeof ZInteraction>;

/** A page of the timeline: its items oldest first, and the id to ask for the older page. */
export const ZTimelinePage = z.object({
  items: z.array(ZInteraction),
  nextBefore: z.string().nullable(),
});

export const ZTimelineInput = z.object({
  contactId: z.string().uuid(),
  /** The oldest id already shown: the page holds the 50 before it. */
  before: z.string().uuid().nullish(),
});

/**
 * A page of the timeline (03 §2.1, §9: 50 per page). Items come oldest first within the page,
 * as the screen shows them; `nextBefore` asks for the older page.
 */
/**
 * The timeline reads check access inside their query (readableContactExists). An empty answer
 * is then either nothing to show or a contact the user may not read; only then is the contact
 * read on its own, to answer CONTACT_NOT_FOUND for the latter.
 */
async function checkAccessWhenEmpty(
  db: Executor,
  user: AuthUser,
  contactId: string,
  rows: unknown[],
) {
  if (rows.length === 0) await readableContact(db, user, contactId);
}

export async function timelinePage(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineInput>,
) {
  const rows = await findTimelinePage(
    db,
    contactReader(user),
    input.contactId,
    input.before ?? undefined,
    INTERACTION_PAGE_SIZE + 1,
  );
  await checkAccessWhenEmpty(db, user, input.contactId, rows);
  const more = rows.length > INTERACTION_PAGE_SIZE;
  const page = rows.slice(0, INTERACTION_PAGE_SIZE);
  return {
    items: page.reverse().map((row) => toView(input.contactId, row)),
    nextBefore: more ? page[0]!.id : null,
  };
}

export const ZTimelineAfterInput = z.object({
  contactId: z.string().uuid(),
  /** The newest id the screen has. */
  after: z.string().uuid(),
});

/** What happened after the newest item on screen (a live event, a reconnect), oldest first. */
export async function timelineAfter(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineAfterInput>,
) {
  const rows = await findTimelineAfter(db, contactReader(user), input.contactId, input.after, 200);
  await checkAccessWhenEmpty(db, user, input.contactId, rows);
  return rows.map((row) => toView(input.contactId, row));
}

export const ZTimelineItemsInput = z.object({
  contactId: z.string().uuid(),
  /** Items on screen that changed in place (a live `interaction.updated`). */
  ids: z.array(z.string().uuid()).min(1).max(INTERACTION_PAGE_SIZE),
});

/** The given items as they are now; ids of another contact or unknown ones are left out. */
export async function timelineItems(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineItemsInput>,
) {
  const rows = await findTimelineItems(db, contactReader(user), input.contactId, input.ids);
  await checkAccessWhenEmpty(db, user, input.contactId, rows);
  return rows.map((row) => toView(input.contactId, row));
}

/** 03 §2.1: at most this many matches are counted ('n de m'). */
export const SEARCH_MATCH_LIMIT = 500;

export const ZTimelineSearchInput = z.object({
  contactId: z.string().uuid(),
  text: z.string().trim().max(200).optional(),
  types: z.array(z.string().max(40)).max(30).optional(),
  agentId: z.string().uuid().optional(),
  from: ZInputDate.optional(),
  to: ZInputDate.optional(),
});

/** The matches of the in-conversation search, oldest first; the screen walks them 'n de m'. */
export async function searchContactTimeline(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineSearchInput>,
) {
  const contact = await readableContact(db, user, input.contactId);
  const text = input.text ? foldText(input.text) : undefined;
  if (!text && !input.types?.length && !input.agentId && !input.from && !input.to) return [];
  return searchTimeline(
    db,
    user.tenantId,
    contact.id,
    {
      text: text || undefined,
      types: input.types,
      agentId: input.agentId,
      from: input.from,
      to: input.to,
    },
    SEARCH_MATCH_LIMIT,
  );
}

function toView(
  contactId: string,
  row: Awaited<ReturnType<typeof findTimelinePage>>[number],
): InteractionView {
  return {
    id: row.id,
    contactId,
    type: row.type,
    content: row.content,
    via: row.via,
    status: row.status,
    createdBySystem: row.createdBySystem,
    createdAt: row.createdAt,
    suggestions: row.suggestions,
    agent:
      row.agentId && row.agentName !== null
        ? { id: row.agentId, name: row.agentName, lastname: row.agentLastname ?? '' }
        : null,
  };
}

export const ZNoteInput = z.object({
  contactId: z.string().uuid(),
  /** A UUIDv7 made by the client, so a retry after a lost answer stores the note once. */
  id: ZClientItemId,
  body: z.string().trim().max(10_000).default(''),
  /** Attachments uploaded through the files flow (03 §6: admin only). */
  files: z
    .array(
      z.object({
        name: z.string().min(1).max(300),
        url: ZHttpUrl.max(2000),
        mimeType: z.string().max(200),
        size: z.number().int().min(0),
        path: z.string().max(1000).optional(),
      }),
    )
    .max(50)
    .default([]),
  /** 03 §7 Create note 'whatsapp-note flag': the composer's mode whatsapp-note (issue #43). */
  whatsappNote: z.boolean().default(false),
});

/**
 * A note on the timeline (03 §3 Note). Answers once the note is committed. Its files must be
 * uploads the server found complete (issue #30 §5); they then belong to the contact's timeline.
 */
export async function createNote(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  input: z.infer<typeof ZNoteInput>,
) {
  const db = deps.db;
  if (!input.body && !input.files.length) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { body: [es.validation.required] } });
  }
  if (input.files.length && !can(user, 'attachNoteFiles'))
    throw new DomainError('PERMISSION_DENIED');
  const contact = await visibleContact(db, user, input.contactId);
  const files: typeof input.files = [];
  for (const file of input.files) {
    files.push({ ...file, url: await checkFileForRecord(deps, user, file.url, contact.id) });
  }
  // Read before the transaction (a note locks nothing of the contact), which then only writes.
  const audience = await contactAudience(db, contact);
  await db.transaction((tx) =>
    recordInteraction(tx, user, contact, {
      id: input.id,
      type: 'note',
      content: { body: input.body, files, ...(input.whatsappNote ? { whatsappNote: true } : {}) },
      // A note that speaks of a future time ("el mes que viene") offers reminders (03 §4).
      suggestions: suggestReminders(input.body, new Date()),
      audience,
    }),
  );
  return { id: input.id };
}
