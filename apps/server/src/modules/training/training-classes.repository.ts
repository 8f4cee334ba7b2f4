import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { trainingItems, trainingProgress } from '@cartera/db/schema';
import { trainingItemCondition, type TrainingReader } from '../access/training';
import type { TrainingItemType } from '@cartera/domain/training';
import { idInTenant } from '../../lib/sql';

/** Classes and tutorials of 'Aprender' and each user's progress in them. */

const itemColumns = {
  id: trainingItems.id,
  type: trainingItems.type,
  title: trainingItems.title,
  description: trainingItems.description,
  date: trainingItems.date,
  duration: trainingItems.duration,
  miniature: trainingItems.miniature,
  linkOfClass: trainingItems.linkOfClass,
  video: trainingItems.video,
  groupIds: trainingItems.groupIds,
  roles: trainingItems.roles,
  position: trainingProgress.position,
  lastInteractionAt: trainingProgress.lastInteractionAt,
};

function itemsFrom(db: Executor, reader: TrainingReader) {
  return db
    .select(itemColumns)
    .from(trainingItems)
    .leftJoin(
      trainingProgress,
      and(
        eq(trainingProgress.tenantId, trainingItems.tenantId),
        eq(trainingProgress.itemId, trainingItems.id),
        eq(trainingProgress.userId, reader.id),
      ),
    );
}

export type TrainingItemRow = Awaited<ReturnType<typeof findItem>>;

export async function findItem(db: Executor, reader: TrainingReader, id: string) {
  const [row] = await itemsFrom(db, reader).where(
    and(
      eq(trainingItems.tenantId, reader.tenantId),
      eq(trainingItems.id, id),
      trainingItemCondition(reader),
    ),
  );
  return row ?? null;
}

/**
 * A page of the classes or tutorials the reader may see, newest date first; with
 * `lastInteraction` only those the reader opened, the most recent first ('Continuar viendo').
 */
export async function findItems(
  db: Executor,
  reader: TrainingReader,
  query: { type: TrainingItemType; lastInteraction: boolean; offset: number; limit: number },
) {
  const where = and(
    eq(trainingItems.tenantId, reader.tenantId),
    eq(trainingItems.type, query.type),
    trainingItemCondition(reader),
    query.lastInteraction ? sql`${trainingProgress.userId} is not null` : undefined,
  );
  const order = query.lastInteraction
    ? [desc(trainingProgress.lastInteractionAt), desc(trainingItems.id)]
    : [desc(trainingItems.date), desc(trainingItems.id)];
  const [rows, [total]] = await Promise.all([
    itemsFrom(db, reader)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(trainingItems)
      .leftJoin(
        trainingProgress,
        and(
          eq(trainingProgress.tenantId, trainingItems.tenantId),
          eq(trainingProgress.itemId, trainingItems.id),
          eq(trainingProgress.userId, reader.id),
        ),
      )
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertItem(db: Executor, values: typeof trainingItems.$inferInsert) {
  const [row] = await db.insert(trainingItems).values(values).returning({ id: trainingItems.id });
  return row!.id;
}

export async function updateItem(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof trainingItems.$inferInsert>,
) {
  const rows = await db
    .update(trainingItems)
    .set(values)
    .where(idInTenant(trainingItems, tenantId, id))
    .returning({ id: trainingItems.id });
  return rows.length > 0;
}

export async function deleteItem(db: Executor, tenantId: string, id: string) {
  const rows = await db
    .delete(trainingItems)
    .where(idInTenant(trainingItems, tenantId, id))
    .returning({ id: trainingItems.id });
  return rows.length > 0;
}

export async function upsertProgress(
  db: Executor,
  values: { tenantId: string; userId: string; itemId: string; position: number },
) {
  const now = new Date();
  const [row] = await db
    .insert(trainingProgress)
    .values({ ...values, lastInteractionAt: now })
    .onConflictDoUpdate({
      target: [trainingProgress.tenantId, trainingProgress.userId, trainingProgress.itemId],
      set: { position: values.position, lastInteractionAt: now },
    })
    .returning();
  return row!;
}
