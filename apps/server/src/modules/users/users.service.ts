import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { ROLES } from '@cartera/domain/roles';
import {
  findAgents,
  findLinkedUsers,
  findTenantUsers,
  findUser,
  findUsersByIds,
} from './users.repository';

/*
 * The users of a tenant as other modules read them: one row by id, several by id, the agents a
 * contact may be handed to, the colleagues of a picker, the linked accounts of a person. Writes to
 * users belong to account and auth (and administration later).
 */
export { findAgents, findLinkedUsers, findTenantUsers, findUser, findUsersByIds };

/** 02 §9: lookups answer 15 at most. */
const LOOKUP_LIMIT = 15;

export const ZLookupUsersInput = z.object({
  search: z.string().trim().max(100).optional(),
  ids: z.array(z.string().uuid()).max(100).optional(),
});

export const ZUserSummary = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});

/** Active colleagues of the tenant for pickers (encargado of a company, agents…). */
export async function lookupUsers(
  db: Executor,
  tenantId: string,
  input: z.infer<typeof ZLookupUsersInput>,
) {
  const rows = await findTenantUsers(db, tenantId, {
    search: input.search || undefined,
    ids: input.ids,
    limit: input.ids ? input.ids.length : LOOKUP_LIMIT,
  });
  return rows.map(({ id, name, lastname, email, roles }) => ({
    id,
    name,
    lastname,
    email,
    role: roles[0] ?? 'user',
  }));
}
