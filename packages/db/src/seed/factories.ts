import type { Role } from '@cartera/domain/roles';
import type { Executor } from '../client';
import { newId } from '../ids';
import { hashPassword } from '../passwords';
import { groups, type Group, type NewGroup } from '../schema/groups';
import { users, type NewUser, type User } from '../schema/users';

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
