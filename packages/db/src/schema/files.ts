import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantColumn } from './columns';

/**
 * Files handed out for upload (issue #30 §5): one row per signed upload URL, keyed by its storage
 * key (`<tenant>/<via>/<uuid>/<name>`). The URL signs the declared size and type; the row makes
 * it single-use (`pending` → `receiving` → `uploaded` for local storage) and remembers the check
 * the server made before a record may point at the file (`checked`). `contact_ids` are the
 * contacts whose timeline items carry the file: who may read it (files of other purposes are the
 * company's, see docs/decisions.md 'Files').
 */
export const uploads = pgTable(
  'uploads',
  {
    tenantId: tenantColumn(),
    key: text('key').notNull(),
    /** Who asked for the URL (null: a file the server stored itself). */
    uploaderId: uuid('uploader_id'),
    via: text('via').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    /**
     * 'pending', 'receiving', 'uploaded' or 'checked'; 'purging' once too old without a record
     * (its stored file is being deleted).
     */
    state: text('state').notNull().default('pending'),
    contactIds: uuid('contact_ids').array().notNull().default([]),
    createdAt: createdAtColumn(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.key] })],
);

export type Upload = typeof uploads.$inferSelect;
