import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { foldText } from '@cartera/domain/search';
import type { AuthUser } from '../sessions/session.types';
import { findQuickReplies } from './templates.repository';

export const QUICK_REPLY_LIMIT = 50;

export const ZQuickReply = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  entityType: z.string(),
  files: z.array(z.object({ url: z.string(), fileName: z.string(), mimetype: z.string() })),
});

/**
 * The composer's quick replies (03 §4, §5): the tenant's templates and the user's personal ones,
 * searched by title, name or message ignoring case and accents. A template without a title
 * shows its name.
 */
export async function quickReplies(db: Executor, user: AuthUser, search: string | undefined) {
  const term = search ? foldText(search) : undefined;
  const rows = await findQuickReplies(
    db,
    user.tenantId,
    user.id,
    term || undefined,
    QUICK_REPLY_LIMIT,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title || row.name,
    message: row.message,
    type: row.type,
    entityType: row.entityType,
    files: row.files,
  }));
}
