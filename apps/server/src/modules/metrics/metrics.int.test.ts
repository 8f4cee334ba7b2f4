import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contacts, metricContactDays, metricRollups } from '@cartera/db/schema';
import {
  rebuildRollups,
  recountRollups,
  recountUserRollups,
  storedRollups,
} from '@cartera/db/rollups';
import { newId } from '@cartera/domain/ids';
import { addDays, metricsDay } from '@cartera/domain/metrics';
import { useDemoApp } from '../../testing/demo-app';
import type { AuthUser } from '../sessions/session.types';
import { recordInteraction } from '../timeline/timeline-writer';
import { runJob } from '../../app-jobs';
import { pruneContactDaysJob } from './metrics.jobs';
import { recountUserFigures } from './metrics.service';

/*
 * The performance rollups (issue #16) are kept in the transaction of each event. Random events
 * written at once from several connections (users through the API, customers' and sellers'
 * messages through the timeline writer) leave rollups equal to a recount from the timelines.
 */
const env = useDemoApp({});

const SELLERS = ['vendedor@demo.test', 'vendedora@demo.test'] as const;
const REASONS = ['vendido', 'sin-interes', 'precio', 'competencia'];

function idOf(email: string) {
  return env.demo.users[email]!.id;
}

/** A message through a channel, written like the channels module does: contact locked first. */
async function chatMessage(contactId: string, from: 'contact' | string) {
  const db = env.database.handle.db;
  await db.transaction(async (tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.id, contactId)))
      .for('update');
    const author = from === 'contact' ? null : ({ id: from } as AuthUser);
    await recordInteraction(tx, author, contact!, {
      id: newId(),
      type: 'channelMessage',
      via: 'whatsapp',
      createdBySystem: false,
      content: { message: { text: 'Hola', type: 'text' }, origin: author ? 'agent' : 'contact' },
    });
  });
}

async function sellerContacts(email: string) {
  const rows = await env.database.handle.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.agentId, idOf(email))));
  return rows.map((row) => row.id);
}

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

