import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contacts } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { addDays, metricsDay, weekStart } from '@cartera/domain/metrics';
import { useDemoApp } from '../../testing/demo-app';
import {
  SELLER,
  OTHER_SELLER as SOUTH_SELLER,
  SUPERVISOR,
  COMERCIAL,
  OTHER_TENANT,
} from '../../testing/demo-users';

/*
 * Goals and the 'Rendimiento' dashboard (issue #16): who sees whom (a supervisor their subtree,
 * a seller themself, another company nothing), figures that move with the events, weekly goals
 * with their status, and the legacy REST paths.
 */
const env = useDemoApp({});

const today = () => metricsDay(new Date());
const thisWeek = () => ({ from: weekStart(today()), to: addDays(weekStart(today()), 6) });
const idOf = (email: string) => env.demo.users[email]!.id;

async function aContactOf(email: string) {
  const [row] = await env.database.handle.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.agentId, idOf(email))))
    .limit(1);
  return row!.id;
}

const rest = (email: string, method: string, path: string, body?: unknown) =>
  env.rest(email, method, path, body);

describe('dashboard scope', () => {
  it("a supervisor sees their group's sellers, and not another group's seller or group", async () => {
    const board = await env.call(SUPERVISOR, 'goal.dashboard', { period: thisWeek() });
    expect(board.status).toBe(200);
    expect(board.data.scope).toMatchObject({ kind: 'group', id: env.demo.north.id });
    expect(board.data.sellers.map((seller) => seller.id).sort()).toEqual(
      [idOf(SELLER), idOf('jail@demo.test')].sort(),
    );
    const seller = await env.call(SUPERVISOR, 'goal.dashboard', {
      period: thisWeek(),
      userId: idOf(SOUTH_SELLER),
    });
    expect(seller.status).toBe(403);
    expect(seller.error?.data.domainCode).toBe('GOAL_ROLES_ERROR');
    const group = await env.call(SUPERVISOR, 'goal.dashboard', {
      period: thisWeek(),
      groupId: env.demo.south.id,
    });
    expect(group.error?.data.domainCode).toBe('GOAL_ROLES_ERROR');
  });

  it('a seller sees only themself; comercial the company; another company nothing', async () => {
    const own = await env.call(SELLER, 'goal.dashboard', { period: thisWeek() });
    expect(own.data.scope).toMatchObject({ kind: 'seller', id: idOf(SELLER) });
    expect(own.data.sellers.map((seller) => seller.id)).toEqual([idOf(SELLER)]);
    const other = await env.call(SELLER, 'goal.dashboard', {
      period: thisWeek(),
      userId: idOf(SOUTH_SELLER),
    });
    expect(other.error?.data.domainCode).toBe('GOAL_ROLES_ERROR');

    const company = await env.call(COMERCIAL, 'goal.dashboard', { period: thisWeek() });
    expect(company.data.scope).toMatchObject({ kind: 'company', name: 'Demo Uruguay' });
    expect(company.data.sellers).toHaveLength(4);

    const foreign = await env.call(OTHER_TENANT, 'goal.dashboard', {
      period: thisWeek(),
      userId: idOf(SELLER),
    });
    expect(foreign.error?.data.domainCode).toBe('GOAL_ROLES_ERROR');
    const foreignGroup = await env.call(OTHER_TENANT, 'goal.dashboard', {
      period: thisWeek(),
      groupId: env.demo.demo.id,
    });
    expect(foreignGroup.error?.data.domainCode).toBe('GOAL_ROLES_ERROR');
  });

  it('refuses a period backwards or longer than a year', async () => {
    for (const period of [
      { from: '2026-03-08', to: '2026-03-02' },
      { from: '2024-01-01', to: '2026-01-01' },
    ]) {
      const refused = await env.call(COMERCIAL, 'goal.dashboard', { period });
      expect(refused.status).toBe(400);
      expect(refused.error?.data.domainCode).toBe('PERIOD_INVALID');
    }
  });

  it('un día que no existe o fuera de rango responde 400, por tRPC y por REST', async () => {
    for (const day of ['2026-02-30', '0000-01-01', '2026-13-01', '10000-01-01']) {
      const period = { from: day, to: day };
      const refused = await env.call(COMERCIAL, 'goal.dashboard', { period });
      expect(refused.status).toBe(400);
      expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
      const legacy = await rest(
        COMERCIAL,
        'GET',
        `/api/sellersgoals?startDate=${day}&endDate=${day}`,
      );
      expect(legacy).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST_BODY' } });
    }
  });
});

