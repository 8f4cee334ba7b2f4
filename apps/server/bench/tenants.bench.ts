/**
 * `npm run bench:tenants`: writes from 100 tenants at once (issue #37 item 3). 1,000 agents (10
 * sellers in each of 100 companies) write notes as fast as the database takes them, each its
 * own contact, through the timeline writer (`recordInteraction`, the same transaction as
 * `interaction.createNote`'s), in alternating blocks of two kinds:
 *   - with events: the event's pending row in the transaction and, after the commit, the
 *     sequencer's statement (with its NOTIFY: the 'postgres' transport, the one that costs the
 *     database most);
 *   - without events: the same transaction with no event at all.
 *
 * Target, checked here and nowhere else: commit throughput with events ≥ 0.7 × without (notes
 * committed a second, summed over each kind's blocks). Before issue #37 every event took its
 * tenant's lock and NOTIFY inside the write, so commits of all tenants queued on PostgreSQL's
 * notification lock.
 *
 * Environment:
 *   BENCH_DATABASE_URL  a server to use (database `cartera_bench_tenants`); without it a
 *                       throwaway cluster is started.
 *   BENCH_TENANTS (100), BENCH_SELLERS per tenant (10), BENCH_BLOCK_SECONDS (10),
 *   BENCH_BLOCKS per kind (3), BENCH_POOL connections (40).
 *   BENCH_KEEP=1        keep the database.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createContact, createTenant, createUser } from '@cartera/db/factories';
import type { Database } from '@cartera/db/client';
import { newId } from '@cartera/domain/ids';
import { sql, type SQL } from 'drizzle-orm';
import { countsAlongside, touchForInteraction } from '../src/modules/metrics/metrics.writer';
import { lastMessageAlongside, lastMessageOf } from '../src/modules/timeline/last-message';
import { insertInteractionOnce } from '../src/modules/timeline/timeline-writer.repository';
import { recordInteraction, type AnnouncedContact } from '../src/modules/timeline/timeline-writer';
import { sequencerOf } from '../src/realtime/event-sequencer';
import type { AuthUser } from '../src/modules/sessions/session.types';
import {
  backgroundLine,
  backgroundWork,
  machineLine,
  openBenchDatabase,
  out,
  verdict,
} from './bench-kit';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const SELLERS = Number(process.env.BENCH_SELLERS ?? 10);
const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 10);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 3);
const POOL = Number(process.env.BENCH_POOL ?? 40);
const TARGET_RATIO = 0.7;

interface Agent {
  user: { id: string; tenantId: string; name: string; lastname: string };
  contact: AnnouncedContact;
}

type Kind = 'with events' | 'without events';

async function createAgents(db: Database): Promise<Agent[]> {
  const agents: Agent[] = [];
  for (let t = 0; t < TENANTS; t += 1) {
    const tenant = await createTenant(db, { name: `Empresa ${t}` });
    for (let s = 0; s < SELLERS; s += 1) {
      const seller = await createUser(db, tenant, {
        email: `vendedor${s}@empresa${t}.test`,
        name: `Vendedor ${s}`,
        lastname: `Empresa ${t}`,
      });
      const contact = await createContact(db, tenant, {
        firstName: 'Cliente',
        lastName: `${t}-${s}`,
        agentId: seller.id,
      });
      agents.push({
        user: { id: seller.id, tenantId: tenant.id, name: seller.name, lastname: seller.lastname },
        contact: { id: contact.id, tenantId: tenant.id, agentId: seller.id },
      });
    }
  }
  return agents;
}

/** One note, as `interaction.createNote` writes it: with its event, or the item alone. */
async function writeNote(db: Database, agent: Agent, kind: Kind) {
  const item = {
    id: newId(),
    type: 'note',
    content: { body: 'Nota de carga: el cliente pide la cotización.', files: [] },
    // Who sees the contact: read before the transaction, as a note's caller does.
    audience: { userIds: [agent.user.id], roles: ['comercial' as const] },
  };
  if (kind === 'with events') {
    await db.transaction((tx) =>
      // The writer reads the author's id and name only.
      recordInteraction(tx, agent.user as unknown as AuthUser, agent.contact, item),
    );
    return;
  }
  // The same writes as recordInteraction's, the event left out: the item, the contact's touch,
  // and the rollups and preview as their own statement (they ride in the event's otherwise).
  await db.transaction(async (tx) => {
    const at = new Date();
    const actor = { ...agent.user };
    await insertInteractionOnce(tx, {
      id: item.id,
      tenantId: agent.contact.tenantId,
      contactId: agent.contact.id,
      type: item.type,
      content: item.content,
      agentId: actor.id,
      via: 'web',
      status: null,
      createdBySystem: false,
      suggestions: [],
      createdAt: at,
    });
    const counts = await touchForInteraction(
      tx,
      agent.contact.tenantId,
      agent.contact.id,
      {
        type: item.type,
        content: item.content,
        actorId: actor.id,
        createdBySystem: false,
        contactAgentId: agent.contact.agentId,
      },
      at,
    );
    const preview = lastMessageOf(
      { type: item.type, content: item.content, actorId: actor.id },
      at,
      `${actor.name} ${actor.lastname}`,
    );
    const parts = [
      countsAlongside(counts),
      lastMessageAlongside(agent.contact, preview, at),
    ].filter((part): part is SQL => part !== undefined);
    if (parts.length) await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
  });
}

