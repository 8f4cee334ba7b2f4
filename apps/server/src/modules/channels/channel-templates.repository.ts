import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelTemplates } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';
import { findInTenant } from '../../lib/rows';

/** A channel's WhatsApp templates as the provider reports them. */

/** A channel's templates, by name and language. */
export function findTemplates(db: Executor, tenantId: string, channelId: string) {
  return db
    .select()
    .from(channelTemplates)
    .where(and(eq(channelTemplates.tenantId, tenantId), eq(channelTemplates.channelId, channelId)))
    .orderBy(asc(channelTemplates.name), asc(channelTemplates.language));
}

export async function findTemplate(db: Executor, tenantId: string, id: string) {
  return findInTenant(db, channelTemplates, tenantId, id);
}

/** Writes templates as the provider reports them (matched by name and language). */
export async function upsertTemplates(
  db: Executor,
  rows: Array<typeof channelTemplates.$inferInsert>,
) {
  if (!rows.length) return;
  await db
    .insert(channelTemplates)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        channelTemplates.tenantId,
        channelTemplates.channelId,
        channelTemplates.name,
        channelTemplates.language,
      ],
      set: {
        status: sql`excluded.status`,
        category: sql`excluded.category`,
        body: sql`excluded.body`,
        components: sql`excluded.components`,
        providerTemplateId: sql`excluded.provider_template_id`,
        updatedAt: sql`now()`,
      },
    });
}

/** Removes templates of a tenant by id (those the provider no longer has). */
export async function deleteTemplateRows(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .delete(channelTemplates)
    .where(and(eq(channelTemplates.tenantId, tenantId), inArray(channelTemplates.id, ids)));
}

export async function deleteTemplateRow(db: Executor, tenantId: string, id: string) {
  await db.delete(channelTemplates).where(idInTenant(channelTemplates, tenantId, id));
}