describe('figures', () => {
  it("a seller's note raises their tracing in their supervisor's view", async () => {
    const input = { period: thisWeek(), userId: idOf(SELLER) };
    const before = (await env.call(SUPERVISOR, 'goal.dashboard', input)).data;
    const contactId = await aContactOf(SELLER);
    for (const body of ['Llamé y no atendió', 'Segundo intento']) {
      const note = await env.call(SELLER, 'interaction.createNote', {
        contactId,
        id: newId(),
        body,
      });
      expect(note.status).toBe(200);
    }
    const after = (await env.call(SUPERVISOR, 'goal.dashboard', input)).data;
    expect(after.totals.tracing).toBe(before.totals.tracing! + 2);
    const day = after.series.find((each) => each.day === today())!;
    const dayBefore = before.series.find((each) => each.day === today())!;
    expect(day.tracing).toBe(dayBefore.tracing + 2);
    // Two notes on one contact the same day are one contact followed up at most.
    expect(after.totals.singleTracing! - before.totals.singleTracing!).toBeLessThanOrEqual(1);
  });

  it('a sale-type archiving counts in the breakdown by reason, not as a sale', async () => {
    const contactId = await aContactOf(SOUTH_SELLER);
    const input = { period: thisWeek(), userId: idOf(SOUTH_SELLER) };
    const before = (await env.call(COMERCIAL, 'goal.dashboard', input)).data;
    const archived = await env.call(SOUTH_SELLER, 'interaction.archive', {
      contactId,
      id: newId(),
      reason: 'vendido',
    });
    expect(archived.status).toBe(200);
    const after = (await env.call(COMERCIAL, 'goal.dashboard', input)).data;
    expect(after.totals.sale).toBe(before.totals.sale);
    expect(after.totals.archivings).toBe(before.totals.archivings! + 1);
    expect(after.archivings.find((each) => each.reason === 'vendido')).toMatchObject({
      name: 'Vendido',
    });
  });

  it('a sale is a sold receipt, credited to its seller on its sale date', async () => {
    const contactId = await aContactOf(SELLER);
    const input = { period: thisWeek(), userId: idOf(SELLER) };
    const before = (await env.call(SUPERVISOR, 'goal.dashboard', input)).data;
    const day = today();
    const [dd, mm, yyyy] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
    const receipt = (extra: Record<string, unknown>) => ({
      contactId,
      ticketId: `T-${newId().slice(-8)}`,
      phone: '+59899111222',
      name: 'Lucía Fernández',
      product: 'Plan Hogar',
      value: 1290,
      ...extra,
    });
    const sold = await env.call(
      SELLER,
      'receipt.create',
      receipt({ status: 'sold', saleDate: `${dd}/${mm}/${yyyy}`, ticketSaleId: 'V-1' }),
    );
    expect(sold.status).toBe(200);
    const pending = await env.call(SELLER, 'receipt.create', receipt({ status: 'pending' }));
    expect(pending.status).toBe(200);
    const soldNow = (await env.call(SUPERVISOR, 'goal.dashboard', input)).data;
    expect(soldNow.totals.sale).toBe(before.totals.sale! + 1);
    expect(soldNow.series.find((each) => each.day === day)!.sale).toBe(
      before.series.find((each) => each.day === day)!.sale + 1,
    );
    expect(soldNow.sellers.find((each) => each.id === idOf(SELLER))!.figures.sale).toBe(
      before.sellers.find((each) => each.id === idOf(SELLER))!.figures.sale! + 1,
    );

    // The pending one sold today counts too; a canceled sale no longer does.
    const changed = await env.call(COMERCIAL, 'receipt.changeStatus', {
      id: pending.data!.id,
      status: 'sold',
      saleDate: `${dd}/${mm}/${yyyy}`,
      ticketSaleId: 'V-2',
    });
    expect(changed.status).toBe(200);
    const canceled = await env.call(COMERCIAL, 'receipt.cancel', { id: sold.data!.id });
    expect(canceled.status).toBe(200);
    const after = (await env.call(SUPERVISOR, 'goal.dashboard', input)).data;
    expect(after.totals.sale).toBe(before.totals.sale! + 1);
  });
});

