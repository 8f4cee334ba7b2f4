import type { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import {
  ACTIONS_HISTORY_PAGE,
  describeAdministrationAction,
  describeSessionAction,
  describeTimelineAction,
  HISTORY_KIND_TYPES,
  type ActionsHistoryEntry,
  type ActionsHistoryFilters,
  type ZActionsHistoryInput,
  type ZActionsHistoryPage,
} from '@cartera/domain/actions-history';
import { DomainError } from '@cartera/domain/errors';
import { firstIdAt } from '@cartera/domain/ids';
import { visibleContactIds } from '../access/contacts';
import { findReachedUserIds, findReachedUsersOfGroup, userReachable } from '../access/users';
import type { AuthUser } from '../sessions/session.types';
import {
  countHistoryRows,
  findAdministrationActions,
  findContactNames,
  findGroupNames,
  findSessionActions,
  findTimelineActions,
  findUserNames,
  type HistoryActors,
  type HistoryRow,
  type HistoryWindow,
} from './actions-history.repository';

/*
 * 'Historial de acciones' (issue #44 item 2): the actions of the users the caller reaches (the
 * company for comercial and project managers, their group's subtree for a supervisor), newest
 * first, from the contacts' timelines, the sessions and the administrative changes, filtered by
 * user, team, action and period. Contact names are shown only for contacts the caller may see.
 */

/** Whose actions the filters and the caller's reach leave. */
async function actorsOf(
  db: Executor,
  user: AuthUser,
  filters: ActionsHistoryFilters,
): Promise<HistoryActors> {
  let actors: HistoryActors = await findReachedUserIds(db, user);
  if (filters.groupId) {
    const members = await findReachedUsersOfGroup(db, user, filters.groupId);
    if (!members) throw new DomainError('PERMISSION_DENIED');
    actors = { kind: 'users', ids: members };
  }
  if (filters.userId) {
    if (!(await userReachable(db, user, filters.userId)))
      throw new DomainError('PERMISSION_DENIED');
    const inTeam = actors.kind === 'all' || actors.ids.includes(filters.userId);
    actors = { kind: 'users', ids: inTeam ? [filters.userId] : [] };
  }
  return actors;
}

/** The ids the period and the cursor leave. */
function windowOf(filters: ActionsHistoryFilters, before: string | undefined, limit: number) {
  const end = filters.to ? firstIdAt(filters.to.getTime()) : undefined;
  return {
    before: before && end ? (before < end ? before : end) : (before ?? end),
    from: filters.from ? firstIdAt(filters.from.getTime()) : undefined,
    limit,
  } satisfies HistoryWindow;
}

/** The newest rows of the three sources below `before`, merged by id. */
async function historyRows(
  db: Executor,
  tenantId: string,
  actors: HistoryActors,
  filters: ActionsHistoryFilters,
  before: string | undefined,
  limit: number,
): Promise<HistoryRow[]> {
  const window = windowOf(filters, before, limit);
  const kind = filters.kind;
  const [timeline, sessions, administration] = await Promise.all([
    kind === 'session' || kind === 'administration'
      ? []
      : findTimelineActions(db, tenantId, actors, kind ? HISTORY_KIND_TYPES[kind] : null, window),
    !kind || kind === 'session' ? findSessionActions(db, tenantId, actors, window) : [],
    !kind || kind === 'administration'
      ? findAdministrationActions(db, tenantId, actors, window)
      : [],
  ]);
  return [...timeline, ...sessions, ...administration]
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
}

/** The rows as the screen and the workbook show them: names, labels and details. */
async function entriesOf(
  db: Executor,
  user: AuthUser,
  rows: HistoryRow[],
): Promise<ActionsHistoryEntry[]> {
  const userIds = new Set<string>();
  const groupIds = new Set<string>();
  const contactIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) userIds.add(row.actorId);
    if (row.source === 'timeline') contactIds.add(row.contactId);
    if (row.source === 'session' && row.onBehalfBy) userIds.add(row.onBehalfBy);
    if (row.source === 'administration' && row.targetType === 'user') userIds.add(row.targetId);
    if (row.source === 'administration' && row.targetType === 'group') groupIds.add(row.targetId);
  }
  const [userNames, groupNames, visible] = await Promise.all([
    findUserNames(db, user.tenantId, [...userIds]),
    findGroupNames(db, user.tenantId, [...groupIds]),
    visibleContactIds(db, user, [...contactIds]),
  ]);
  const contactNames = await findContactNames(db, user.tenantId, [...visible]);
  const person = (id: string | null) => {
    const name = id ? userNames.get(id) : undefined;
    return id && name !== undefined ? { id, name } : null;
  };
  return rows.map((row) => {
    const base = {
      id: row.id,
      at: row.createdAt,
      user: person(row.actorId),
      byAnotherUser: row.source === 'session' && row.onBehalfBy !== null,
    };
    if (row.source === 'timeline') {
      const described = describeTimelineAction(row.type, row.content ?? {});
      return {
        ...base,
        kind: described?.kind ?? 'note',
        label: described?.label ?? row.type,
        detail: described?.detail ?? null,
        record: {
          type: 'contact',
          id: row.contactId,
          name: contactNames.get(row.contactId) ?? null,
        },
      };
    }
    if (row.source === 'session') {
      return { ...base, ...describeSessionAction(row.type, row.metadata ?? {}), record: null };
    }
    const target =
      row.targetType === 'user' || row.targetType === 'group' || row.targetType === 'company'
        ? row.targetType
        : 'other';
    return {
      ...base,
      ...describeAdministrationAction(row.action, row.targetType),
      record: {
        type: target,
        id: row.targetId,
        name:
          (row.targetType === 'user' ? userNames.get(row.targetId) : undefined) ??
          (row.targetType === 'group' ? groupNames.get(row.targetId) : undefined) ??
          null,
      },
    };
  });
}

