import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createContact, createUser } from '@cartera/db/factories';
import { interactions, type Contact } from '@cartera/db/schema';
import type { typedCall } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';

/*
 * A supervisor's 'Todas' is the merge of each of their sellers' inboxes (bench:inbox, issue #33
 * item 8). The comercial's 'Todas' walks the company in one list order (the shape the merge
 * replaced for supervisors): limited to the supervisor's teams it is the expected answer, row for
 * row and in the same order, page after page.
 */

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const SUPERVISOR = 'supervisor@demo.test';
const COMERCIAL = 'comercial@demo.test';
const CHANNEL_ID = '00000000-0000-7000-8000-00000000cb02';
const DAY = 86_400_000;

/** Every id of an inbox view, walking its pages (30 a page). */
async function viewIds(email: string, view: Record<string, unknown>) {
  const ids: string[] = [];
  let cursor: { at: Date; id: string } | null = null;
  do {
    const page: Awaited<ReturnType<typeof typedCall<'inbox.conversations'>>> = await env.call(
      email,
      'inbox.conversations',
      { inbox: 'all', ...view, cursor },
    );
    expect(page.status, JSON.stringify(page.error)).toBe(200);
    ids.push(...page.data.items.map((item) => item.id));
    cursor = page.data.nextCursor;
  } while (cursor);
  return ids;
}