describe('weekly goals', () => {
  it('a supervisor sets a goal for their seller, who sees its progress and status', async () => {
    const start = weekStart(today());
    const saved = await env.call(SUPERVISOR, 'goal.save', {
      userId: idOf(SELLER),
      start,
      targets: { tracing: 1, contacts: 500 },
    });
    expect(saved.status).toBe(200);
    const own = (await env.call(SELLER, 'goal.dashboard', { period: thisWeek() })).data;
    const goal = own.sellers[0]!.goal!;
    expect(goal.targets).toEqual({ tracing: 1, contacts: 500 });
    expect(goal.progress.map((each) => each.metric)).toEqual(['contacts', 'tracing']);
    expect(goal.progress.find((each) => each.metric === 'contacts')?.status).toBe('behind');

    const list = await env.call(SUPERVISOR, 'goal.list', { start });
    expect(list.data.items.find((item) => item.id === idOf(SELLER))?.goal?.targets).toEqual({
      tracing: 1,
      contacts: 500,
    });
    const legacy = await rest(SUPERVISOR, 'GET', `/api/goal?start=${start}`);
    const records = legacy.body as unknown as Array<{ user: string; goal: unknown }>;
    // The supervisor's sellers only (the demo seeds a goal a week for each seller).
    expect(records.map((record) => record.user).sort()).toEqual(
      [idOf(SELLER), idOf('jail@demo.test')].sort(),
    );
    expect(records.find((record) => record.user === idOf(SELLER))).toMatchObject({
      type: 'weekly',
      goal: [{ tracing: 1, contacts: 500 }, { sale: 0 }],
    });
  });

  it("refuses another group's seller, a week not starting on Monday, and sellers", async () => {
    const start = weekStart(today());
    const south = await env.call(SUPERVISOR, 'goal.save', {
      userId: idOf(SOUTH_SELLER),
      start,
      targets: { sale: 3 },
    });
    expect(south.error?.data.domainCode).toBe('GOAL_SELLER_INVALID');
    const tuesday = await env.call(COMERCIAL, 'goal.save', {
      userId: idOf(SOUTH_SELLER),
      start: addDays(start, 1),
      targets: { sale: 3 },
    });
    expect(tuesday.error?.data.domainCode).toBe('GOAL_WEEK_INVALID');
    const bySeller = await env.call(SELLER, 'goal.save', {
      userId: idOf(SELLER),
      start,
      targets: {},
    });
    expect(bySeller.status).toBe(403);
    // Nothing was stored: the south seller keeps the demo's goal of the week.
    const list = await env.call(COMERCIAL, 'goal.list', { start });
    expect(
      list.data.items.find((item) => item.id === idOf(SOUTH_SELLER))?.goal?.targets.sale,
    ).not.toBe(3);
  });

  it('the company goal config starts with the default metrics and keeps a history', async () => {
    const initial = await rest(COMERCIAL, 'GET', `/api/group/${env.demo.north.id}/goalconfig`);
    expect(initial.body.metrics).toEqual([
      { reference: 'contacts', hidden: false },
      { reference: 'contactsTaken', hidden: true },
      { reference: 'tracing', hidden: false },
      { reference: 'singleTracing', hidden: true },
      { reference: 'sale', hidden: false },
    ]);
    const saved = await rest(COMERCIAL, 'PUT', `/api/group/${env.demo.demo.id}/goalconfig`, {
      startDate: '2020-01-06',
      metrics: [
        { reference: 'sale', hidden: false },
        { reference: 'tracing', hidden: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.metrics).toEqual([
      { reference: 'sale', hidden: false },
      { reference: 'tracing', hidden: true },
    ]);
    const repeated = await env.call(COMERCIAL, 'goal.saveConfig', {
      startDate: '2020-01-06',
      metrics: [
        { reference: 'sale', hidden: false },
        { reference: 'sale', hidden: true },
      ],
    });
    expect(repeated.status).toBe(400);
    expect((await env.call(COMERCIAL, 'goal.config')).data.history).toHaveLength(1);
    const foreign = await rest(COMERCIAL, 'GET', `/api/group/${env.demo.other.id}/goalconfig`);
    expect(foreign.status).toBe(404);
    // The same code as the other /group/{id}/… paths (wave3-map §4.5).
    expect((foreign.body as { code?: string }).code).toBe('GROUP_NOT_FOUND');
    const bySupervisor = await rest(
      SUPERVISOR,
      'PUT',
      `/api/group/${env.demo.demo.id}/goalconfig`,
      {
        startDate: '2020-01-06',
        metrics: [{ reference: 'sale', hidden: false }],
      },
    );
    expect(bySupervisor.status).toBe(403);
  });

  it('legacy lists answer within the caller’s scope', async () => {
    const users = await rest(SUPERVISOR, 'GET', '/api/singleGoal/getAUserWithRole');
    expect(
      (users.body as unknown as Array<{ _id: string }>).map((each) => each._id).sort(),
    ).toEqual([idOf(SELLER), idOf('jail@demo.test')].sort());
    const status = await rest(COMERCIAL, 'GET', '/api/singleGoal/statusByGroup');
    expect(status.status).toBe(200);
    const page = await rest(COMERCIAL, 'GET', '/api/singleGoal?page=1&limit=2&search=vict');
    expect(page.body).toMatchObject({ total: 1, items: [{ id: idOf(SOUTH_SELLER) }] });
    const { from, to } = thisWeek();
    const sellers = await rest(
      SUPERVISOR,
      'GET',
      `/api/sellersgoals?startDate=${from}&endDate=${to}&availableMetrics=tracing`,
    );
    const rows = sellers.body.sellers as Array<{ id: string; figures: Record<string, unknown> }>;
    expect(rows.map((row) => row.id).sort()).toEqual([idOf(SELLER), idOf('jail@demo.test')].sort());
    expect(rows[0]!.figures.sale).toBeNull();
    expect(typeof rows[0]!.figures.tracing).toBe('number');
    expect((await rest(SELLER, 'GET', '/api/singleGoal')).status).toBe(403);
  });
});
