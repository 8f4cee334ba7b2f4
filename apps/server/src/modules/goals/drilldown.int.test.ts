import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contacts, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { addDays, metricsDay, weekStart } from '@cartera/domain/metrics';
import { useDemoApp } from '../../testing/demo-app';
import { JAIL, OTHER_SELLER, SELLER, SUPERVISOR, USERS_MANAGER } from '../../testing/demo-users';

/*
 * The records behind a 'Rendimiento' figure (issue #35 item 1): the sales list filtered by seller
 * and sale dates holds exactly the sales the dashboard counts, and the contacts list filtered by
 * seller and period holds the seller's contacts with timeline activity in those days.
 */
const env = useDemoApp({});

const idOf = (email: string) => env.demo.users[email]!.id;
const today = () => metricsDay(new Date());
const slash = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function aContactOf(email: string) {
  const [row] = await env.database.handle.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.agentId, idOf(email))))
    .limit(1);
  return row!.id;
}

describe('Rendimiento lleva a las ventas', () => {
  it('las ventas de un vendedor por fecha de venta son exactamente las que cuenta Rendimiento', async () => {
    const contactId = await aContactOf(SELLER);
    const saleDay = addDays(today(), -20);
    const period = { from: addDays(saleDay, -2), to: addDays(saleDay, 2) };
    const ticket = `DRILL-${newId().slice(-8)}`;
    const receipt = (extra: Record<string, unknown>) => ({
      contactId,
      ticketId: `${ticket}-${newId().slice(-4)}`,
      phone: '+59899111333',
      name: 'Marta Suárez',
      product: 'Plan Hogar',
      value: 990,
      // Entered long before the period: an entry-date filter would not find them.
      entryDate: slash(addDays(saleDay, -30)),
      ...extra,
    });
    for (const extra of [
      { status: 'sold', saleDate: slash(saleDay), ticketSaleId: 'V-10' },
      { status: 'sold', saleDate: slash(period.to), ticketSaleId: 'V-11' },
      // Sold the day after the period, and one still pending: neither is a sale of the period.
      { status: 'sold', saleDate: slash(addDays(period.to, 1)), ticketSaleId: 'V-12' },
      { status: 'pending' },
    ]) {
      const created = await env.call(SELLER, 'receipt.create', receipt(extra));
      expect(created.status).toBe(200);
    }

    const board = await env.call(SUPERVISOR, 'goal.dashboard', {
      period,
      userId: idOf(SELLER),
    });
    expect(board.status).toBe(200);
    const filter = {
      sellerId: idOf(SELLER),
      status: ['sold'],
      dates: 'sale',
      from: period.from,
      to: period.to,
    };
    const list = await env.call(SUPERVISOR, 'receipt.list', { ...filter, limit: 500 });
    expect(list.status).toBe(200);
    const items = list.data.items as Array<{ ticketId: string; saleDate: string }>;
    expect(items).toHaveLength(board.data.totals.sale!);
    expect(
      items
        .filter((item) => item.ticketId.startsWith(ticket))
        .map((item) => item.saleDate)
        .sort(),
    ).toEqual([saleDay, period.to]);
    const count = await env.call(SUPERVISOR, 'receipt.count', filter);
    expect(count.data).toBe(board.data.totals.sale);

    // The same days read as entry dates find none of these sales.
    const byEntry = await env.call(SUPERVISOR, 'receipt.list', {
      ...filter,
      dates: 'entry',
      search: ticket,
    });
    expect(byEntry.data.items).toEqual([]);
  });
});

