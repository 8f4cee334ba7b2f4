import type { AppDeps } from '../../deps';
import { deletePurgedUpload, findPurging, markUnattachedForPurge } from './uploads.repository';

/**
 * How long an upload may wait for a record to point at it (docs/decisions.md 'Purge of
 * unattached uploads'): its signed URL lives at most 7 days (MAX_UPLOAD_URL_TTL_SECONDS), then
 * a week more for a form left open to be saved.
 */
export const UNATTACHED_UPLOAD_DAYS = 14;

const BATCH = 100;

/**
 * Deletes the uploads no record took within UNATTACHED_UPLOAD_DAYS: first they are marked
 * 'purging' (no record may take them from then on), then each stored file is deleted and only
 * then its row, so a file whose deletion fails is tried again on the next run. A file a record
 * checked (`checked`) is never purged here, even if that record is gone.
 */
export async function purgeUnattachedUploads(
  deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>,
  now = new Date(),
) {
  const before = new Date(now.getTime() - UNATTACHED_UPLOAD_DAYS * 24 * 60 * 60 * 1000);
  const marked = await markUnattachedForPurge(deps.db, before);
  let purged = 0;
  let failed = 0;
  let after: { tenantId: string; key: string } | undefined;
  for (;;) {
    const batch = await findPurging(deps.db, after, BATCH);
    for (const upload of batch) {
      try {
        await deps.storage.remove(upload.key);
        await deletePurgedUpload(deps.db, upload.tenantId, upload.key);
        purged++;
      } catch (error) {
        failed++;
        deps.logger.warn({ err: error, key: upload.key }, 'files: an unattached upload stays');
      }
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1);
  }
  return { marked, purged, failed };
}
