import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { AuthUser } from '../sessions/session.types';
import { readableContact } from '../access/contacts';
import { countByWeekday, findAttachedFiles } from './interactions.repository';
import { COMPANY_TIME_ZONE } from '@cartera/domain/time-zone';
import { es } from '@cartera/domain/i18n';

/** 03 §9: the heatmap covers the last 3 months; files and multimedia come 10 per page. */
export const HEATMAP_MONTHS = 3;
export const FILES_PAGE_SIZE = 10;

const ZTimeZone = z
  .string()
  .max(60)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('es', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, es.validation.timeZoneInvalid);

export const ZHeatmapInput = z.object({
  contactId: z.string().uuid(),
  /** The viewer's IANA time zone, so days are the viewer's days. */
  timeZone: ZTimeZone.default(COMPANY_TIME_ZONE),
});

/**
 * The info panel's activity heatmap (03 §2.1, §9): items per weekday, Sunday (0) to Saturday
 * (6), over the last 3 months, and the best moment: the day with the most (null when empty).
 */
export async function activityHeatmap(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZHeatmapInput>,
  now = new Date(),
) {
  const contact = await readableContact(db, user, input.contactId);
  const since = new Date(now);
  since.setMonth(since.getMonth() - HEATMAP_MONTHS);
  const rows = await countByWeekday(db, user.tenantId, contact.id, since, input.timeZone);
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const row of rows) counts[row.weekday] = row.count;
  const most = Math.max(...counts);
  return { counts, bestWeekday: most > 0 ? counts.indexOf(most) : null };
}

export const ZFilesInput = z.object({
  contactId: z.string().uuid(),
  kind: z.enum(['multimedia', 'files']),
  page: z.number().int().min(0).max(10_000).default(0),
});

export const ZAttachedFile = z.object({
  interactionId: z.string(),
  createdAt: z.date(),
  name: z.string(),
  url: z.string(),
  mimeType: z.string().nullable(),
  size: z.number().nullable(),
});

/** Multimedia or files attached on a contact's timeline, 10 per page, with the total. */
export async function attachedFiles(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZFilesInput>,
) {
  const contact = await readableContact(db, user, input.contactId);
  const rows = await findAttachedFiles(db, user.tenantId, contact.id, input.kind, {
    page: input.page,
    size: FILES_PAGE_SIZE,
  });
  const items = rows.map((row) => {
    const file = (row.file ?? {}) as Record<string, unknown>;
    return {
      interactionId: String(row.interactionId),
      createdAt: new Date(row.createdAt as string),
      name: typeof file.name === 'string' ? file.name : '',
      url: typeof file.url === 'string' ? file.url : '',
      mimeType: typeof file.mimeType === 'string' ? file.mimeType : null,
      size: typeof file.size === 'number' ? file.size : null,
    };
  });
  return { items, total: rows.length ? Number(rows[0]!.total) : 0 };
}
