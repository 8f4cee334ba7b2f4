import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '@cartera/domain/ids';

/** Primary identifier of a row, generated in the application (UUIDv7). */
export const idColumn = () =>
  uuid('id')
    .notNull()
    .$defaultFn(() => newId());

/** The tenant (root group) that owns a row; leads every key and index of tenant-owned tables. */
export const tenantColumn = () => uuid('tenant_id').notNull();

export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
