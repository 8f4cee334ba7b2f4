import type { Role } from '@cartera/domain/roles';
import { contactSearchText } from '@cartera/domain/search';
import type { Executor } from '../client';
import { newId } from '@cartera/domain/ids';
import { hashPassword } from '../passwords';
import { groups, type Group, type NewGroup } from '../schema/groups';
import { users, type NewUser, type User } from '../schema/users';
import { companies, sectors, type Company, type NewCompany } from '../schema/companies';
import { contacts } from '../schema/contacts';
import { sharedInboxes } from '../schema/interactions';
import {
  customFields,
  origins,
  sharedOptions,
  statusTags,
  type CustomField,
} from '../schema/custom-fields';

/**
 * Factories shared by the demo seed and the tests: the demo data is built with exactly the code
 * the tests use, so both stay true to the schema.
 */

const passwordHashes = new Map<string, Promise<string>>();

/** Hashing is deliberately slow; a test run reuses one hash per distinct password. */
function cachedHash(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

export const DEMO_PASSWORD = 'Demo1234';

export type TenantInput = Partial<Omit<NewGroup, 'tenantId' | 'id' | 'parentId' | 'ancestors'>> & {
  name: string;
};

/** A root group: one customer of Cartera. Its id is its tenant id. */
export async function createTenant(db: Executor, input: TenantInput): Promise<Group> {
  const id = newId();
  const [tenant] = await db
    .insert(groups)
    .values({ ...input, id, tenantId: id, parentId: null, ancestors: [] })
    .returning();
  return tenant!;
}

export type GroupInput = Partial<Omit<NewGroup, 'tenantId' | 'id' | 'parentId' | 'ancestors'>> & {
  name: string;
};

/** A team under `parent`, inheriting the country of the parent unless told otherwise. */
export async function createGroup(db: Executor, parent: Group, input: GroupInput): Promise<Group> {
  const [group] = await db
    .insert(groups)
    .values({
      country: parent.country,
      ...input,
      tenantId: parent.tenantId,
      parentId: parent.id,
      ancestors: [...parent.ancestors, parent.id],
    })
    .returning();
  return group!;
}

export type UserInput = Partial<
  Omit<NewUser, 'tenantId' | 'groupId' | 'passwordHash' | 'roles'>
> & {
  email: string;
  role?: Role;
  roles?: Role[];
  password?: string;
};

let userSequence = 0;

export async function createUser(db: Executor, group: Group, input: UserInput): Promise<User> {
  const { password = DEMO_PASSWORD, role = 'user', roles, ...rest } = input;
  userSequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      name: `Usuario ${userSequence}`,
      ...rest,
      tenantId: group.tenantId,
      groupId: group.id,
      roles: roles ?? [role],
      passwordHash: await cachedHash(password),
    })
    .returning();
  return user!;
}

/** True when the database holds no group at all: a fresh installation. */
export async function isEmpty(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: groups.id }).from(groups).limit(1);
  return rows.length === 0;
}

export type CompanyInput = Partial<Omit<NewCompany, 'tenantId' | 'id'>> & { businessName: string };

export async function createCompany(db: Executor, tenant: { id: string }, input: CompanyInput) {
  const [company] = await db
    .insert(companies)
    .values({ displayName: input.businessName, ...input, tenantId: tenant.id })
    .returning();
  return company!;
}

export async function createSector(db: Executor, company: Company, name: string) {
  const [sector] = await db
    .insert(sectors)
    .values({ tenantId: company.tenantId, companyId: company.id, name })
    .returning();
  return sector!;
}

export type ContactInput = Partial<Omit<typeof contacts.$inferInsert, 'tenantId' | 'id'>> & {
  firstName: string;
};

/** A contact with its search text kept as the contacts service keeps it. */
export async function createContact(
  db: Executor,
  tenant: { id: string; country?: string },
  input: ContactInput,
) {
  const [contact] = await db
    .insert(contacts)
    .values({
      firstAgentId: input.agentId ?? null,
      ...input,
      tenantId: tenant.id,
      searchText: contactSearchText(input, tenant.country),
    })
    .returning();
  return contact!;
}

export type CustomFieldInput = Partial<Omit<typeof customFields.$inferInsert, 'tenantId' | 'id'>> &
  Pick<typeof customFields.$inferInsert, 'entity' | 'code' | 'name' | 'type'>;

export async function createCustomField(
  db: Executor,
  tenant: { id: string },
  input: CustomFieldInput,
) {
  const [field] = await db
    .insert(customFields)
    .values({ ...input, tenantId: tenant.id })
    .returning();
  return field!;
}

export async function createSharedOption(
  db: Executor,
  field: CustomField,
  input: { code: string; name: string; backgroundColor?: string },
) {
  const [option] = await db
    .insert(sharedOptions)
    .values({ ...input, tenantId: field.tenantId, fieldId: field.id })
    .returning();
  return option!;
}

export async function createStatusTag(
  db: Executor,
  tenant: { id: string },
  input: Omit<typeof statusTags.$inferInsert, 'tenantId' | 'id'>,
) {
  const [tag] = await db
    .insert(statusTags)
    .values({ ...input, tenantId: tenant.id })
    .returning();
  return tag!;
}

export async function createOrigin(
  db: Executor,
  tenant: { id: string },
  input: Omit<typeof origins.$inferInsert, 'tenantId' | 'id'>,
) {
  const [origin] = await db
    .insert(origins)
    .values({ ...input, tenantId: tenant.id })
    .returning();
  return origin!;
}

/** 'Carteras compartidas': the portfolio of `ownerId` shared with `memberIds`. */
export async function createSharedInbox(
  db: Executor,
  tenant: { id: string },
  input: { name: string; ownerId: string; memberIds: string[] },
) {
  const [inbox] = await db
    .insert(sharedInboxes)
    .values({ ...input, tenantId: tenant.id })
    .returning();
  return inbox!;
}
