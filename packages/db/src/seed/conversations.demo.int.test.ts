import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, max, ne } from 'drizzle-orm';
import { contacts } from '../schema/contacts';
import { interactions } from '../schema/interactions';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { seedDemo, type DemoData } from './demo';

let database: TestDatabase;
let demo: DemoData;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
});

afterAll(async () => {
  await database?.destroy();
});

describe('conversaciones de demostración', () => {
  it('ochenta contactos tienen una conversación y Martina Conversadora tiene 5.000 interacciones', async () => {
    const { db } = database.handle;
    const perContact = await db
      .select({
        contactId: interactions.contactId,
        items: count(),
        last: max(interactions.createdAt),
      })
      .from(interactions)
      // The request sales' items are seeded apart (request-sales.demo), on contacts of their own.
      .where(and(eq(interactions.tenantId, demo.demo.id), ne(interactions.type, 'saleupdate')))
      .groupBy(interactions.contactId);
    const [martina] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, demo.demo.id), eq(contacts.lastName, 'Conversadora')));
    const long = perContact.find((row) => row.contactId === martina!.id);
    expect(long?.items).toBe(5_000);
    expect(martina!.agentId).toBe(demo.users['vendedor@demo.test']!.id);
    const others = perContact.filter((row) => row.contactId !== martina!.id);
    const conversations = others.filter((row) => row.items > 1);
    expect(conversations).toHaveLength(80);
    expect(conversations.every((row) => row.items >= 3 && row.items <= 15)).toBe(true);
    // Each contact's last interaction is its timeline's newest item, and a contact that lists a
    // last interaction always has one.
    const rows = await db.select().from(contacts).where(eq(contacts.tenantId, demo.demo.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of perContact) {
      expect(byId.get(row.contactId)!.lastInteractionAt?.getTime()).toBe(
        new Date(row.last!).getTime(),
      );
    }
    const withItems = new Set(perContact.map((row) => row.contactId));
    const listed = rows.filter((row) => row.lastInteractionAt !== null);
    expect(listed.length).toBeGreaterThan(300);
    expect(listed.filter((row) => !withItems.has(row.id))).toEqual([]);
  });

  it('mezcla los tipos de una jornada de ventas, en orden', async () => {
    const types = await database.handle.db
      .selectDistinct({ type: interactions.type })
      .from(interactions)
      .where(eq(interactions.tenantId, demo.demo.id));
    expect(types.map((row) => row.type).sort()).toEqual([
      'archiving',
      'note',
      'phoneCall',
      'reminder',
      'saleupdate',
      'tagChange',
      'transfer',
      'visit',
    ]);
  });
});