/** One page of the history. */
export async function listActionsHistory(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZActionsHistoryInput>,
): Promise<z.infer<typeof ZActionsHistoryPage>> {
  const actors = await actorsOf(db, user, input);
  const rows = await historyRows(
    db,
    user.tenantId,
    actors,
    input,
    input.cursor ?? undefined,
    ACTIONS_HISTORY_PAGE + 1,
  );
  const page = rows.slice(0, ACTIONS_HISTORY_PAGE);
  return {
    entries: await entriesOf(db, user, page),
    nextCursor: rows.length > ACTIONS_HISTORY_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** How many entries the filtered history holds (the workbook's rows, for its progress bar). */
export async function countActionsHistory(
  db: Executor,
  user: AuthUser,
  filters: ActionsHistoryFilters,
) {
  const actors = await actorsOf(db, user, filters);
  const kind = filters.kind;
  const timelineKind = kind && kind !== 'session' && kind !== 'administration';
  return countHistoryRows(
    db,
    user.tenantId,
    actors,
    {
      types: timelineKind ? HISTORY_KIND_TYPES[kind] : kind ? [] : null,
      sessions: !kind || kind === 'session',
      administration: !kind || kind === 'administration',
    },
    windowOf(filters, undefined, 0),
  );
}

/**
 * The whole filtered history in batches, newest first, for the workbook: each batch one read of
 * the three sources after the last one's id. Stops when `signal` aborts (the client left).
 */
export async function* actionsHistoryBatches(
  db: Executor,
  user: AuthUser,
  filters: ActionsHistoryFilters,
  size: number,
  signal: AbortSignal,
): AsyncGenerator<ActionsHistoryEntry[]> {
  const actors = await actorsOf(db, user, filters);
  let before: string | undefined;
  while (!signal.aborted) {
    const rows = await historyRows(db, user.tenantId, actors, filters, before, size);
    if (rows.length === 0) return;
    yield await entriesOf(db, user, rows);
    if (rows.length < size) return;
    before = rows.at(-1)!.id;
  }
}
