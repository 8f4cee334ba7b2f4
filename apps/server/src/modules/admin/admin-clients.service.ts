import { z } from 'zod';
import type { Database } from '@cartera/db/client';
import { hashPassword } from '@cartera/db/passwords';
import type { ZCreateClientInput } from '@cartera/domain/admin';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import type { AuthSession } from '../sessions/session.types';
import { emailTaken, insertGroup, insertUser } from './admin.repository';
import { recordAudit, type RequestOrigin } from '../audit/audit.service';
import { unlessTaken } from '../../lib/sql';

/*
 * POST /client (01 §7 'Groups and company'): a platform admin opens a new client company. The
 * company is a tenant of its own (its root group); its first user is a comercial of that root
 * group who signs in with the first password and must change it. Decisions in docs/decisions.md
 * ('Mi Empresa' › 'A new client company').
 */

export const ZCreatedClient = z.object({
  id: z.string().uuid(),
  name: z.string(),
  country: z.string(),
  user: z.object({ id: z.string().uuid(), email: z.string() }),
});
export type CreatedClient = z.infer<typeof ZCreatedClient>;

export async function createClient(
  db: Database,
  session: AuthSession,
  input: z.output<typeof ZCreateClientInput>,
  from: RequestOrigin,
): Promise<CreatedClient> {
  const passwordHash = await hashPassword(input.user.password);
  return unlessTaken(
    () =>
      db.transaction(async (tx) => {
        if (await emailTaken(tx, input.user.email)) throw new DomainError('USER_EMAIL_TAKEN');
        const id = newId();
        const company = await insertGroup(tx, {
          tenantId: id,
          id,
          parentId: null,
          ancestors: [],
          name: input.name,
          displayName: input.displayName || null,
          country: input.country,
        });
        const user = await insertUser(tx, {
          tenantId: id,
          id: newId(),
          groupId: id,
          name: input.user.name,
          lastname: input.user.lastname,
          email: input.user.email,
          roles: ['comercial'],
          country: input.country,
          passwordHash,
          // The first sign-in asks for a new password, as for every invited user.
          forcePasswordChange: true,
        });
        // Kept in the new company's log, with the admin as the actor.
        await recordAudit(
          tx,
          { actor: session, from },
          {
            action: 'client.create',
            targetType: 'group',
            targetId: id,
            groupId: id,
            tenantId: id,
            before: null,
            after: { name: company.name, country: company.country, email: user.email },
          },
        );
        return {
          id,
          name: company.name,
          country: company.country,
          user: { id: user.id, email: user.email },
        };
      }),
    () => new DomainError('USER_EMAIL_TAKEN'),
  );
}
