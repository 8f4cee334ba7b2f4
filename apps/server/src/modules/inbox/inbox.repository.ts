import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import { contacts, interactions } from '@cartera/db/schema';
import { preparedOnce } from '../../lib/prepared';
import { likePattern, searchTextPattern, SHORT_TERM_LENGTH, type Ref } from '../../lib/sql';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';
import { notReservedByOthers } from './reservation.repository';
import { UNATTENDED_AFTER_MS } from '@cartera/domain/metrics';

/** Who looks at an inbox of unassigned contacts (reservations of others hide contacts). */
export interface UnassignedOwner {
  unassigned: true;
  viewerId: string;
}

export interface InboxCursor {
  at: Date;
  id: string;
}

/** Where a page starts: after a cursor, or after a contact's place in the order. */
type PageStart = { at: Date | Placeholder; id: Ref } | { contactId: Ref };

/** Sorts by last interaction, never-contacted last; the id breaks ties. */
const lastAt = sql`coalesce(${contacts.lastInteractionAt}, ${contacts.createdAt})`;

/**
 * The waiting order's key: since when the customer waits for an answer, to the millisecond (a
 * cursor is a JavaScript Date; ascending keysets must not meet the cursor row again).
 */
const waitingAt = sql`date_trunc('milliseconds', ${contacts.awaitingReplySince})`;

/**
 * The same key as a UTC timestamp, the form the order and the keyset compare: truncating to the
 * millisecond does not depend on the time zone, and this form is immutable, so the migration
 * 0030_inbox_order_indexes indexes it (contacts_tenant_waiting_idx, bench:inbox): change both
 * together.
 */
const waitingKey = sql`date_trunc('milliseconds', ${contacts.awaitingReplySince} at time zone 'UTC')`;
const waitingKeyOf = (at: Date | Placeholder) => sql`(${at}::timestamptz at time zone 'UTC')`;

/**
 * The accent- and case-folded text of a chat message or note, in SQL. The migration
 * 0028_inbox_message_search indexes exactly this expression (trigrams, led by the tenant), so a
 * search of message text reads the index, never the whole interactions table (issue #33 item 8):
 * change both together.
 */
const messageSearchText = sql`translate(lower(coalesce(case when jsonb_typeof(${interactions.content} -> 'message') = 'string' then ${interactions.content} ->> 'message' else ${interactions.content} -> 'message' ->> 'text' end, '') || ' ' || coalesce(${interactions.content} ->> 'body', '')), 'áàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuun')`;

/**
 * Whose conversations an inbox lists: one agent's portfolio (the agent decided by contact-access:
 * portfolioOwner, sharedInboxOwner), every contact of the caller's scope ('Todas'), or the
 * unassigned 'Inbox' every agent may see. `scope` is the caller's contact scope, composed on the
 * assigned inboxes so no filter or search lists a contact the caller may not see.
 */
export type InboxOwner =
  | { agentId: Ref; scope: ContactScope }
  | {
      all: true;
      scope: ContactScope;
      /**
       * The agents the scope covers as a list (scopeAgentIds), when the access layer gave one:
       * the page then merges each agent's walk in list order instead of walking the tenant's.
       */
      agentIds?: string[] | null;
      /** Only these agents' conversations (a group's sellers), within the scope. */
      onlyAgentIds?: string[];
    }
  | UnassignedOwner;

/**
 * Most agents a wide inbox's page merges one by one (a statement of one branch each); a wider
 * inbox walks the tenant's list order and checks the scope per row.
 */
const MERGED_AGENTS_MAX = 100;

/** What the workspace narrows an inbox to (issue #33 item 3). */
export interface InboxFilters {
  /** 'open' leaves archived conversations out, 'archived' lists only them. */
  tab?: 'open' | 'archived';
  /** Folded by foldSearchTerm: names and numbers (search_text). */
  search?: string;
  /** Folded by foldText: message text, searched from SHORT_TERM_LENGTH characters. */
  text?: string;
  channelId?: Ref;
  statusTag?: Ref;
  origin?: Ref;
  unread?: boolean;
  reminderDue?: boolean;
  /** Waiting for an answer longer than UNATTENDED_AFTER_MS (the dashboard's 'Sin atender'). */
  unattended?: boolean;
  /** 'recent': last interaction first; 'waiting': the longest wait for an answer first. */
  order?: 'recent' | 'waiting';
  /**
   * Set by findInboxPage: the search probes each conversation's messages in list order (a
   * term frequent enough to fill a page soon) instead of reading every match first.
   */
  probeMessages?: boolean;
}

