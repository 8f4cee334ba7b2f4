import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { flagOn } from '@cartera/domain/policy';
import { DomainError } from '@cartera/domain/errors';
import { SECTOR_PAGE_SIZE, ZSectorName } from '@cartera/domain/companies';
import { keysetPage } from '../../lib/pagination';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteSectorRow,
  findAffiliations,
  findCompany,
  findCompanyContacts,
  findSector,
  findSectorByName,
  findSectors,
  findSelectableContacts,
  insertAffiliations,
  insertSector,
  type CompanyCursor,
} from './companies.repository';
import { contactScope, visibleContactIds } from '../access/contacts';
import { unlessTaken } from '../../lib/sql';

/** A company's sectors and contacts (issue #4). */

export const ZSector = z.object({ id: z.string(), name: z.string(), companyId: z.string() });

export async function listSectors(
  db: Executor,
  tenantId: string,
  companyId: string,
  input: { search?: string; cursor?: CompanyCursor | null },
) {
  if (!(await findCompany(db, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
  const rows = await findSectors(db, tenantId, companyId, {
    search: input.search || undefined,
    after: input.cursor ?? undefined,
    limit: SECTOR_PAGE_SIZE + 1,
  });
  const page = keysetPage(rows, SECTOR_PAGE_SIZE, (last) => ({
    name: last.name.toLowerCase(),
    id: last.id,
  }));
  return {
    items: page.items.map(({ id, name, companyId: company }) => ({ id, name, companyId: company })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Companies' own sectors are created and deleted only where the company (group) turned them on
 * (flag `enableCompanyGroupSectors`, docs/decisions.md); another company's record is not found
 * first, whatever the caller's flags.
 */
const companySectorsOn = (user: AuthUser) => flagOn(user, 'enableCompanyGroupSectors');

export async function createSector(db: Database, user: AuthUser, companyId: string, name: string) {
  const tenantId = user.tenantId;
  const parsed = ZSectorName.parse(name);
  if (!(await findCompany(db, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
  if (!companySectorsOn(user)) throw new DomainError('DISABLED_FEATURE');
  if (await findSectorByName(db, tenantId, companyId, parsed)) {
    throw new DomainError('SECTOR_NAME_READY_USE');
  }
  return unlessTaken(
    async () => {
      const sector = await insertSector(db, { tenantId, companyId, name: parsed });
      return { id: sector.id, name: sector.name, companyId };
    },
    () => new DomainError('SECTOR_NAME_READY_USE'),
  );
}

export async function deleteSector(db: Database, user: AuthUser, companyId: string, id: string) {
  if (!companySectorsOn(user)) {
    if (!(await findCompany(db, user.tenantId, companyId)))
      throw new DomainError('SECTOR_NOT_FOUND');
    throw new DomainError('DISABLED_FEATURE');
  }
  if (!(await deleteSectorRow(db, user.tenantId, companyId, id)))
    throw new DomainError('SECTOR_NOT_FOUND');
}

export const ZAddContactsInput = z.object({
  contacts: z.array(z.string().uuid()).min(1).max(200),
  sector: z.string().uuid().nullish(),
  role: z.string().trim().max(100).default(''),
});

/**
 * Affiliates contacts the user may see to a company with a role and sector; contacts already in
 * it are refused, and so is any the user may not see (CONTACT_NOT_FOUND, as if it did not exist).
 */
export async function addContacts(
  db: Database,
  user: AuthUser,
  companyId: string,
  input: z.infer<typeof ZAddContactsInput>,
) {
  const { tenantId } = user;
  const scope = await contactScope(db, user);
  return db.transaction(async (tx) => {
    if (!(await findCompany(tx, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
    if (input.sector && !(await findSector(tx, tenantId, companyId, input.sector))) {
      throw new DomainError('SECTOR_NOT_FOUND');
    }
    const wanted = [...new Set(input.contacts)];
    const found = await visibleContactIds(tx, user, wanted);
    if (found.size !== wanted.length) throw new DomainError('CONTACT_NOT_FOUND');
    if ((await findAffiliations(tx, tenantId, companyId, wanted)).length > 0) {
      throw new DomainError('CONTACT_ALREADY_AFFILIATED');
    }
    await insertAffiliations(
      tx,
      wanted.map((contactId) => ({
        tenantId,
        companyId,
        contactId,
        sectorId: input.sector ?? null,
        role: input.role,
      })),
    );
    return findCompanyContacts(tx, tenantId, companyId, scope);
  });
}

/** Contacts the user may see and add to the company (not in it yet), by name, 20 a page. */
export async function selectableContacts(
  db: Executor,
  user: AuthUser,
  companyId: string,
  input: { search?: string; cursor?: CompanyCursor | null },
) {
  const { tenantId } = user;
  if (!(await findCompany(db, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
  const limit = 20;
  const rows = await findSelectableContacts(db, tenantId, companyId, await contactScope(db, user), {
    search: input.search || undefined,
    after: input.cursor ?? undefined,
    limit: limit + 1,
  });
  return keysetPage(rows, limit, (last) => ({
    name: `${last.firstName} ${last.lastName}`.toLowerCase(),
    id: last.id,
  }));
}
