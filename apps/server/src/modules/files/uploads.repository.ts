import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { interactions, uploads, type Upload } from '@cartera/db/schema';
import { firstInTenant } from '../../lib/rows';

export async function insertUpload(
  db: Executor,
  row: Pick<Upload, 'tenantId' | 'key' | 'uploaderId' | 'via' | 'size' | 'contentType'> &
    Partial<Pick<Upload, 'state' | 'contactIds' | 'checkedAt'>>,
) {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Executor, tenantId: string, key: string) {
  return firstInTenant(db, uploads, tenantId, eq(uploads.key, key));
}

/** Takes a pending upload for its one PUT; answers false when it is not pending (or unknown). */
export async function claimUpload(db: Executor, tenantId: string, key: string) {
  const rows = await db
    .update(uploads)
    .set({ state: 'receiving' })
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.key, key), eq(uploads.state, 'pending')))
    .returning({ key: uploads.key });
  return rows.length > 0;
}

/** After the PUT: 'uploaded' when it was stored, back to 'pending' when it failed. */
export async function finishUpload(
  db: Executor,
  tenantId: string,
  key: string,
  state: 'uploaded' | 'pending',
) {
  await db
    .update(uploads)
    .set({ state })
    .where(
      and(eq(uploads.tenantId, tenantId), eq(uploads.key, key), eq(uploads.state, 'receiving')),
    );
}

/**
 * The server found the stored file as declared: records may point at it. False when the upload
 * is being purged (or is gone): it is too old to be attached.
 */
export async function markChecked(db: Executor, tenantId: string, key: string) {
  const rows = await db
    .update(uploads)
    .set({ state: 'checked', checkedAt: new Date() })
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.key, key), ne(uploads.state, 'purging')))
    .returning({ key: uploads.key });
  return rows.length > 0;
}

/**
 * Uploads no record took (never checked) handed out before `before` become 'purging': from now
 * on nothing may point at them. Answers how many.
 */
export async function markUnattachedForPurge(db: Executor, before: Date) {
  const rows = await db
    .update(uploads)
    .set({ state: 'purging' })
    .where(
      and(
        inArray(uploads.state, ['pending', 'receiving', 'uploaded']),
        lt(uploads.createdAt, before),
      ),
    )
    .returning({ key: uploads.key });
  return rows.length;
}

/** The next uploads being purged after `after` (tenant, key order), `limit` of them. */
export async function findPurging(
  db: Executor,
  after: { tenantId: string; key: string } | undefined,
  limit: number,
) {
  return db
    .select({ tenantId: uploads.tenantId, key: uploads.key })
    .from(uploads)
    .where(
      and(
        eq(uploads.state, 'purging'),
        after
          ? sql`(${uploads.tenantId}, ${uploads.key}) > (${after.tenantId}::uuid, ${after.key})`
          : undefined,
      ),
    )
    .orderBy(asc(uploads.tenantId), asc(uploads.key))
    .limit(limit);
}

/** Forgets a purged upload once its stored file is deleted. */
export async function deletePurgedUpload(db: Executor, tenantId: string, key: string) {
  await db
    .delete(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.key, key), eq(uploads.state, 'purging')));
}

/** A contact whose timeline now carries the file (its readers may read it). */
export async function addUploadContact(
  db: Executor,
  tenantId: string,
  key: string,
  contactId: string,
) {
  await db
    .update(uploads)
    .set({ contactIds: sql`array_append(${uploads.contactIds}, ${contactId}::uuid)` })
    .where(
      and(
        eq(uploads.tenantId, tenantId),
        eq(uploads.key, key),
        sql`not (${contactId}::uuid = any(${uploads.contactIds}))`,
      ),
    );
}

/** The contact of a channel message or e-mail item (a file fetched or received for it is that contact's). */
export async function findItemContact(
  db: Executor,
  tenantId: string,
  id: string,
  type: 'channelMessage' | 'email',
) {
  const [row] = await db
    .select({ contactId: interactions.contactId })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.id, id),
        eq(interactions.type, type),
      ),
    );
  return row?.contactId;
}