describe('rollups de rendimiento', () => {
  it('equal a recount from the timelines after random events written at once', async () => {
    const tenantId = env.demo.demo.id;
    const before = await storedRollups(env.database.handle.db, tenantId);
    expect(before).toEqual(await recountRollups(env.database.handle.db, tenantId));

    const owned = Object.fromEntries(
      await Promise.all(SELLERS.map(async (email) => [email, await sellerContacts(email)])),
    ) as Record<(typeof SELLERS)[number], string[]>;
    const results: Array<number> = [];
    const event = async () => {
      const seller = pick(SELLERS);
      const contactId = pick(owned[seller]);
      switch (Math.floor(Math.random() * 6)) {
        case 0:
          results.push(
            (
              await env.call(seller, 'interaction.createNote', {
                contactId,
                id: newId(),
                body: 'Seguimiento',
              })
            ).status,
          );
          break;
        case 1:
          results.push(
            (
              await env.call(seller, 'interaction.archive', {
                contactId,
                id: newId(),
                reason: pick(REASONS),
              })
            ).status,
          );
          break;
        case 2: {
          const created = await env.call(seller, 'contact.create', {
            firstName: 'Nuevo',
            lastName: `Contacto ${Math.random().toString(36).slice(2, 8)}`,
            phones: [],
            emails: [],
            origin: null,
          });
          results.push(created.status);
          break;
        }
        case 3:
          await chatMessage(contactId, 'contact');
          break;
        case 4:
          await chatMessage(contactId, idOf(seller));
          break;
        case 5: {
          // The comercial hands a contact to the other seller (and it stays theirs from now on
          // in the recount, whatever the random picks above still think).
          const other = SELLERS.find((email) => email !== seller)!;
          results.push(
            (
              await env.call('comercial@demo.test', 'contact.transfer', {
                contactId,
                agentId: idOf(other),
                note: '',
              })
            ).status,
          );
          break;
        }
      }
    };
    // Six workers, each on its own connection of the pool, 20 events each.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let index = 0; index < 20; index += 1) await event();
      }),
    );
    expect(results.filter((status) => status === 200).length).toBeGreaterThan(10);

    const stored = await storedRollups(env.database.handle.db, tenantId);
    const recount = await recountRollups(env.database.handle.db, tenantId);
    for (const [key, value] of recount) if (value === 0) recount.delete(key);
    expect(stored).toEqual(recount);
    // Something was counted today for the sellers.
    const today = metricsDay(new Date());
    expect([...stored.keys()].some((key) => key.includes(`|${today}|tracing|`))).toBe(true);

    // The catch-up (which replays the timelines a batch of contacts at a time) rebuilds exactly
    // what the live writer kept: rollups, follow-up days and the customers still waiting.
    const db = env.database.handle.db;
    const kept = async () => ({
      rollups: await storedRollups(db, tenantId),
      days: (
        await db.select().from(metricContactDays).where(eq(metricContactDays.tenantId, tenantId))
      )
        .map((row) => `${row.userId}|${row.day}|${row.contactId}`)
        .sort(),
      waiting: (
        await db
          .select({ id: contacts.id, since: contacts.awaitingReplySince })
          .from(contacts)
          .where(eq(contacts.tenantId, tenantId))
      )
        .filter((row) => row.since !== null)
        .map((row) => `${row.id}|${row.since!.toISOString()}`)
        .sort(),
    });
    const live = await kept();
    expect(live.waiting.length).toBeGreaterThan(0);
    await rebuildRollups(db, tenantId);
    expect(await kept()).toEqual(live);
  });

  // Two connections at once: the embedded database has one.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "a seller's recount beside a write still being committed keeps that write's count",
    async () => {
      const db = env.database.handle.db;
      const tenantId = env.demo.demo.id;
      const seller = 'vendedor@demo.test';
      const [contactId] = await sellerContacts(seller);
      const recountOf = async () => {
        const { counts } = await recountUserRollups(db, tenantId, idOf(seller));
        for (const [key, value] of counts) if (value === 0) counts.delete(key);
        return counts;
      };
      const storedOf = async () =>
        new Map(
          [...(await storedRollups(db, tenantId))].filter(([key]) =>
            key.startsWith(`${idOf(seller)}|`),
          ),
        );
      // The seller answers the customer; the transaction is held open after its counts.
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let counted!: () => void;
      const written = new Promise<void>((resolve) => (counted = resolve));
      const writer = db.transaction(async (tx) => {
        const [contact] = await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId!)))
          .for('update');
        await recordInteraction(tx, { id: idOf(seller) } as AuthUser, contact!, {
          id: newId(),
          type: 'channelMessage',
          via: 'whatsapp',
          createdBySystem: false,
          content: { message: { text: 'Le escribo', type: 'text' }, origin: 'agent' },
        });
        counted();
        await held;
      });
      await written;
      // The administration recounts the seller meanwhile: it waits for the write to commit.
      const recount = db.transaction((tx) => recountUserFigures(tx, tenantId, idOf(seller)));
      await expect
        .poll(async () => {
          const result = await db.execute(
            sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return Number((result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting);
        })
        .toBeGreaterThan(0);
      commit();
      await writer;
      await recount;
      expect(await storedOf()).toEqual(await recountOf());
    },
  );

  it("counts a seller's first answer to a waiting customer with its time, once", async () => {
    const seller = 'vendedora@demo.test';
    const [contactId] = await sellerContacts(seller);
    const db = env.database.handle.db;
    const responses = async () => {
      const rows = await db
        .select({ value: metricRollups.value })
        .from(metricRollups)
        .where(
          and(
            eq(metricRollups.userId, idOf(seller)),
            eq(metricRollups.metric, 'responses'),
            eq(metricRollups.day, metricsDay(new Date())),
          ),
        );
      return rows[0]?.value ?? 0;
    };
    const start = await responses();
    await chatMessage(contactId!, 'contact');
    await chatMessage(contactId!, 'contact');
    const [waiting] = await db.select().from(contacts).where(eq(contacts.id, contactId!));
    expect(waiting!.awaitingReplySince).not.toBeNull();
    await chatMessage(contactId!, idOf(seller));
    await chatMessage(contactId!, idOf(seller));
    expect(await responses()).toBe(start + 1);
    const [answered] = await db.select().from(contacts).where(eq(contacts.id, contactId!));
    expect(answered!.awaitingReplySince).toBeNull();
  });

  it("keeps only the last two days' follow-ups, and still counts a contact once today", async () => {
    const db = env.database.handle.db;
    const today = metricsDay(new Date());
    const seller = idOf('vendedor@demo.test');
    const [contactId] = await sellerContacts('vendedor@demo.test');
    // Five days ago (the demo's own follow-ups may already hold that day for this contact).
    await db
      .insert(metricContactDays)
      .values({
        tenantId: env.demo.demo.id,
        userId: seller,
        day: addDays(today, -5),
        contactId: contactId!,
      })
      .onConflictDoNothing();
    await env.call('vendedor@demo.test', 'interaction.createNote', {
      contactId: contactId!,
      id: newId(),
      body: 'Hoy',
    });
    const logger = { info: () => undefined };
    await runJob(pruneContactDaysJob, { keepDays: 2 }, { db, logger } as never);
    const days = await db
      .select({ day: metricContactDays.day })
      .from(metricContactDays)
      .where(eq(metricContactDays.userId, seller));
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((row) => row.day >= addDays(today, -1))).toBe(true);
  });
});