/**
 * Whether the scope admits every contact of the owner's agent by itself: an 'own' scope, the
 * agent the user or an owner shared with them. The scope's condition then adds nothing, and
 * would only mislead the planner (`agent_id = a and agent_id in (a, b)` is estimated as a
 * hundredth of the agent's rows: a seller in a shared inbox had their searches probe every
 * conversation instead of reading the term's few matches, bench:inbox).
 */
function coversAgent(owner: InboxOwner) {
  if (!('agentId' in owner) || owner.scope.kind !== 'own') return false;
  const { agentId, scope } = owner;
  return agentId === scope.userId || (scope.sharedOwnerIds ?? []).includes(agentId as string);
}

function ownerCondition(db: Executor, tenantId: Ref, owner: InboxOwner): SQL {
  if ('unassigned' in owner) {
    return and(isNull(contacts.agentId), notReservedByOthers(owner.viewerId))!;
  }
  const visible = coversAgent(owner) ? undefined : scopeCondition(db, tenantId, owner.scope);
  const agent =
    'agentId' in owner
      ? eq(contacts.agentId, owner.agentId)
      : owner.onlyAgentIds
        ? owner.onlyAgentIds.length
          ? inArray(contacts.agentId, owner.onlyAgentIds)
          : sql`false`
        : undefined;
  // 'Todas' for the tenant's reach: the assigned contacts of the company.
  const assigned = visible || agent ? undefined : isNotNull(contacts.agentId);
  return and(visible, agent, assigned) ?? sql`true`;
}

/**
 * The search of names, numbers and message text, in the shape that scales for the inbox
 * (bench:inbox). One agent's portfolio (a few thousand conversations) is walked in the list's
 * order and each contact's messages probed on its own (interactions_tenant_contact_idx): the page
 * stops once full, however often the term occurs in the company, and a rare term is matched
 * through the trigram index instead (the planner's hashed alternative). A wider inbox (a
 * supervisor's teams, the company, the unassigned ones) starts from the term's matches in the
 * whole tenant (both trigram indexes) and reads only those contacts, never every conversation
 * it reaches.
 */
function searchCondition(
  db: Executor,
  tenantId: Ref,
  owner: InboxOwner,
  filters: InboxFilters,
): SQL {
  const pattern = searchTextPattern(filters.search!);
  const text = filters.text ?? '';
  const byName = sql`${contacts.searchText} like ${pattern}`;
  if (text.length < SHORT_TERM_LENGTH) return byName;
  const byMessage = likePattern(text);
  if ('agentId' in owner || filters.probeMessages) {
    // A walk of a wide inbox must probe: `offset 0` keeps PostgreSQL from turning the subquery
    // into a hashed set of every match (what one agent's search may choose for a rare term).
    const probe = filters.probeMessages ? sql` offset 0` : sql``;
    return or(
      byName,
      sql`exists (select 1 from ${interactions} where ${interactions.tenantId} = ${contacts.tenantId}
        and ${interactions.contactId} = ${contacts.id} and ${messageSearchText} like ${byMessage}${probe})`,
    )!;
  }
  // The matches are read once, into an array (an init plan: never rescanned per row, whatever
  // the statistics say), and joined as a set (`unnest`, never `= any(array)`, which compares
  // each row with every match): the plan starts from them and fetches their contacts by
  // primary key. The names' branch is a query of its own (its "contacts" is the inner one) and
  // keeps to the owner's scope too.
  return sql`${contacts.id} in (select unnest(array(select ${contacts.id} from ${contacts}
      where ${contacts.tenantId} = ${tenantId} and ${byName} and ${ownerCondition(db, tenantId, owner)}
    union all select ${interactions.contactId} from ${interactions}
      where ${interactions.tenantId} = ${tenantId} and ${messageSearchText} like ${byMessage})))`;
}