/** Every agent writes notes one after the other for `seconds`; answers the notes committed. */
async function block(db: Database, agents: Agent[], kind: Kind, seconds: number) {
  const end = performance.now() + seconds * 1000;
  let committed = 0;
  let failed = 0;
  await Promise.all(
    agents.map(async (agent) => {
      while (performance.now() < end) {
        try {
          await writeNote(db, agent, kind);
          committed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  await sequencerOf(db).idle();
  return { committed, failed, ms: seconds * 1000 };
}

async function main() {
  out(`# bench:tenants — ${TENANTS} tenants × ${SELLERS} sellers writing notes at once`);
  out(machineLine());
  const database = await openBenchDatabase('cartera_bench_tenants', POOL);
  const { db } = database.handle;
  try {
    const started = performance.now();
    const agents = await createAgents(db);
    out(
      `${agents.length} agents, each its own contact, set up in ${((performance.now() - started) / 1000).toFixed(1)} s; pool of ${POOL} connections`,
    );
    // Warm-up: statements prepared, caches filled, both kinds.
    await block(db, agents, 'without events', 2);
    await block(db, agents, 'with events', 2);

    const totals: Record<Kind, { committed: number; failed: number; ms: number }> = {
      'with events': { committed: 0, failed: 0, ms: 0 },
      'without events': { committed: 0, failed: 0, ms: 0 },
    };
    const before = await backgroundWork(database.client);
    out();
    out('| block | kind | notes committed | notes/s | failed | load (1 min) |');
    out('| ----: | ---- | --------------: | ------: | -----: | -----------: |');
    for (let n = 0; n < BLOCKS * 2; n += 1) {
      const kind: Kind = n % 2 === 0 ? 'without events' : 'with events';
      const result = await block(db, agents, kind, BLOCK_SECONDS);
      totals[kind].committed += result.committed;
      totals[kind].failed += result.failed;
      totals[kind].ms += result.ms;
      out(
        `| ${n + 1} | ${kind} | ${result.committed} | ${((result.committed * 1000) / result.ms).toFixed(0)} | ${result.failed} | ${loadavg()[0]!.toFixed(1)} |`,
      );
    }
    out(backgroundLine(before, await backgroundWork(database.client)));
    const rate = (kind: Kind) => (totals[kind].committed * 1000) / totals[kind].ms;
    const events = await database.client.query<{ n: string; pending: string }>(
      `select (select count(*) from domain_events) as n, (select count(*) from pending_events) as pending`,
    );
    out(
      `events in the log: ${events.rows[0]!.n}, left pending: ${events.rows[0]!.pending}; ` +
        `failed writes: ${totals['with events'].failed + totals['without events'].failed}`,
    );
    const ratio = rate('with events') / rate('without events');
    const ok =
      ratio >= TARGET_RATIO &&
      totals['with events'].failed + totals['without events'].failed === 0 &&
      Number(events.rows[0]!.pending) === 0;
    out();
    out(
      `commit throughput with events ${rate('with events').toFixed(0)}/s against ` +
        `${rate('without events').toFixed(0)}/s without: ${ratio.toFixed(2)} ` +
        `(≥ ${TARGET_RATIO}, no failed write, nothing left pending) ${verdict(ok)}`,
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
