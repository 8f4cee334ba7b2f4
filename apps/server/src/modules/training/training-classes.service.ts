import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { ROLES } from '@cartera/domain/roles';
import {
  TRAINING_ITEM_TYPES,
  TRAINING_PAGE_SIZE,
  ZTrainingMedia,
  type ZTrainingItemValues,
} from '@cartera/domain/training';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteItem as deleteItemRow,
  findItem,
  findItems,
  insertItem,
  updateItem as updateItemRow,
  upsertProgress,
} from './training-classes.repository';
import {
  checkAudience,
  checkedUrl,
  checkMediaSize,
  managerOf,
  readerOf,
  type FileDeps,
} from './training.service';

/** Classes and tutorials of 'Aprender' (01 §2, §7; 03 §2.3): listed, opened, progress kept. */

export const ZTrainingItem = z.object({
  id: z.string(),
  type: z.enum(TRAINING_ITEM_TYPES),
  title: z.string(),
  description: z.string(),
  date: z.date(),
  duration: z.number(),
  miniature: z.string().nullable(),
  linkOfClass: z.string(),
  video: ZTrainingMedia.nullable(),
  audience: z.object({ groupIds: z.array(z.string()), roles: z.array(z.enum(ROLES)) }),
  /** Where the caller left it (seconds) and when; null when never opened. */
  progress: z.object({ position: z.number(), lastInteractionAt: z.date() }).nullable(),
});

export type TrainingItemView = z.infer<typeof ZTrainingItem>;

export const ZItemsInput = z.object({
  type: z.enum(TRAINING_ITEM_TYPES),
  /** 1-based (01 §7: page and size). */
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(50).default(TRAINING_PAGE_SIZE),
  /** Only what the caller opened, the most recent first ('Continuar viendo'). */
  lastInteraction: z.boolean().default(false),
});

export const ZItemsPage = z.object({
  instances: z.array(ZTrainingItem),
  countDocuments: z.number(),
});

export const ZProgressInput = z.object({
  id: z.string().uuid(),
  /** Seconds into the video. */
  position: z
    .number()
    .min(0)
    .max(24 * 3600),
});

function itemView(row: NonNullable<Awaited<ReturnType<typeof findItem>>>): TrainingItemView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    date: row.date,
    duration: row.duration,
    miniature: row.miniature,
    linkOfClass: row.linkOfClass,
    video: row.video ?? null,
    audience: { groupIds: row.groupIds, roles: row.roles },
    progress:
      row.lastInteractionAt === null
        ? null
        : { position: row.position ?? 0, lastInteractionAt: row.lastInteractionAt },
  };
}

export async function listItems(db: Executor, user: AuthUser, input: z.infer<typeof ZItemsInput>) {
  const reader = await readerOf(db, user);
  const { rows, total } = await findItems(db, reader, {
    type: input.type,
    lastInteraction: input.lastInteraction,
    offset: (input.page - 1) * input.size,
    limit: input.size,
  });
  return { instances: rows.map(itemView), countDocuments: total };
}

export async function getItem(db: Executor, user: AuthUser, id: string) {
  const row = await findItem(db, await readerOf(db, user), id);
  if (!row) throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  return itemView(row);
}

/** Records where the caller is in a class or tutorial ('Continuar viendo' reads it). */
export async function recordProgress(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZProgressInput>,
) {
  const item = await findItem(db, await readerOf(db, user), input.id);
  if (!item) throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  const position = Math.min(Math.floor(input.position), Math.max(item.duration, 0) || Infinity);
  const row = await upsertProgress(db, {
    tenantId: user.tenantId,
    userId: user.id,
    itemId: input.id,
    position,
  });
  return { position: row.position, lastInteractionAt: row.lastInteractionAt };
}

async function checkedItemFiles(
  deps: FileDeps,
  user: AuthUser,
  input: z.infer<typeof ZTrainingItemValues>,
): Promise<z.infer<typeof ZTrainingItemValues>> {
  return {
    ...input,
    miniature: await checkedUrl(deps, user, input.miniature),
    linkOfClass: await checkedUrl(deps, user, input.linkOfClass),
    video: input.video
      ? { ...input.video, url: await checkedUrl(deps, user, input.video.url) }
      : input.video,
  };
}

export async function createItem(
  deps: FileDeps,
  user: AuthUser,
  values: z.infer<typeof ZTrainingItemValues>,
) {
  const { db } = deps;
  await managerOf(db, user);
  checkMediaSize(values.video ? [values.video] : []);
  const input = await checkedItemFiles(deps, user, values);
  const audience = await checkAudience(db, user.tenantId, input.audience);
  const id = await insertItem(db, {
    tenantId: user.tenantId,
    type: input.type,
    title: input.title,
    description: input.description,
    date: input.date,
    duration: input.duration,
    miniature: input.miniature,
    linkOfClass: input.linkOfClass,
    video: input.video,
    groupIds: audience.groupIds,
    roles: input.audience.roles,
    createdBy: user.id,
  });
  return getItem(db, user, id);
}

export async function updateItem(
  deps: FileDeps,
  user: AuthUser,
  change: { id: string; data: z.infer<typeof ZTrainingItemValues> },
) {
  const { db } = deps;
  await managerOf(db, user);
  checkMediaSize(change.data.video ? [change.data.video] : []);
  const input = { id: change.id, data: await checkedItemFiles(deps, user, change.data) };
  const audience = await checkAudience(db, user.tenantId, input.data.audience);
  const { audience: _audience, ...values } = input.data;
  const updated = await updateItemRow(db, user.tenantId, input.id, {
    ...values,
    groupIds: audience.groupIds,
    roles: input.data.audience.roles,
  });
  if (!updated) throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  return getItem(db, user, input.id);
}

export async function deleteItem(db: Executor, user: AuthUser, id: string) {
  await managerOf(db, user);
  if (!(await deleteItemRow(db, user.tenantId, id))) {
    throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  }
  return { id };
}

// Comments.
