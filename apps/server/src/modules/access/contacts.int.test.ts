import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createCompany, createContact } from '@cartera/db/factories';
import { companyContacts, contacts, type Company, type Contact } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { SELLER, OTHER_SELLER } from '../../testing/demo-users';

/*
 * Lists and pickers outside the contacts module that return contacts apply the caller's contact
 * scope (issue #20 §1, #19 §7): a seller sees only their own contacts there too.
 */
const env = useDemoApp();

let company: Company;
let mine: Contact;
let theirs: Contact;

beforeAll(async () => {
  const { db } = env.database.handle;
  const seller = env.demo.users[SELLER]!;
  const other = env.demo.users[OTHER_SELLER]!;
  company = await createCompany(db, env.demo.demo, { businessName: 'Alcance Visible SA' });
  mine = await createContact(db, env.demo.demo, {
    firstName: 'Zacarías',
    lastName: 'Propio',
    agentId: seller.id,
  });
  theirs = await createContact(db, env.demo.demo, {
    firstName: 'Zacarías',
    lastName: 'Ajeno',
    agentId: other.id,
  });
  // One of each already in the company, so its detail has a contact of each seller.
  const inCompany = await Promise.all([
    createContact(db, env.demo.demo, { firstName: 'Yolanda', lastName: 'Mía', agentId: seller.id }),
    createContact(db, env.demo.demo, { firstName: 'Yolanda', lastName: 'Suya', agentId: other.id }),
  ]);
  await db.insert(companyContacts).values(
    inCompany.map((contact) => ({
      tenantId: env.demo.demo.id,
      companyId: company.id,
      contactId: contact.id,
      role: '',
    })),
  );
});

/** The agents of these contacts, as stored. */
async function agentsOf(ids: string[]) {
  if (!ids.length) return [];
  const rows = await env.database.handle.db
    .select({ agentId: contacts.agentId })
    .from(contacts)
    .where(inArray(contacts.id, ids));
  return [...new Set(rows.map((row) => row.agentId))];
}

describe('los contactos de una empresa respetan el alcance del usuario', () => {
  it('un vendedor solo puede elegir sus contactos para agregar a la empresa', async () => {
    const result = await env.call(SELLER, 'company.selectableContacts', {
      companyId: company.id,
      search: 'Zacarías',
    });
    expect(result.status).toBe(200);
    const ids = result.data.items.map((item) => item.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(await agentsOf(ids)).toEqual([env.demo.users[SELLER]!.id]);
  });

  it('comercial ve para elegir los contactos de todos', async () => {
    const result = await env.call('comercial@demo.test', 'company.selectableContacts', {
      companyId: company.id,
      search: 'Zacarías',
    });
    expect(result.data.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([mine.id, theirs.id]),
    );
  });

  it('el detalle de la empresa muestra al vendedor solo los contactos que puede ver', async () => {
    const asSeller = await env.call(SELLER, 'company.get', { id: company.id });
    expect(asSeller.data.contacts.map((contact) => contact.lastName)).toEqual(['Mía']);
    const asSupervisorNorth = await env.call('supervisor@demo.test', 'company.get', {
      id: company.id,
    });
    expect(asSupervisorNorth.data.contacts.map((contact) => contact.lastName)).toEqual(['Mía']);
    const asComercial = await env.call('comercial@demo.test', 'company.get', { id: company.id });
    expect(asComercial.data.contacts.map((contact) => contact.lastName).sort()).toEqual([
      'Mía',
      'Suya',
    ]);
  });

  it('agregar a la empresa un contacto ajeno responde CONTACT_NOT_FOUND y no guarda nada', async () => {
    const refused = await env.call(SELLER, 'company.addContacts', {
      companyId: company.id,
      contacts: [mine.id, theirs.id],
      role: 'Compras',
    });
    expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const stored = await env.database.handle.db
      .select()
      .from(companyContacts)
      .where(
        and(
          eq(companyContacts.companyId, company.id),
          inArray(companyContacts.contactId, [mine.id, theirs.id]),
        ),
      );
    expect(stored).toEqual([]);
  });

  it('el selector de contactos de los campos configurables solo trae los del alcance', async () => {
    const result = await env.call(SELLER, 'contact.lookup', { search: 'Zacarías' });
    const ids = result.data.map((item) => item.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });
});
