import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductType, Role, UserType } from '@cartera/domain/roles';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';
import { groups } from './groups';

/** `defaultChatAction` picks the composer's starting mode (03 §2.2). */
export interface AppearanceConfig {
  defaultChatAction?: 'channel' | 'personal_wpp' | 'note';
}

/** The user's personal config (03 §3 User `personalConfig`, PATCH /user/config/personalConfig). */
export interface PersonalConfig {
  /** Calls made from Cartera ring on the user's own mobile phone (03 §5). */
  callOnPhone?: boolean;
}

export interface PhoneProvider {
  provider: string;
  config: Record<string, unknown>;
}

/** Every field of the User entity of 01 §3, plus what the platform needs to sign in. */
export const users = pgTable(
  'users',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    groupId: uuid('group_id').notNull(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    photo: text('photo'),
    /** The legacy model allows several roles; the first is the one the shell and guards use. */
    roles: text('roles').array().$type<Role[]>().notNull(),
    userType: text('user_type').$type<UserType>().notNull().default('normal'),
    active: boolean('active').notNull().default(true),
    linkedAccountsActive: boolean('linked_accounts_active').notNull().default(false),
    /** Accounts of one person share this key; with linkedAccountsActive they switch among them. */
    linkedAccountKey: text('linked_account_key'),
    phoneProviders: jsonb('phone_providers').$type<PhoneProvider[]>().notNull().default([]),
    forcePasswordChange: boolean('force_password_change').notNull().default(false),
    requirePasswordChangeByPolicy: boolean('require_password_change_by_policy')
      .notNull()
      .default(false),
    /**
     * When the password was last set (issue #17): the company's password expiry counts from it.
     * Rows older than the column (migration 0022) count from the migration.
     */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    showNewVersionPresentation: boolean('show_new_version_presentation').notNull().default(false),
    /** Allowed path prefixes; empty means not confined. */
    jailUrl: text('jail_url')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productType: text('product_type').$type<ProductType>(),
    supportChatToken: text('support_chat_token'),
    color: text('color'),
    phoneWork: text('phone_work'),
    country: text('country'),
    /** The user's extra fields: tags and origins are filtered by them (03 §5). */
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Appearance preferences (03 §3 User `appearanceConfig`, 01 §7 /settings/appearance). */
    appearanceConfig: jsonb('appearance_config').$type<AppearanceConfig>().notNull().default({}),
    personalConfig: jsonb('personal_config').$type<PersonalConfig>().notNull().default({}),
    /** The user's own meetings switch (03 §3 User config.enableMeetings); null: the group's. */
    enableMeetings: boolean('enable_meetings'),
    /** Notice preferences (issue #33 item 2): per notice type, the switches the user changed. */
    notificationPreferences: jsonb('notification_preferences')
      .$type<Record<string, Record<string, boolean>>>()
      .notNull()
      .default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.groupId],
      foreignColumns: [groups.tenantId, groups.id],
      name: 'users_group_fk',
    }),
    // Login looks a user up by e-mail before any tenant is known: e-mails are unique platform-wide.
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_tenant_group_idx').on(table.tenantId, table.groupId),
    // Linked accounts may live in several tenants: looked up by key, like e-mail at login.
    index('users_linked_account_key_idx').on(table.linkedAccountKey),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
