import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { interactions } from '@cartera/db/schema';
import { HISTORY_INTERACTION_TYPES } from '@cartera/domain/actions-history';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import {
  ADMIN,
  COMERCIAL,
  OTHER_SELLER,
  OTHER_TENANT,
  PROJECT_MANAGER,
  SELLER,
  SUPERVISOR,
} from '../../testing/demo-users';

/*
 * 'Historial de acciones' (issue #44 item 2): what the users the caller reaches did, newest first,
 * from the timelines, the sessions and the administrative changes; filtered by user, team, action
 * and period; paged by id; the same list as a workbook. A supervisor reaches their team only, a
 * seller nothing, and a note's text never leaves the timeline.
 */
const env = useDemoApp();
const db = () => env.database.handle.db;
const idOf = (email: string) => env.demo.users[email]!.id;

let contactId: string;
let otherContactId: string;
const secret = 'Texto privado de la nota: su tarjeta termina en 4242';

let taggedId: string;

beforeAll(async () => {
  // Signed in first: each sign-in is an action of its own, older than what follows.
  for (const email of [SELLER, OTHER_SELLER, COMERCIAL]) await env.tokenOf(email);
  contactId = (await env.phoneContactOf(SELLER)).id;
  otherContactId = (await env.phoneContactOf(OTHER_SELLER)).id;
  const note = await env.call(SELLER, 'interaction.createNote', {
    contactId,
    id: newId(),
    body: secret,
  });
  expect(note.error).toBeUndefined();
  const other = await env.call(OTHER_SELLER, 'interaction.createNote', {
    contactId: otherContactId,
    id: newId(),
    body: 'Nota del equipo Sur',
  });
  expect(other.error).toBeUndefined();
  // A transfer and a tag change as their services write them.
  taggedId = newId();
  await db()
    .insert(interactions)
    .values([
      {
        id: newId(),
        tenantId: env.demo.demo.id,
        contactId,
        type: 'transfer',
        agentId: idOf(SELLER),
        content: { toUser: { _id: idOf(OTHER_SELLER), name: 'Valentina', lastname: 'Sur' } },
      },
      {
        id: taggedId,
        tenantId: env.demo.demo.id,
        contactId,
        type: 'tagChange',
        agentId: idOf(SELLER),
        content: { from: 'Interesado', to: 'Cliente' },
      },
    ]);
});

type Page = {
  entries: Array<{
    id: string;
    kind: string;
    label: string;
    detail: string | null;
    user: { id: string; name: string } | null;
    record: { type: string; id: string; name: string | null } | null;
  }>;
  nextCursor: string | null;
};

async function history(email: string, input: Record<string, unknown> = {}) {
  const result = await env.call(email, 'actionsHistory.list', input);
  expect(result.error, JSON.stringify(result.error)).toBeUndefined();
  return result.data as Page;
}

