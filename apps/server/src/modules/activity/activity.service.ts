import { z } from 'zod';
import { ZInputDate, ZJsonObject } from '@cartera/domain/input';
import type { Executor } from '@cartera/db/client';
import { keysetPage } from '../../lib/pagination';
import { findUserActions, insertUserAction, type NewUserAction } from './activity.repository';

/** 01 §9: the activity dialog loads 25 actions at a time. */
export const ACTIVITY_PAGE_SIZE = 25;

/** The actions this platform records so far; each area adds its own. */
export const ACTION_TYPES = [
  'login',
  'logout',
  'password-changed',
  'account-switched',
  'account-returned',
  'linked-account-switched',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export function recordAction(db: Executor, action: NewUserAction & { type: ActionType }) {
  return insertUserAction(db, action);
}

export const ZListActivityInput = z.object({
  /** Start of the chosen day in the user's time zone. */
  from: ZInputDate,
  /** Start of the next day. */
  to: ZInputDate,
  cursor: z.object({ id: z.string().uuid() }).nullish(),
});

export const ZActivityPage = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      metadata: ZJsonObject,
      createdAt: z.date(),
      byAnotherUser: z.boolean(),
    }),
  ),
  nextCursor: z.object({ id: z.string() }).nullable(),
});

export async function listActivity(
  db: Executor,
  user: { tenantId: string; id: string },
  input: z.infer<typeof ZListActivityInput>,
): Promise<z.infer<typeof ZActivityPage>> {
  const rows = await findUserActions(
    db,
    user.tenantId,
    user.id,
    { from: input.from, to: input.to },
    input.cursor ?? undefined,
    ACTIVITY_PAGE_SIZE + 1,
  );
  const page = keysetPage(rows, ACTIVITY_PAGE_SIZE, (last) => ({ id: last.id }));
  return {
    items: page.items.map((row) => ({
      id: row.id,
      type: row.type,
      metadata: row.metadata,
      createdAt: row.createdAt,
      byAnotherUser: row.actorUserId !== null && row.actorUserId !== user.id,
    })),
    nextCursor: page.nextCursor,
  };
}
