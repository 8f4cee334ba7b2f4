import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CustomFieldEntity,
  CustomFieldOption,
  CustomFieldType,
  OptionsFilter,
  UsersFilter,
} from '@cartera/domain/custom-fields';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/** A configurable field of contacts or companies (02 §3 custom field definition). */
export const customFields = pgTable(
  'custom_fields',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    entity: text('entity').$type<CustomFieldEntity>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<CustomFieldType>().notNull(),
    options: jsonb('options').$type<CustomFieldOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    active: boolean('active').notNull().default(true),
    placeholder: text('placeholder').notNull().default(''),
    uniqueField: boolean('unique_field').notNull().default(false),
    onlyRead: boolean('only_read').notNull().default(false),
    disableForUsers: boolean('disable_for_users').notNull().default(false),
    requiredOnSale: boolean('required_on_sale').notNull().default(false),
    autocomplete: boolean('autocomplete').notNull().default(false),
    defaultValue: jsonb('default_value').$type<unknown>(),
    minChars: integer('min_chars'),
    maxChars: integer('max_chars'),
    optionsFilters: jsonb('options_filters').$type<OptionsFilter[]>().notNull().default([]),
    showOnProspectHeader: boolean('show_on_prospect_header').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('custom_fields_tenant_entity_code_unique').on(
      table.tenantId,
      table.entity,
      table.code,
    ),
  ],
);

/** An option shared by a sharedmultioptions field, editable by users (02 §3 Shared option). */
export const sharedOptions = pgTable(
  'shared_options',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    fieldId: uuid('field_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    backgroundColor: text('background_color').notNull().default('#0080FF'),
    color: text('color').notNull().default('#FFFFFF'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.fieldId],
      foreignColumns: [customFields.tenantId, customFields.id],
      name: 'shared_options_field_fk',
    }).onDelete('cascade'),
    uniqueIndex('shared_options_tenant_field_code_unique').on(
      table.tenantId,
      table.fieldId,
      table.code,
    ),
  ],
);

/** Lead-stage tags of contacts (02 §3 Status tag), filtered per user by 03 §5. */
export const statusTags = pgTable(
  'status_tags',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    active: boolean('active').notNull().default(true),
    usersFilters: jsonb('users_filters').$type<UsersFilter[]>().notNull().default([]),
    groupFilters: uuid('group_filters')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('status_tags_tenant_code_unique').on(table.tenantId, table.code),
  ],
);

/** Where a contact came from (02 §3 Origin), filtered per user like tags, without groups. */
export const origins = pgTable(
  'origins',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    usersFilters: jsonb('users_filters').$type<UsersFilter[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('origins_tenant_code_unique').on(table.tenantId, table.code),
  ],
);

export type CustomField = typeof customFields.$inferSelect;
export type SharedOption = typeof sharedOptions.$inferSelect;
export type StatusTag = typeof statusTags.$inferSelect;
export type Origin = typeof origins.$inferSelect;