/** The moment before which a customer's wait counts as unattended at `now`. */
const unattendedBefore = (now: Date) => new Date(now.getTime() - UNATTENDED_AFTER_MS).toISOString();

/**
 * A contact whose customer has waited for an answer since before `before` (UNATTENDED_AFTER_MS
 * ago by default): 'Sin atender (+24 h)', as the dashboard counts it (metrics.repository.ts
 * findContactStates).
 */
export function unattendedCondition(before: string | Placeholder = unattendedBefore(new Date())) {
  return sql`${contacts.awaitingReplySince} < ${before}::timestamptz`;
}

function filterConditions(
  db: Executor,
  tenantId: Ref,
  owner: InboxOwner,
  filters: InboxFilters,
  before?: Placeholder,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.tab === 'archived') conditions.push(isNotNull(contacts.archivingReason));
  else if (filters.tab === 'open') conditions.push(isNull(contacts.archivingReason));
  if (filters.search) conditions.push(searchCondition(db, tenantId, owner, filters));
  if (filters.channelId) {
    conditions.push(
      // `content ? 'channelId'` lets it probe the partial index of the migration
      // 0030_inbox_order_indexes (interactions_tenant_contact_channel_idx).
      sql`exists (select 1 from ${interactions} where ${interactions.tenantId} = ${contacts.tenantId}
        and ${interactions.contactId} = ${contacts.id} and ${interactions.content} ? 'channelId'
        and ${interactions.content} ->> 'channelId' = ${filters.channelId})`,
    );
  }
  if (filters.statusTag) conditions.push(eq(contacts.statusTag, filters.statusTag));
  if (filters.origin) conditions.push(eq(contacts.origin, filters.origin));
  if (filters.unread) conditions.push(gt(contacts.unreadCount, 0));
  if (filters.reminderDue) {
    conditions.push(sql`(${contacts.reminder} ->> 'reminderDate')::timestamptz <= now()`);
  }
  if (filters.unattended) conditions.push(unattendedCondition(before));
  if (filters.order === 'waiting') conditions.push(isNotNull(contacts.awaitingReplySince));
  return conditions;
}

/**
 * A page of an inbox, in the order of `filters.order` (most recent interaction first by default),
 * sub-conversations included (they are their agent's conversations too). `after` is a page's
 * cursor, or a contact whose place in that order the page starts after.
 *
 * An inbox of several agents given as a list ('Todas' of a supervisor: their teams' sellers) is
 * the union of each agent's page, merged in the same order: each branch walks the agent's
 * conversations on its own index in list order (from the cursor on), and PostgreSQL's Merge
 * Append reads from each only as many rows as the merged page takes. A page then costs the same
 * at any depth and whatever the company's size (bench:inbox), where one walk of the tenant's list
 * order would read and drop every other team's rows before the cursor and between the matches.
 */
export async function findInboxPage(
  db: Executor,
  tenantId: string,
  owner: InboxOwner,
  after: InboxCursor | { contactId: string } | undefined,
  limit: number,
  filters: InboxFilters = {},
) {
  const agentIds = 'all' in owner ? owner.agentIds : undefined;
  const matches =
    filters.search && !('agentId' in owner)
      ? await messageTermMatches(db, tenantId, filters.text ?? '')
      : 0;
  const mergeable = !!agentIds?.length && agentIds.length <= MERGED_AGENTS_MAX;
  if (!mergeable || (filters.search && matches < FREQUENT_TERM_MATCHES)) {
    // An inbox too wide to merge (the company's, the unassigned one) walks its own list order
    // for a very frequent term, probing each conversation's messages.
    const probeMessages = !('agentId' in owner) && !mergeable && matches >= WALKED_TERM_MATCHES;
    return pageQuery(db, tenantId, owner, after, limit, { ...filters, probeMessages });
  }
  if (agentIds.length === 1) {
    const only = { agentId: agentIds[0]!, scope: { kind: 'tenant' } } as const;
    return pageQuery(db, tenantId, only, after, limit, filters);
  }
  if (filters.search) return mergedPage(db, tenantId, agentIds, after, limit, filters);
  return preparedMergedPage(db, tenantId, agentIds, after, limit, filters);
}

