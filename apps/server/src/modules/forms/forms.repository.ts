import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, formLinks, forms, type FormFieldRow } from '@cartera/db/schema';
import { firstInTenant } from '../../lib/rows';

/** The company's forms that are not deleted, by name. */
export function findForms(db: Executor, tenantId: string, onlyActive = false) {
  return db
    .select()
    .from(forms)
    .where(
      and(
        eq(forms.tenantId, tenantId),
        isNull(forms.deletedAt),
        onlyActive ? eq(forms.active, true) : undefined,
      ),
    )
    .orderBy(asc(forms.name), asc(forms.id));
}

export function findForm(db: Executor, tenantId: string, id: string) {
  return firstInTenant(db, forms, tenantId, eq(forms.id, id), isNull(forms.deletedAt));
}

/** How many active forms the company has (the menu's count, with its lead channels). */
export async function countActiveForms(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), isNull(forms.deletedAt), eq(forms.active, true)));
  return row?.total ?? 0;
}

export async function insertForm(
  db: Executor,
  values: {
    tenantId: string;
    name: string;
    description: string;
    fields: FormFieldRow[];
    active: boolean;
    createdBy: string;
  },
) {
  const [row] = await db.insert(forms).values(values).returning();
  return row!;
}

export async function updateForm(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<Pick<typeof forms.$inferInsert, 'name' | 'description' | 'fields' | 'active'>>,
) {
  const [row] = await db
    .update(forms)
    .set(values)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id), isNull(forms.deletedAt)))
    .returning();
  return row;
}

export async function markFormDeleted(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .update(forms)
    .set({ deletedAt: new Date() })
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id), isNull(forms.deletedAt)))
    .returning({ id: forms.id });
  return row;
}

export async function insertFormLink(db: Executor, values: typeof formLinks.$inferInsert) {
  const [row] = await db.insert(formLinks).values(values).returning();
  return row!;
}

/**
 * A link by its token with its form (null when the form was deleted); `lock` holds the link's
 * row for the caller's transaction (one answer at a time).
 */
export async function findLinkByToken(db: Executor, token: string, lock = false) {
  const query = db
    .select({ link: formLinks, form: forms, contactAgentId: contacts.agentId })
    .from(formLinks)
    .leftJoin(
      forms,
      and(
        eq(forms.tenantId, formLinks.tenantId),
        eq(forms.id, formLinks.formId),
        isNull(forms.deletedAt),
      ),
    )
    .leftJoin(
      contacts,
      and(eq(contacts.tenantId, formLinks.tenantId), eq(contacts.id, formLinks.contactId)),
    )
    .where(eq(formLinks.token, token));
  const [row] = await (lock ? query.for('update', { of: formLinks }) : query);
  return row;
}

/** The link a channel message carried (a repeated send finds the first one). */
export function findLinkByMessage(db: Executor, tenantId: string, messageId: string) {
  return firstInTenant(db, formLinks, tenantId, eq(formLinks.messageId, messageId));
}

export async function markLinkSubmitted(db: Executor, tenantId: string, id: string, at: Date) {
  await db
    .update(formLinks)
    .set({ submittedAt: at })
    .where(and(eq(formLinks.tenantId, tenantId), eq(formLinks.id, id)));
}

/** Advisory-lock namespace of the public page's answers (the first of the function's two keys). */
const ANSWER_LOCK_SPACE = 7_412;

/**
 * Reserves one answer under each key unless a key already holds its limit since `since`: the
 * counting function of the login attempts (migration 0012), with keys of its own ('form-link:',
 * 'form-ip:'). Answers false when a limit holds (nothing is recorded then).
 */
export async function reserveAnswer(
  db: Executor,
  limits: Array<{ key: string; max: number }>,
  since: Date,
): Promise<boolean> {
  const ordered = [...limits].sort((a, b) => a.key.localeCompare(b.key));
  const result = await db.execute(
    sql`select cartera_reserve_login_attempts(${ANSWER_LOCK_SPACE}, ${sql.param(ordered.map(({ key }) => key))}::text[], ${sql.param(ordered.map(({ max }) => max))}::int[], ${since.toISOString()}::timestamptz) as ids`,
  );
  const rows = (result as unknown as { rows: Array<{ ids: unknown[] | null }> }).rows;
  return rows[0]?.ids != null;
}
