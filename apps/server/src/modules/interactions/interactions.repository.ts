import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  notInArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { likePattern, type Ref, idInTenant } from '../../lib/sql';
import { preparedOnce } from '../../lib/prepared';
import {
  placeholderReader,
  readableContactExists,
  type ContactReader,
} from '../access/contacts.conditions';
import type { Executor } from '@cartera/db/client';
import { interactions, users, type InteractionSuggestion } from '@cartera/db/schema';

const timelineColumns = {
  id: interactions.id,
  type: interactions.type,
  content: interactions.content,
  via: interactions.via,
  status: interactions.status,
  createdBySystem: interactions.createdBySystem,
  suggestions: interactions.suggestions,
  createdAt: interactions.createdAt,
  agentId: interactions.agentId,
  agentName: users.name,
  agentLastname: users.lastname,
};

/**
 * A contact's items with their agents, narrowed by `filter`. The query checks in the same round
 * trip that `reader` may read the contact (readableContactExists): an empty answer then means
 * "no such items or no access", and the caller tells which.
 */
function selectTimeline(db: Executor, reader: ContactReader, contactId: Ref, filter?: SQL) {
  return db
    .select(timelineColumns)
    .from(interactions)
    .leftJoin(users, idInTenant(users, interactions.tenantId, interactions.agentId))
    .where(
      and(
        eq(interactions.tenantId, reader.tenantId),
        eq(interactions.contactId, contactId),
        readableContactExists(db, reader, contactId),
        filter,
      ),
    );
}

/**
 * A page of a contact's timeline, newest first, before a keyset id (UUIDv7 = time order). The
 * conversation screen's most frequent read: prepared, one query per scope shape.
 */
export async function findTimelinePage(
  db: Executor,
  reader: ContactReader,
  contactId: string,
  before: string | undefined,
  limit: number,
) {
  const page = (
    forReader: ContactReader,
    contact: Ref,
    cursor: Ref | undefined,
    size: number | Placeholder,
  ) =>
    selectTimeline(db, forReader, contact, cursor ? lt(interactions.id, cursor) : undefined)
      .orderBy(desc(interactions.id))
      .limit(size);
  const prepared = placeholderReader(reader);
  if (!prepared) return page(reader, contactId, before, limit);
  const name = `timeline_page_${prepared.shape}${before ? '_before' : ''}`;
  const query = preparedOnce(db, name, () =>
    page(
      prepared.reader,
      sql.placeholder('contactId'),
      before ? sql.placeholder('before') : undefined,
      sql.placeholder('limit'),
    ).prepare(name),
  );
  return query.execute({ ...prepared.params, contactId, before, limit });
}

/** Items newer than a keyset id, oldest first: what a live timeline fetches after an event. */
export async function findTimelineAfter(
  db: Executor,
  reader: ContactReader,
  contactId: string,
  after: string,
  limit: number,
) {
  return selectTimeline(db, reader, contactId, gt(interactions.id, after))
    .orderBy(asc(interactions.id))
    .limit(limit);
}

/** Given items of a contact as they are now (an item changed in place), in timeline order. */
export async function findTimelineItems(
  db: Executor,
  reader: ContactReader,
  contactId: string,
  ids: string[],
) {
  return selectTimeline(db, reader, contactId, inArray(interactions.id, ids)).orderBy(
    asc(interactions.id),
  );
}

/** Accent- and case-folded text of an interaction's readable fields, in SQL. */
const searchableText = sql`translate(lower(concat_ws(' ',
  ${interactions.content}->>'body', ${interactions.content}->>'comment',
  ${interactions.content}->>'description', ${interactions.content}->>'message',
  ${interactions.content}->>'subject', ${interactions.content}->>'summary')),
  'áàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuun')`;

