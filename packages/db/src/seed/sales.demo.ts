import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { foldText } from '@cartera/domain/search';
import { newId } from '@cartera/domain/ids';
import type { Executor } from '../client';
import { contacts } from '../schema/contacts';
import type { Group } from '../schema/groups';
import { receipts, type NewReceipt, type StoredProductLine } from '../schema/sales';
import type { User } from '../schema/users';
import { generator } from './contacts.demo';

/*
 * Sales and presales of Demo Uruguay (issue #14): 300 receipts over the last six months on the
 * demo sellers' contacts, a tenth of them presales, some canceled (half without a reason) and a
 * fifth multiline. Seeded generator, so two runs store the same data (ids and dates aside, which
 * follow the clock). No timeline items: the sales back office reads the receipts themselves.
 */
export const DEMO_RECEIPTS = 300;

const DAY_MS = 24 * 60 * 60 * 1000;

const PRODUCTS: ReadonlyArray<{ name: string; code: string; category: string; value: number }> = [
  { name: 'Plan Hogar 100 Mb', code: 'HOG-100', category: 'Internet', value: 1290 },
  { name: 'Plan Hogar 300 Mb', code: 'HOG-300', category: 'Internet', value: 1790 },
  { name: 'Plan Móvil 20 GB', code: 'MOV-20', category: 'Telefonía', value: 690 },
  { name: 'Plan Móvil Ilimitado', code: 'MOV-ILI', category: 'Telefonía', value: 1190 },
  { name: 'Decodificador TV', code: 'TV-DEC', category: 'Televisión', value: 450 },
  { name: 'Paquete Deportes', code: 'TV-DEP', category: 'Televisión', value: 590 },
  { name: 'Router WiFi 6', code: 'EQ-RT6', category: 'Equipos', value: 2490 },
];

const CANCEL_REASONS = ['El cliente desistió', 'Sin cobertura en la zona', 'Datos incorrectos'];

const SELLERS = ['vendedor@demo.test', 'vendedora@demo.test', 'cambio@demo.test', 'jail@demo.test'];

export async function seedSalesDemo(
  db: Executor,
  { demo, users }: { demo: Group; users: Record<string, User> },
) {
  const random = generator(14_014);
  const sellerIds = SELLERS.map((email) => users[email]!.id);
  const sellerContacts = await db
    .select({
      id: contacts.id,
      agentId: contacts.agentId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      govId: contacts.govId,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, demo.id), isNotNull(contacts.agentId)))
    .orderBy(asc(contacts.createdAt));
  const mine = sellerContacts.filter(
    (contact) => sellerIds.includes(contact.agentId!) && contact.phones.length > 0,
  );
  const now = Date.now();
  const rows: Array<NewReceipt & { id: string }> = [];
  for (let index = 0; index < DEMO_RECEIPTS; index++) {
    const contact = random.pick(mine);
    const enteredMs = now - Math.floor(random.next() * 182 * DAY_MS);
    const entryDate = new Date(enteredMs).toISOString().slice(0, 10);
    const presale = random.chance(0.1);
    const multiline = random.chance(0.2);
    const lines: StoredProductLine[] = Array.from(
      { length: multiline ? 2 + random.int(3) : 1 },
      () => {
        const product = random.pick(PRODUCTS);
        return {
          name: product.name,
          code: product.code,
          category: product.category,
          quantity: product.category === 'Equipos' ? 1 + random.int(2) : 1,
          value: product.value,
        };
      },
    );
    const roll = random.next();
    const status = presale
      ? roll < 0.5
        ? 'new'
        : 'pending'
      : roll < 0.6
        ? 'sold'
        : roll < 0.72
          ? 'pending'
          : roll < 0.85
            ? 'new'
            : 'canceled';
    const sold = status === 'sold';
    const saleDate = sold
      ? new Date(Math.min(now, enteredMs + random.int(10) * DAY_MS)).toISOString().slice(0, 10)
      : null;
    const name = `${contact.firstName} ${contact.lastName ?? ''}`.trim();
    const phone = contact.phones[0]!;
    const ticket = 10_000 + index;
    rows.push({
      tenantId: demo.id,
      id: newId(enteredMs),
      kind: presale ? 'presale' : 'receipt',
      ticketId: `T-${ticket}`,
      ticketSaleId: sold ? `V-${ticket}` : null,
      entryDate,
      saleDate,
      phone,
      phoneDigits: phone.replace(/\D/g, ''),
      name,
      nameFolded: foldText(name),
      govId: contact.govId,
      product: lines[0]!.name,
      value: lines.reduce((sum, line) => sum + line.value * line.quantity, 0),
      productImage: null,
      type: presale ? 'preventa' : 'venta',
      city: random.pick(['Montevideo', 'Canelones', 'Maldonado', 'Salto', 'Paysandú']),
      saleStructureType: multiline ? 'multiline' : 'simple',
      productLines: lines,
      status,
      cancelReason:
        status === 'canceled' && random.chance(0.5) ? random.pick(CANCEL_REASONS) : null,
      canceledAt: status === 'canceled' ? new Date(enteredMs + DAY_MS) : null,
      userLock: random.chance(0.1),
      contactId: contact.id,
      sellerId: contact.agentId,
      createdBy: users['comercial@demo.test']!.id,
      additionalData: {},
      createdAt: new Date(enteredMs),
      updatedAt: new Date(enteredMs),
    });
  }
  for (let start = 0; start < rows.length; start += 100) {
    await db.insert(receipts).values(rows.slice(start, start + 100));
  }
  return { receipts: rows.length };
}