describe('historial de acciones', () => {
  it('el comercial ve lo que hicieron los vendedores, sin el texto de las notas', async () => {
    const page = await history(COMERCIAL, { userId: idOf(SELLER) });
    const kinds = page.entries.map((entry) => entry.kind);
    expect(kinds.slice(0, 3)).toEqual(['transfer', 'tag', 'note']);
    const [transfer, tag, note] = page.entries;
    expect(tag).toMatchObject({ label: 'Cambio de etiqueta', detail: 'De Interesado a Cliente' });
    expect(transfer).toMatchObject({ label: 'Transferencia', detail: 'A Valentina Sur' });
    expect(note).toMatchObject({ label: 'Nota', detail: null });
    expect(note!.user?.id).toBe(idOf(SELLER));
    expect(note!.record).toMatchObject({ type: 'contact', id: contactId });
    expect(note!.record!.name).toBeTruthy();
    expect(JSON.stringify(page)).not.toContain('4242');
    // Signing in is an action too.
    const sessions = await history(COMERCIAL, { userId: idOf(SELLER), kind: 'session' });
    expect(sessions.entries[0]).toMatchObject({ kind: 'session', label: 'Inició sesión' });
  });

  it('el supervisor ve a su equipo y nada de otro; el vendedor no abre el historial', async () => {
    const page = await history(SUPERVISOR, { kind: 'note' });
    const authors = new Set(page.entries.map((entry) => entry.user?.id));
    expect(authors.has(idOf(SELLER))).toBe(true);
    expect(authors.has(idOf(OTHER_SELLER))).toBe(false);
    const outside = await env.call(SUPERVISOR, 'actionsHistory.list', {
      userId: idOf(OTHER_SELLER),
    });
    expect(outside.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const otherTeam = await env.call(SUPERVISOR, 'actionsHistory.list', {
      groupId: env.demo.south.id,
    });
    expect(otherTeam.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const options = await env.call(SUPERVISOR, 'actionsHistory.options');
    const people = options.data.users.map((each) => each.id);
    expect(people).toContain(idOf(SELLER));
    expect(people).not.toContain(idOf(OTHER_SELLER));
    expect(options.data.groups.map((each) => each.id)).toContain(env.demo.north.id);
    expect(options.data.groups.map((each) => each.id)).not.toContain(env.demo.south.id);
    const seller = await env.call(SELLER, 'actionsHistory.list', {});
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    // Another company's user is not one of ours.
    const foreign = await env.call(COMERCIAL, 'actionsHistory.list', {
      userId: idOf(OTHER_TENANT),
    });
    expect(foreign.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it('por equipo, por acción y por período', async () => {
    const south = await history(PROJECT_MANAGER, { groupId: env.demo.south.id, kind: 'note' });
    expect(south.entries.length).toBeGreaterThan(0);
    expect(south.entries.every((entry) => entry.user?.id !== idOf(SELLER))).toBe(true);
    expect(south.entries.some((entry) => entry.user?.id === idOf(OTHER_SELLER))).toBe(true);

    const transfers = await history(COMERCIAL, { kind: 'transfer' });
    expect(transfers.entries.every((entry) => entry.kind === 'transfer')).toBe(true);
    expect(transfers.entries.some((entry) => entry.detail === 'A Valentina Sur')).toBe(true);

    const future = await history(COMERCIAL, { from: new Date(Date.now() + 86_400_000) });
    expect(future.entries).toEqual([]);
    const past = await history(COMERCIAL, {
      userId: idOf(SELLER),
      to: new Date(Date.now() - 365 * 86_400_000),
    });
    expect(past.entries.some((entry) => entry.id === taggedId)).toBe(false);
    const today = await history(COMERCIAL, {
      userId: idOf(SELLER),
      from: new Date(Date.now() - 3_600_000),
    });
    expect(today.entries.some((entry) => entry.id === taggedId)).toBe(true);
  });

  it('página tras página, sin repetir ni saltear, de la más nueva a la más vieja', async () => {
    const start = Date.now() - 3_600_000;
    const rows = Array.from({ length: 130 }, (_, index) => ({
      id: newId(start + index * 1000),
      tenantId: env.demo.demo.id,
      contactId: otherContactId,
      type: 'reminder',
      agentId: idOf(OTHER_SELLER),
      content: { isPermanent: true },
      createdAt: new Date(start + index * 1000),
    }));
    await db().insert(interactions).values(rows);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await history(COMERCIAL, {
        userId: idOf(OTHER_SELLER),
        kind: 'reminder',
        cursor,
      });
      expect(page.entries.length).toBeLessThanOrEqual(50);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    const made = rows.map((row) => row.id).reverse();
    expect(seen.filter((id) => made.includes(id))).toEqual(made);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('el libro de Excel trae las mismas acciones', async () => {
    const response = await fetch(
      `${env.app.url}/api/actionsHistory/excel?userId=${idOf(SELLER)}&kind=transfer`,
      { headers: { authorization: `Bearer ${await env.tokenOf(COMERCIAL)}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('historial-de-acciones-');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha',
      'Usuario',
      'Acción',
      'Contacto o registro',
      'Detalle',
    ]);
    // Every transfer the list pages through, newest first, the one made here on top.
    let listed = 0;
    let cursor: string | null = null;
    do {
      const page: Page = await history(COMERCIAL, {
        userId: idOf(SELLER),
        kind: 'transfer',
        cursor,
      });
      listed += page.entries.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(sheet.rowCount - 1).toBe(listed);
    expect(Number(response.headers.get('x-total-count'))).toBe(listed);
    expect(sheet.getRow(2).getCell(3).value).toBe('Transferencia');
    expect(sheet.getRow(2).getCell(5).value).toBe('A Valentina Sur');
    expect(sheet.getRow(2).getCell(2).value).toBe(
      `${env.demo.users[SELLER]!.name} ${env.demo.users[SELLER]!.lastname}`,
    );
    const seller = await fetch(`${env.app.url}/api/actionsHistory/excel`, {
      headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
    });
    expect(seller.status).toBe(403);
  });

  it('apagado con disableHistoryActions', async () => {
    const on = await env.call(ADMIN, 'admin.setFlag', {
      groupId: env.demo.demo.id,
      flag: 'disableHistoryActions',
      value: 1,
    });
    expect(on.error).toBeUndefined();
    const refused = await env.call(COMERCIAL, 'actionsHistory.list', {});
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    await env.call(ADMIN, 'admin.setFlag', {
      groupId: env.demo.demo.id,
      flag: 'disableHistoryActions',
      value: 0,
    });
    await history(COMERCIAL);
  });

  it('los índices parciales nombran los mismos tipos que el historial', async () => {
    const result = await db().execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'interactions' and indexname like 'interactions_history%'`,
    );
    const indexes = (result as unknown as { rows: Array<{ indexdef: string }> }).rows;
    expect(indexes).toHaveLength(3);
    for (const { indexdef } of indexes) {
      const listed = [...indexdef.matchAll(/'([^']+)'::text/g)].map((match) => match[1]);
      expect([...listed].sort()).toEqual([...HISTORY_INTERACTION_TYPES].sort());
    }
  });
});