describe("'Todas' del supervisor une las carteras de sus vendedores (issue #33 item 8)", () => {
  const ours: Contact[] = [];
  const theirs: Contact[] = [];

  beforeAll(async () => {
    const { db } = env.database.handle;
    const seller = env.demo.users['vendedor@demo.test']!.id;
    const teammate = await createUser(db, env.demo.north, {
      email: 'companera.union@demo.test',
      name: 'Compañera',
    });
    const otherTeam = env.demo.users['vendedora@demo.test']!.id;
    // 70 conversations of the team (more than two pages), alternating sellers, every third pair
    // at the same instant (the id decides), far ahead of the demo's so they lead the list; and
    // 20 of another team's seller among them.
    const base = Date.now() + 30 * DAY;
    for (let index = 0; index < 70; index += 1) {
      const at = new Date(base - Math.floor(index / 2) * (index % 6 < 2 ? 0 : 60_000) - index);
      ours.push(
        await createContact(db, env.demo.demo, {
          firstName: 'Unión',
          lastName: `Equipo ${index}`,
          agentId: index % 2 ? seller : teammate.id,
          lastInteractionAt: index % 6 < 2 ? new Date(base - index * 1000) : at,
          awaitingReplySince:
            index % 3 ? new Date(Date.now() - 400 * DAY + (index % 5) * 60_000) : null,
        }),
      );
    }
    for (let index = 0; index < 20; index += 1) {
      theirs.push(
        await createContact(db, env.demo.demo, {
          firstName: 'Unión',
          lastName: `Ajeno ${index}`,
          agentId: otherTeam,
          lastInteractionAt: new Date(base - index * 90_000),
          awaitingReplySince: new Date(Date.now() - 400 * DAY + index * 30_000),
        }),
      );
    }
    // Messages on one channel, for some of each seller's conversations and of the other team's.
    await db.insert(interactions).values(
      [...ours.filter((_, index) => index % 4 !== 1), ...theirs.slice(0, 10)].map((contact) => ({
        tenantId: env.demo.demo.id,
        contactId: contact.id,
        type: 'channelMessage',
        content: {
          message: { text: 'Consulto por el combo Girasol Unión', type: 'text' },
          channelId: CHANNEL_ID,
          origin: 'customer',
        },
      })),
    );
  });

  /**
   * The comercial's answer to the same view, limited to the contacts of the supervisor's reach:
   * held by a user of their group's subtree or by an owner of a portfolio shared with them.
   */
  async function expected(view: Record<string, unknown>) {
    const supervisor = env.demo.users[SUPERVISOR]!;
    const reached = await env.database.handle.db.execute(sql`
      select c.id from contacts c where c.tenant_id = ${supervisor.tenantId} and c.agent_id in (
        select u.id from users u join groups g on g.tenant_id = u.tenant_id and g.id = u.group_id
        where u.tenant_id = ${supervisor.tenantId}
          and (g.id = ${supervisor.groupId} or ${supervisor.groupId}::uuid = any(g.ancestors))
        union select s.owner_id from shared_inboxes s
        where s.tenant_id = ${supervisor.tenantId} and ${supervisor.id}::uuid = any(s.member_ids))`);
    const { rows } = reached as unknown as { rows: Array<{ id: string }> };
    const reach = new Set(rows.map((row) => row.id));
    const company = await viewIds(COMERCIAL, view);
    expect(company.some((id) => !reach.has(id))).toBe(true);
    return company.filter((id) => reach.has(id));
  }

  it('la página 2 y las siguientes traen las mismas conversaciones, en el mismo orden', async () => {
    const supervisor = await viewIds(SUPERVISOR, {});
    const team = new Set(ours.map((contact) => contact.id));
    expect(supervisor.slice(0, 70).every((id) => team.has(id))).toBe(true);
    expect(supervisor).toEqual(await expected({}));
  });

  it('el filtro por canal entre dos vendedores trae las mismas filas en el mismo orden', async () => {
    const supervisor = await viewIds(SUPERVISOR, { channelId: CHANNEL_ID });
    expect(supervisor).toHaveLength(ours.filter((_, index) => index % 4 !== 1).length);
    expect(supervisor).toEqual(await expected({ channelId: CHANNEL_ID }));
  });

  it("'Esperando', la búsqueda por mensaje y por nombre, y 'Archivadas' coinciden también", async () => {
    const waiting = await viewIds(SUPERVISOR, { order: 'waiting' });
    expect(waiting.length).toBeGreaterThan(40);
    expect(waiting).toEqual(await expected({ order: 'waiting' }));
    const byMessage = await viewIds(SUPERVISOR, { search: 'girasol' });
    expect(byMessage).toHaveLength(ours.filter((_, index) => index % 4 !== 1).length);
    expect(byMessage).toEqual(await expected({ search: 'girasol' }));
    expect(await viewIds(SUPERVISOR, { search: 'unión', order: 'waiting' })).toEqual(
      await expected({ search: 'unión', order: 'waiting' }),
    );
    expect(await viewIds(SUPERVISOR, { tab: 'archived' })).toEqual(
      await expected({ tab: 'archived' }),
    );
  });

  it('una palabra frecuente en los mensajes recorre cada cartera y trae las mismas filas', async () => {
    // 3,000 more notes with the word, on the same conversations: PostgreSQL's statistics then
    // count it as frequent (the walk of each seller's conversations, not the matches' list).
    const { db } = env.database.handle;
    const withWord = ours.filter((_, index) => index % 4 !== 1);
    await db.insert(interactions).values(
      Array.from({ length: 3000 }, (_, index) => ({
        tenantId: env.demo.demo.id,
        contactId: withWord[index % withWord.length]!.id,
        type: 'note',
        content: { body: 'Pidió el combo Girasol otra vez' },
      })),
    );
    await db.execute(sql`analyze interactions`);
    const supervisor = await viewIds(SUPERVISOR, { search: 'girasol' });
    expect(supervisor).toHaveLength(withWord.length);
    expect(supervisor).toEqual(await expected({ search: 'girasol' }));
    expect(await viewIds(SUPERVISOR, { search: 'girasol', order: 'waiting' })).toEqual(
      await expected({ search: 'girasol', order: 'waiting' }),
    );
  });

  it('ninguna vista del supervisor trae conversaciones de otro equipo', async () => {
    const foreign = new Set(theirs.map((contact) => contact.id));
    for (const view of [
      {},
      { channelId: CHANNEL_ID },
      { order: 'waiting' },
      { search: 'girasol' },
      { search: 'unión ajeno' },
    ]) {
      const ids = await viewIds(SUPERVISOR, view);
      expect(
        ids.filter((id) => foreign.has(id)),
        JSON.stringify(view),
      ).toEqual([]);
    }
  });
});