/**
 * The union of each agent's page (a branch per agent), merged in the list's order. The agents are
 * the scope (scopeAgentIds, from the access layer): a branch keeps to its agent, which planning
 * the scope's subquery again in each branch would only slow down.
 */
function mergedPage(
  db: Executor,
  tenantId: Ref,
  agentIds: Ref[],
  after: PageStart | undefined,
  limit: number,
  filters: InboxFilters,
  before?: Placeholder,
) {
  const [first, second, ...others] = agentIds.map((agentId) =>
    pageQuery(db, tenantId, { agentId, scope: { kind: 'tenant' } }, after, limit, filters, before),
  );
  const direction = filters.order === 'waiting' ? sql`asc` : sql`desc`;
  return unionAll(first!, second!, ...others)
    .orderBy(
      sql`${sql.identifier('sort_key')} ${direction}`,
      sql`${sql.identifier('id')} ${direction}`,
    )
    .limit(limit);
}

/**
 * A merged page without a search, as a statement built once per shape (lib/prepared.ts): the
 * number of agents, the limit, the tab, the order, the start and which filters are set; every
 * value is a placeholder. Drizzle then never rebuilds a statement of one branch per agent (a
 * supervisor's 'Todas' took milliseconds of JavaScript to build, bench:inbox). The statement
 * stays unnamed (`prepare('')`): PostgreSQL plans it with its values each time and keeps
 * nothing per connection, where a named one per shape would hold a plan of up to a hundred
 * branches in every connection.
 */
function preparedMergedPage(
  db: Executor,
  tenantId: string,
  agentIds: string[],
  after: InboxCursor | { contactId: string } | undefined,
  limit: number,
  filters: InboxFilters,
) {
  const params: Record<string, unknown> = {};
  const named = (key: string, value: unknown) => {
    params[key] = value;
    return sql.placeholder(key);
  };
  const start: PageStart | undefined =
    after === undefined
      ? undefined
      : 'contactId' in after
        ? { contactId: named('anchorId', after.contactId) }
        : { at: named('afterAt', after.at), id: named('afterId', after.id) };
  const set = (key: 'channelId' | 'statusTag' | 'origin') =>
    filters[key] === undefined ? undefined : named(key, filters[key]);
  const bound: InboxFilters = {
    ...filters,
    channelId: set('channelId'),
    statusTag: set('statusTag'),
    origin: set('origin'),
  };
  const before = filters.unattended ? named('before', unattendedBefore(new Date())) : undefined;
  const agents = agentIds.map((agentId, index) => named(`agent${index}`, agentId));
  const tenant = named('tenantId', tenantId);
  const shape = [
    agentIds.length,
    limit,
    filters.tab ?? 'any',
    filters.order ?? 'recent',
    start === undefined ? 'first' : 'contactId' in start ? 'anchor' : 'cursor',
    ...(['channelId', 'statusTag', 'origin', 'unread', 'reminderDue', 'unattended'] as const)
      .filter((key) => filters[key] !== undefined && filters[key] !== false)
      .map((key) => key.toLowerCase()),
  ].join('_');
  const query = preparedOnce(db, `inbox_merged_${shape}`, () =>
    mergedPage(db, tenant, agents, start, limit, bound, before).prepare(''),
  );
  return query.execute(params);
}

/**
 * Message matches in the tenant from which a search term counts as frequent: a wide inbox's
 * search then merges each agent's walk, probing each conversation's messages until the page is
 * full (a few hundred conversations, whatever the company's size); below it, reading every match
 * (searchCondition's wide form) is cheaper, and names alone (a term under SHORT_TERM_LENGTH)
 * keep that form too.
 */
const FREQUENT_TERM_MATCHES = 2000;

