import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  companies,
  contacts,
  customFields,
  sharedOptions,
  type CustomField,
} from '@cartera/db/schema';
import type { CustomFieldEntity } from '@cartera/domain/custom-fields';
import { findInTenant, firstInTenant, insertRow, updateInTenant } from '../../lib/rows';

export async function findFields(db: Executor, tenantId: string, entity: CustomFieldEntity) {
  return db
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.entity, entity)))
    .orderBy(asc(customFields.position), asc(customFields.name));
}

export async function findField(db: Executor, tenantId: string, id: string) {
  return findInTenant(db, customFields, tenantId, id);
}

export async function findFieldByCode(
  db: Executor,
  tenantId: string,
  entity: CustomFieldEntity,
  code: string,
) {
  return firstInTenant(
    db,
    customFields,
    tenantId,
    eq(customFields.entity, entity),
    eq(customFields.code, code),
  );
}

export async function insertField(
  db: Executor,
  values: typeof customFields.$inferInsert,
): Promise<CustomField> {
  return insertRow(db, customFields, values);
}

export async function updateField(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof customFields.$inferInsert>,
) {
  return updateInTenant(db, customFields, tenantId, id, values);
}

export async function findSharedOptions(db: Executor, tenantId: string, fieldIds: string[]) {
  if (fieldIds.length === 0) return [];
  return db
    .select()
    .from(sharedOptions)
    .where(and(eq(sharedOptions.tenantId, tenantId), inArray(sharedOptions.fieldId, fieldIds)))
    .orderBy(asc(sharedOptions.name));
}

export async function insertSharedOption(db: Executor, values: typeof sharedOptions.$inferInsert) {
  return insertRow(db, sharedOptions, values);
}

export async function updateSharedOption(
  db: Executor,
  tenantId: string,
  fieldId: string,
  code: string,
  values: { name: string; backgroundColor: string; color: string },
) {
  const [row] = await db
    .update(sharedOptions)
    .set(values)
    .where(
      and(
        eq(sharedOptions.tenantId, tenantId),
        eq(sharedOptions.fieldId, fieldId),
        eq(sharedOptions.code, code),
      ),
    )
    .returning();
  return row;
}

export async function deleteSharedOption(
  db: Executor,
  tenantId: string,
  fieldId: string,
  code: string,
) {
  const deleted = await db
    .delete(sharedOptions)
    .where(
      and(
        eq(sharedOptions.tenantId, tenantId),
        eq(sharedOptions.fieldId, fieldId),
        eq(sharedOptions.code, code),
      ),
    )
    .returning({ id: sharedOptions.id });
  return deleted.length > 0;
}

/** Ids among `ids` that exist in the tenant, for contact or company references. */
export async function existingIds(
  db: Executor,
  tenantId: string,
  kind: 'contact' | 'company',
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'contact' ? contacts : companies;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The first record other than `exceptId` whose custom value `code` equals `value`, with its
 * owner (the agent of a contact), for unique fields.
 */
export async function findDuplicateValue(
  db: Executor,
  tenantId: string,
  entity: CustomFieldEntity,
  code: string,
  value: unknown,
  exceptId?: string,
) {
  const table = entity === 'contact' ? contacts : companies;
  const filters = [
    eq(table.tenantId, tenantId),
    sql`${table.additionalData} -> ${code} = ${JSON.stringify(value)}::jsonb`,
  ];
  if (exceptId) filters.push(sql`${table.id} <> ${exceptId}`);
  const [row] = await db
    .select({
      id: table.id,
      ownerId: entity === 'contact' ? contacts.agentId : companies.managerId,
    })
    .from(table)
    .where(and(...filters))
    .limit(1);
  return row;
}