export interface TimelineSearch {
  /** Already folded (foldSearchTerm). */
  text?: string | undefined;
  types?: string[] | undefined;
  agentId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Ids of a contact's items matching a search, oldest first (03 §2.1 in-conversation search). */
export async function searchTimeline(
  db: Executor,
  tenantId: string,
  contactId: string,
  search: TimelineSearch,
  limit: number,
) {
  const conditions: SQL[] = [
    eq(interactions.tenantId, tenantId),
    eq(interactions.contactId, contactId),
  ];
  if (search.text) conditions.push(sql`${searchableText} like ${likePattern(search.text)}`);
  if (search.types?.length) conditions.push(inArray(interactions.type, search.types));
  if (search.agentId) conditions.push(eq(interactions.agentId, search.agentId));
  if (search.from) conditions.push(gte(interactions.createdAt, search.from));
  if (search.to) conditions.push(lte(interactions.createdAt, search.to));
  return db
    .select({ id: interactions.id, type: interactions.type, createdAt: interactions.createdAt })
    .from(interactions)
    .where(and(...conditions))
    .orderBy(asc(interactions.id))
    .limit(limit);
}

/** One item of a contact's timeline (`forUpdate`: locked until the transaction ends). */
export async function findInteraction(
  db: Executor,
  tenantId: string,
  contactId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.contactId, contactId),
        eq(interactions.id, id),
      ),
    );
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** One item of a contact's timeline, locked until the transaction ends. */
export function lockInteraction(db: Executor, tenantId: string, contactId: string, id: string) {
  return findInteraction(db, tenantId, contactId, id, { forUpdate: true });
}

/** The newest item of a contact, skipping some types. */
export async function findLatestInteraction(
  db: Executor,
  tenantId: string,
  contactId: string,
  skipTypes: string[],
) {
  const conditions: SQL[] = [
    eq(interactions.tenantId, tenantId),
    eq(interactions.contactId, contactId),
  ];
  if (skipTypes.length) conditions.push(notInArray(interactions.type, skipTypes));
  const [row] = await db
    .select()
    .from(interactions)
    .where(and(...conditions))
    .orderBy(desc(interactions.id))
    .limit(1);
  return row;
}

export async function updateInteractionRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: {
    status?: string | null;
    content?: Record<string, unknown>;
    suggestions?: InteractionSuggestion[];
  },
) {
  await db
    .update(interactions)
    .set(values)
    .where(idInTenant(interactions, tenantId, id));
}

/** Items per weekday (0 = Sunday) since a date, in a time zone (03 §9 heatmap). */
export async function countByWeekday(
  db: Executor,
  tenantId: string,
  contactId: string,
  since: Date,
  timeZone: string,
) {
  const weekday = sql<number>`extract(dow from ${interactions.createdAt} at time zone ${timeZone})::int`;
  return (
    db
      .select({ weekday, count: sql<number>`count(*)::int` })
      .from(interactions)
      .where(
        and(
          eq(interactions.tenantId, tenantId),
          eq(interactions.contactId, contactId),
          gte(interactions.createdAt, since),
        ),
      )
      // By position: the zone is a parameter, and a repeated expression would not match.
      .groupBy(sql`1`)
  );
}

/**
 * Files attached to a contact's items, newest first: images and videos ('multimedia') or the
 * rest ('files'), a page at a time, with the total.
 */
export async function findAttachedFiles(
  db: Executor,
  tenantId: string,
  contactId: string,
  kind: 'multimedia' | 'files',
  offsetPage: { page: number; size: number },
) {
  const media = sql`(file->>'mimeType' like 'image/%' or file->>'mimeType' like 'video/%')`;
  const filter = kind === 'multimedia' ? media : sql`not ${media}`;
  const rows = await db.execute(sql`
    select i.id as "interactionId", i.created_at as "createdAt", file, count(*) over () as total
    from ${interactions} i, jsonb_array_elements(coalesce(i.content->'files', '[]'::jsonb)) as file
    where i.tenant_id = ${tenantId} and i.contact_id = ${contactId} and ${filter}
    order by i.id desc
    limit ${offsetPage.size} offset ${offsetPage.page * offsetPage.size}`);
  return (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
}