/**
 * Message matches from which an inbox too wide to merge (the company's: more than
 * MERGED_AGENTS_MAX agents, or no list of them) walks its list order probing each conversation:
 * a page then costs about 30 × contacts / matching contacts probes, where reading every match
 * grows with them (the comercial's frequent word: 3.7 s over 100,000 matches at bench:inbox's
 * scale). Ten times FREQUENT_TERM_MATCHES: a walk of one agent's few thousand conversations
 * ends soon whatever the term, the company's only when matches are common.
 */
const WALKED_TERM_MATCHES = 20_000;

/**
 * How many of the tenant's messages and notes hold the folded term, by PostgreSQL's own estimate
 * (the statistics of the indexed text, migration 0028): planning only, under a millisecond,
 * where counting them would read the trigram index's long posting lists, which grow with the
 * company. The estimate only chooses the plan's shape, never the rows.
 */
async function messageTermMatches(db: Executor, tenantId: string, text: string) {
  if (text.length < SHORT_TERM_LENGTH) return 0;
  const result = await db.execute(sql`explain (format json) select 1 from ${interactions}
    where ${interactions.tenantId} = ${tenantId} and ${messageSearchText} like ${likePattern(text)}`);
  const [row] = (result as unknown as { rows: Array<{ 'QUERY PLAN': unknown }> }).rows;
  const json = row?.['QUERY PLAN'];
  // node-postgres parses the json column; a driver that does not leaves its text.
  const [plan] = (typeof json === 'string' ? JSON.parse(json) : (json ?? [])) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  return plan?.Plan?.['Plan Rows'] ?? 0;
}

/** One owner's page: the statement of an inbox, or one branch of a merged one. */
function pageQuery(
  db: Executor,
  tenantId: Ref,
  owner: InboxOwner,
  after: PageStart | undefined,
  limit: number,
  filters: InboxFilters,
  before?: Placeholder,
) {
  const conditions: SQL[] = [
    eq(contacts.tenantId, tenantId),
    ownerCondition(db, tenantId, owner),
    ...filterConditions(db, tenantId, owner, filters, before),
  ];
  const waiting = filters.order === 'waiting';
  const sortAt = waiting ? waitingAt : lastAt;
  const sortKey = waiting ? waitingKey : lastAt;
  if (after && 'contactId' in after) {
    // Compared in SQL: the contact's sort time keeps its microseconds.
    const anchorAt = waiting
      ? sql`date_trunc('milliseconds', anchor.awaiting_reply_since at time zone 'UTC')`
      : sql`coalesce(anchor.last_interaction_at, anchor.created_at)`;
    conditions.push(
      sql`(${sortKey}, ${contacts.id}) ${waiting ? sql`>` : sql`<`} (select ${anchorAt}, anchor.id
        from ${contacts} anchor where anchor.tenant_id = ${tenantId} and anchor.id = ${after.contactId})`,
    );
  } else if (after && waiting) {
    // Row comparisons: an index bound, so a deep page starts at the cursor instead of filtering
    // every row before it (the same rows as "key > at or key = at and id > cursor id").
    conditions.push(
      sql`(${waitingKey}, ${contacts.id}) > (${waitingKeyOf(after.at)}, ${after.id})`,
    );
  } else if (after) {
    conditions.push(sql`(${lastAt}, ${contacts.id}) < (${after.at}, ${after.id})`);
  }
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      photo: contacts.photo,
      phones: contacts.phones,
      statusTag: contacts.statusTag,
      archivingReason: contacts.archivingReasonText,
      reminder: contacts.reminder,
      parentContactId: contacts.parentContactId,
      lastInteractionAt: contacts.lastInteractionAt,
      createdAt: contacts.createdAt,
      unreadCount: contacts.unreadCount,
      lastMessage: contacts.lastMessage,
      lastAt: sql<Date>`${lastAt}`.mapWith((value: string | Date) => new Date(value)),
      sortAt: sql<Date>`${sortAt}`.mapWith((value: string | Date) => new Date(value)),
      // Named: a merged page orders its branches' rows by the very expression they are sorted by.
      sortKey: sql<unknown>`${sortKey}`.as('sort_key'),
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(...(waiting ? [asc(sortKey), asc(contacts.id)] : [desc(sortKey), desc(contacts.id)]))
    .limit(limit);
}