describe('Rendimiento lleva a los contactos', () => {
  it('los contactos de un vendedor con actividad en el período, y no los de otros días ni de otro vendedor', async () => {
    const lastName = `Actividad${newId().slice(-6)}`;
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Nora',
      lastName,
      phones: [{ phone: `09${String(Date.now()).slice(-7)}`, extensionNumber: '' }],
      emails: [],
      origin: null,
    });
    expect(created.status).toBe(200);
    const contactId = created.data.id as string;
    const note = await env.call(SELLER, 'interaction.createNote', {
      contactId,
      id: newId(),
      body: 'Le llamé por el presupuesto',
    });
    expect(note.status).toBe(200);

    const listed = async (input: Record<string, unknown>) => {
      const result = await env.call(SUPERVISOR, 'contact.list', { search: lastName, ...input });
      expect(result.status).toBe(200);
      return (result.data.items as Array<{ id: string }>).map((item) => item.id);
    };
    const day = today();
    expect(await listed({ agentId: idOf(SELLER), activeFrom: day, activeTo: day })).toEqual([
      contactId,
    ]);
    const yesterday = addDays(day, -1);
    expect(
      await listed({ agentId: idOf(SELLER), activeFrom: yesterday, activeTo: yesterday }),
    ).toEqual([]);
    expect(await listed({ agentId: idOf(OTHER_SELLER), activeFrom: day, activeTo: day })).toEqual(
      [],
    );

    // Its whole timeline moved five days back: the contact belongs to that day, not to today.
    await env.database.handle.db
      .update(interactions)
      .set({ createdAt: new Date(Date.now() - 5 * 24 * 3_600_000) })
      .where(eq(interactions.contactId, contactId));
    expect(await listed({ agentId: idOf(SELLER), activeFrom: day, activeTo: day })).toEqual([]);
    expect(
      await listed({
        agentId: idOf(SELLER),
        activeFrom: addDays(day, -6),
        activeTo: addDays(day, -4),
      }),
    ).toEqual([contactId]);
  });
});

describe('el objetivo del equipo junto a su cifra', () => {
  it('es la suma de los objetivos de sus vendedores contra la suma de sus cifras', async () => {
    const start = weekStart(today());
    const period = { from: start, to: addDays(start, 6) };
    for (const [email, targets] of [
      [SELLER, { tracing: 7, sale: 2 }],
      [JAIL, { tracing: 5 }],
    ] as const) {
      const saved = await env.call(SUPERVISOR, 'goal.save', {
        userId: idOf(email),
        start,
        targets,
      });
      expect(saved.status).toBe(200);
    }
    const board = (await env.call(SUPERVISOR, 'goal.dashboard', { period })).data;
    expect(board.scope.kind).toBe('group');
    const tracing = board.teamGoal.find((each) => each.metric === 'tracing')!;
    expect(tracing.target).toBe(12);
    expect(tracing.value).toBe(
      board.sellers.reduce((sum, seller) => sum + (seller.figures.tracing ?? 0), 0),
    );
    // Only the seller with a sales goal counts towards the team's sales goal.
    const sale = board.teamGoal.find((each) => each.metric === 'sale')!;
    expect(sale.target).toBe(2);
    expect(sale.value).toBe(
      board.sellers.find((seller) => seller.id === idOf(SELLER))!.figures.sale,
    );
    // One seller's board has no team goal.
    const own = (await env.call(SUPERVISOR, 'goal.dashboard', { period, userId: idOf(SELLER) }))
      .data;
    expect(own.teamGoal).toEqual([]);
  });
});

describe('Rendimiento es de quien tiene estadísticas', () => {
  it('un gestor de usuarios (solo «Mi Empresa») no lee Rendimiento ni por tRPC ni por REST', async () => {
    const day = today();
    const board = await env.call(USERS_MANAGER, 'goal.dashboard', {
      period: { from: day, to: day },
    });
    expect(board.status).toBe(403);
    expect(board.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const rows = await env.rest(
      USERS_MANAGER,
      'GET',
      `/api/sellersgoals?startDate=${day}&endDate=${day}`,
    );
    expect(rows).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    const allowed = await env.call(SUPERVISOR, 'goal.dashboard', {
      period: { from: day, to: day },
    });
    expect(allowed.status).toBe(200);
  });
});
