import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { requestTemplates, type RequestTemplateRow } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** The company's request templates and their autoincrement counters. */

export async function findTemplates(
  db: Executor,
  tenantId: string,
  options: { includeInactive?: boolean } = {},
) {
  return db
    .select()
    .from(requestTemplates)
    .where(
      and(
        eq(requestTemplates.tenantId, tenantId),
        options.includeInactive ? undefined : eq(requestTemplates.active, true),
      ),
    )
    .orderBy(
      desc(requestTemplates.isDefault),
      asc(requestTemplates.title),
      asc(requestTemplates.id),
    );
}

export async function findTemplate(
  db: Executor,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(requestTemplates)
    .where(idInTenant(requestTemplates, tenantId, id))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** The default active template, else the oldest active one. */
export async function findDefaultTemplate(db: Executor, tenantId: string) {
  const [row] = await db
    .select()
    .from(requestTemplates)
    .where(and(eq(requestTemplates.tenantId, tenantId), eq(requestTemplates.active, true)))
    .orderBy(desc(requestTemplates.isDefault), asc(requestTemplates.id))
    .limit(1);
  return row;
}

export type TemplateValues = Omit<
  RequestTemplateRow,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'autoincrementCounter' | 'createdBy' | 'active'
>;

export async function insertTemplate(
  db: Executor,
  values: TemplateValues & { tenantId: string; id: string; createdBy: string },
) {
  await db.insert(requestTemplates).values(values);
}

export async function updateTemplate(
  db: Executor,
  tenantId: string,
  id: string,
  patch: Partial<TemplateValues & { active: boolean }>,
) {
  await db
    .update(requestTemplates)
    .set(patch)
    .where(idInTenant(requestTemplates, tenantId, id));
}

/** One default a tenant: the others stop being it. */
export async function clearOtherDefaults(db: Executor, tenantId: string, keepId: string) {
  await db
    .update(requestTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(requestTemplates.tenantId, tenantId),
        ne(requestTemplates.id, keepId),
        eq(requestTemplates.isDefault, true),
      ),
    );
}

/** Takes `count` numbers of the template's autoincrement counter; answers the first. */
export async function takeAutoincrement(
  db: Executor,
  tenantId: string,
  templateId: string,
  count: number,
) {
  const [row] = await db
    .update(requestTemplates)
    .set({ autoincrementCounter: sql`${requestTemplates.autoincrementCounter} + ${count}` })
    .where(idInTenant(requestTemplates, tenantId, templateId))
    .returning({ last: requestTemplates.autoincrementCounter });
  return (row?.last ?? count) - count + 1;
}
