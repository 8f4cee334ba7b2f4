import { describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import type { typedCall } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

describe('inboxes (issue #6 §10)', () => {
  it("'Conversaciones' lists the seller's contacts by last interaction, unattended ones marked", async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const now = Date.now();
    const recent = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Recién',
      agentId: seller.id,
      lastInteractionAt: new Date(now + 60_000),
    });
    const stale = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Olvidado',
      agentId: seller.id,
      lastInteractionAt: new Date(now - 2 * 86_400_000 + 120_000),
    });
    const seen = new Map<string, boolean>();
    const order: string[] = [];
    let cursor: { at: Date; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<typeof typedCall<'inbox.conversations'>>> = await env.call(
        'vendedor@demo.test',
        'inbox.conversations',
        { cursor },
      );
      expect(page.status).toBe(200);
      for (const item of page.data.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.set(item.id, item.unattended);
        order.push(item.id);
      }
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(order[0]).toBe(recent.id);
    expect(seen.get(recent.id)).toBe(false);
    expect(seen.get(stale.id)).toBe(true);
  });

  it('a supervisor opens a seller of their team, not of another team; a seller only their own', async () => {
    const northSeller = env.demo.users['vendedor@demo.test']!.id;
    const southSeller = env.demo.users['vendedora@demo.test']!.id;
    expect(
      (await env.call('supervisor@demo.test', 'inbox.conversations', { agentId: northSeller }))
        .status,
    ).toBe(200);
    const other = await env.call('supervisor@demo.test', 'inbox.conversations', {
      agentId: southSeller,
    });
    expect(other.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const seller = await env.call('vendedor@demo.test', 'inbox.conversations', {
      agentId: southSeller,
    });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect(
      (await env.call('comercial@demo.test', 'inbox.conversations', { agentId: southSeller }))
        .status,
    ).toBe(200);
  });

  it("'Inbox' lists unassigned contacts with their count", async () => {
    const orphan = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Libre',
      lastInteractionAt: new Date(Date.now() + 120_000),
    });
    const count = await env.call('vendedor@demo.test', 'inbox.unassignedCount');
    expect(count.data).toBeGreaterThan(0);
    const page = await env.call('vendedor@demo.test', 'inbox.unassigned', {});
    expect(page.data.items[0]!.id).toBe(orphan.id);
    // Otra Empresa has no inbox feature: the screen is refused, and nothing of Demo leaks.
    const stranger = await env.call('vendedor@otra.test', 'inbox.unassigned', {});
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it("'Siguiente contacto' answers the contact after this one in the inbox's order", async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const at = Date.now() + 10 * 60_000;
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((index) =>
        createContact(env.database.handle.db, env.demo.demo, {
          firstName: `Siguiente ${index}`,
          agentId: seller.id,
          lastInteractionAt: new Date(at - index * 60_000),
        }),
      ),
    );
    const next = async (contactId: string, extra: Record<string, unknown> = {}) =>
      (await env.call('vendedor@demo.test', 'inbox.next', { contactId, ...extra })).data;
    expect(await next(first!.id)).toEqual({ id: second!.id });
    expect(await next(second!.id, { inbox: 'conversations' })).toEqual({ id: third!.id });
    // The supervisor walks the seller's inbox the same way.
    const supervisor = await env.call('supervisor@demo.test', 'inbox.next', {
      contactId: first!.id,
      agentId: seller.id,
    });
    expect(supervisor.data).toEqual({ id: second!.id });

    // At the end of the inbox there is none.
    const page = await env.call('vendedor@demo.test', 'inbox.conversations', {});
    let cursor = page.data.nextCursor;
    let last = page.data.items.at(-1)!.id;
    while (cursor) {
      const more = await env.call('vendedor@demo.test', 'inbox.conversations', { cursor });
      last = more.data.items.at(-1)!.id;
      cursor = more.data.nextCursor;
    }
    expect(await next(last)).toEqual({ id: null });

    const denied = await env.call('vendedor@demo.test', 'inbox.next', {
      contactId: first!.id,
      agentId: env.demo.users['vendedora@demo.test']!.id,
    });
    expect(denied.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it("'Siguiente contacto' from 'Inbox' walks the unassigned contacts, where the inbox is on", async () => {
    const at = Date.now() + 20 * 60_000;
    const [newer, older] = await Promise.all(
      [0, 1].map((index) =>
        createContact(env.database.handle.db, env.demo.demo, {
          firstName: `Libre ${index}`,
          lastInteractionAt: new Date(at - index * 60_000),
        }),
      ),
    );
    const next = await env.call('vendedor@demo.test', 'inbox.next', {
      inbox: 'unassigned',
      contactId: newer!.id,
    });
    expect(next.data).toEqual({ id: older!.id });
    const stranger = await env.call('vendedor@otra.test', 'inbox.next', {
      inbox: 'unassigned',
      contactId: newer!.id,
    });
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});
